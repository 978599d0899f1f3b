"""Running a tournament (docs/contracts/tournaments.md): results, standings and tie-breakers,
Swiss pairing, the top-cut bracket. Pure Python (networkx for the matching); no I/O."""

from rules.tournament.bracket import bracket_first_round
from rules.tournament.bracket import bracket_next_round
from rules.tournament.scoring import MatchRecord
from rules.tournament.scoring import Standing
from rules.tournament.scoring import check_result
from rules.tournament.scoring import default_rounds
from rules.tournament.scoring import standings
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
