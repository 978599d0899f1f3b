"""The battalion simulation: seeded, split-independent, and its bounds."""

from __future__ import annotations

import pytest

from rules.checkers import IllegalInput
from rules.games.book_of_mormon_battles.battle import greedy_play
from rules.games.book_of_mormon_battles.simulate import BattalionPlan
from rules.games.book_of_mormon_battles.simulate import combine
from rules.games.book_of_mormon_battles.simulate import plan_battalion
from rules.games.book_of_mormon_battles.simulate import run_chunk
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("book-of-mormon-battles")


def refs(*titles: str) -> list[dict[str, str]]:
    return [{"title": t} for t in titles]


def run(plan: BattalionPlan) -> dict:
    plan = BattalionPlan.from_dict(plan.to_dict())  # as a worker sees it
    return combine(plan, [run_chunk(plan, i) for i in range(plan.n_chunks)])


def test_the_same_seed_gives_the_same_numbers():
    request = {"battalion": refs("Shiblon", "Faith", "Lehi"), "opponents": 2, "trials": 3000, "seed": 11}
    one, two = run(plan_battalion(POOL, request, seed=0)), run(plan_battalion(POOL, request, seed=0))
    assert one == two
    assert one["wins"] + one["ties"] + one["losses"] == 3000
    assert one["play"] == ["Shiblon", "Faith"] and one["value"] == 5000


def test_a_stronger_battalion_wins_more_often():
    weak = run(plan_battalion(POOL, {"battalion": refs("Abish"), "trials": 2000, "seed": 3}, seed=0))
    strong = run(plan_battalion(POOL, {"battalion": refs("Captain Moroni"), "trials": 2000, "seed": 3}, seed=0))
    assert weak["win"] < 0.1 < 0.8 < strong["win"]


def test_the_greedy_player_makes_the_play_of_highest_value():
    battalion = [POOL.by_title(t)[0] for t in ("Abish", "Pahoran", "Teancum", "Battle", "Famine")]
    assert greedy_play("You", battalion).value == 4800


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"battalion": refs("Faith")}, "battalion"),
        ({"battalion": refs("Famine", "Famine", "Abish")}, "battalion[1]"),
        ({"battalion": refs("Abish"), "opponents": 9}, "opponents"),
        ({"battalion": refs("Abish"), "trials": 10**9}, "trials"),
        ({"battalion": refs("Abish"), "trials": True}, "trials"),
    ],
)
def test_it_refuses_a_request_out_of_bounds(request_, field):
    with pytest.raises(IllegalInput) as exc:
        plan_battalion(POOL, request_, seed=0)
    assert exc.value.field == field
