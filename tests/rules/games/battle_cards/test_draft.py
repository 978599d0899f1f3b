"""The draft's check that every squad can still be completed within its Value (battle-cards.txt, Drafting Phase:
"The total value of the squad must not exceed 30 'Value' points"), against a brute-force search."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.games.battle_cards.draft import squads_fit


def brute(values: Sequence[int], needs: Sequence[tuple[int, int]]) -> bool:
    if not needs:
        return True
    (need, budget), rest = needs[0], needs[1:]
    indices = range(len(values))
    for taken in itertools.combinations(indices, need):
        if sum(values[i] for i in taken) <= budget:
            left = [values[i] for i in indices if i not in taken]
            if brute(left, rest):
                return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.integers(0, 10), min_size=0, max_size=9),
    needs=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 20)), min_size=1, max_size=3),
)
def test_squads_fit_agrees_with_a_brute_force_search(values: list[int], needs: list[tuple[int, int]]) -> None:
    assert squads_fit(values, needs) == brute(values, [n for n in needs if n[0] > 0])


def test_four_squads_of_six_fit_in_the_box() -> None:
    box = [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 10, 10, 10]
    assert squads_fit(box, [(6, 30)] * 4)
    assert not squads_fit([10, 10, 10, 1, 1, 1], [(6, 30)])
