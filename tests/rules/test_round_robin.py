"""Round robin: everyone meets everyone exactly once, each plays at most once a round, an odd group rests once each,
and a dropped player's opponent gets the bye while the others' schedule stays."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tournament.round_robin import round_robin_rounds
from rules.tournament.round_robin import round_robin_tables


@given(st.integers(min_value=2, max_value=24))
def test_everyone_meets_everyone_once(n):
    names = [f"p{i}" for i in range(n)]
    met = []
    byes = []
    for r in range(1, round_robin_rounds(n) + 1):
        tables = round_robin_tables(names, r)
        seated = [p for t in tables for p in t if p is not None]
        assert len(seated) == len(set(seated)) == n  # everyone plays (or rests) once a round
        met += [frozenset(t) for t in tables if t[1] is not None]
        byes += [t[0] for t in tables if t[1] is None]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(names, 2)), key=sorted)
    assert sorted(byes) == (sorted(names) if n % 2 else [])


def test_a_dropped_players_opponent_gets_the_bye_and_the_rest_stay():
    names = ["ann", "bob", "cat", "dan"]
    before = round_robin_tables(names, 2)
    after = round_robin_tables(names, 2, dropped={"bob"})
    partner = next(a if b == "bob" else b for a, b in before if "bob" in (a, b))
    assert (partner, None) in after
    assert [t for t in before if "bob" not in t] == [t for t in after if t[1] is not None]


def test_rounds_past_the_last_are_refused():
    assert round_robin_rounds(5) == 5 and round_robin_rounds(6) == 5 and round_robin_rounds(1) == 0
    with pytest.raises(ValueError):
        round_robin_tables(["a", "b", "c"], 4)
