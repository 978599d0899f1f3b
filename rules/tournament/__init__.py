"""Running a tournament (shared/spec/tournaments.md): results, standings and tie-breakers,
Swiss pairing, the top-cut bracket. Pure Python (networkx for the matching); no I/O."""

from rules.tournament.bracket import bracket_first_round, bracket_next_round
from rules.tournament.scoring import (
    MatchRecord,
    Standing,
    check_result,
    default_rounds,
    standings,
)
from rules.tournament.swiss import pair_swiss

__all__ = [
    "MatchRecord",
    "Standing",
    "bracket_first_round",
    "bracket_next_round",
    "check_result",
    "default_rounds",
    "pair_swiss",
    "standings",
]
