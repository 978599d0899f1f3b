"""The best-squad simulation of Battle Cards: legal squads only, seeded, split-independent."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.checkers import IllegalInput
from rules.games.battle_cards.simulate import SQUAD
from rules.games.battle_cards.simulate import SQUAD_VALUE
from rules.games.battle_cards.simulate import SquadPlan
from rules.games.battle_cards.simulate import combine
from rules.games.battle_cards.simulate import plan_squads
from rules.games.battle_cards.simulate import random_squad
from rules.games.battle_cards.simulate import run_chunk
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("battle-cards")
CARDS = tuple(POOL.by_key(k)[0] for k in POOL.title_keys)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_random_squad_is_a_legal_battle_mode_squad(seed):
    squad = random_squad(random.Random(seed), CARDS)
    assert len(set(squad)) == SQUAD
    assert sum(CARDS[i].value for i in squad) <= SQUAD_VALUE


def test_the_same_seed_gives_the_same_best_squad():
    def run() -> dict:
        plan = SquadPlan.from_dict(plan_squads(POOL, {"candidates": 12, "battles": 10, "seed": 4}, seed=0).to_dict())
        return combine(plan, [run_chunk(plan, i) for i in range(plan.n_chunks)])

    one = run()
    assert one == run()
    assert len(one["best"]) == 5 and one["best"][0]["value"] <= SQUAD_VALUE
    assert one["summary"].startswith("Best of 12 squads:")


@pytest.mark.parametrize(("request_", "field"), [({"candidates": 5}, "candidates"), ({"battles": "x"}, "battles")])
def test_it_refuses_counts_out_of_bounds(request_, field):
    with pytest.raises(IllegalInput) as exc:
        plan_squads(POOL, request_, seed=0)
    assert exc.value.field == field
