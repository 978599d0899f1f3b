"""Handicaps' arithmetic (rules.tournament.handicap): no database."""

import pytest

from rules.tournament.handicap import expected_turn
from rules.tournament.handicap import handicap_options
from rules.tournament.handicap import suggest


def test_the_mean_turn_comes_from_the_chances_by_turn():
    # Always won on turn 2 (chances by turns 0..4: 0, 0, 1, 1, 1).
    assert expected_turn([0, 0, 1, 1, 1]) == 2
    assert expected_turn([0, 0.5, 1]) == 1.5
    assert expected_turn([0, 0, 0]) is None


@pytest.mark.parametrize(
    ("game", "a", "b", "want"),
    [
        ("chapter-and-verse", 10, 14, (None, 5)),  # 7 * 10 / 14 = 5
        ("chapter-and-verse", 20, 10, (4, None)),  # 3.5 rounds to 4
        ("chapter-and-verse", 10, 100, (None, 1)),  # never fewer than one blessing
        ("chapter-and-verse", 10, 10.5, (None, None)),  # 6.67 rounds to 7: even already
        ("bible-battles", 12, 18, (None, 20)),
    ],
)
def test_it_gives_the_slower_deck_the_smaller_number(game, a, b, want):
    assert suggest(game, a, b) == want


def test_the_options_carry_each_seats_number_to_the_engine():
    assert handicap_options("chapter-and-verse", [5, None]) == {"seat_blessings": [5, None]}
    assert handicap_options("bible-battles", [None, 20]) == {"seat_wisdom": [None, 20]}
    assert handicap_options("bible-battles", [None, None]) == {}
    assert handicap_options("battle-cards", [3, None]) == {}
