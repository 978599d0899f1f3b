"""A penalty as the standings count it (rules.tournament.scoring.penalised): no database."""

import pytest

from rules.tournament.scoring import MatchRecord
from rules.tournament.scoring import penalised


def rec(a: int, b: int, draws: int = 0) -> MatchRecord:
    return MatchRecord(players=("ann", "ben"), wins=(a, b), draws=draws)


@pytest.mark.parametrize(
    ("before", "side", "kind", "games", "after"),
    [
        (rec(1, 0), 0, "warning", 1, rec(1, 0)),
        (rec(1, 0), 0, "game-loss", 1, rec(0, 1)),  # best of one: a game loss is the match
        (rec(2, 1), 0, "game-loss", 3, rec(1, 2)),
        (rec(1, 1, 1), 1, "game-loss", 3, rec(2, 0, 1)),
        (rec(0, 0, 1), 0, "game-loss", 1, rec(0, 1, 0)),  # a drawn game goes to the opponent
        (rec(0, 2), 0, "game-loss", 3, rec(0, 2)),  # the opponent already won: nothing more to give
        (rec(2, 0), 0, "match-loss", 3, rec(0, 2)),
        (rec(1, 1, 1), 1, "match-loss", 3, rec(2, 0)),
        (rec(0, 1), 0, "match-loss", 1, rec(0, 1)),  # already lost
    ],
)
def test_it_gives_the_opponent_the_games_a_penalty_takes(before, side, kind, games, after):
    assert penalised(before, side, kind, games) == after


def test_a_bye_is_never_changed():
    bye = MatchRecord(players=("ann", None), wins=(1, 0))
    assert penalised(bye, 0, "match-loss", 1) == bye
