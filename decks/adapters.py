"""The one place where decks rows become rules objects."""

from typing import cast

from decks.models import Match
from decks.models import TournamentFormat
from decks.models import TournamentFormatVersion
from rules import formats
from rules.tournament import MatchRecord


def _titles(value: object) -> tuple[str, ...]:
    # The JSON column is checked on the way in; a hand-edited row still must not crash validation.
    return tuple(t for t in value if isinstance(t, str)) if isinstance(value, list) else ()


def tournament_format(
    row: TournamentFormat, version: TournamentFormatVersion | None = None
) -> formats.TournamentFormat:
    """A stored format as the engine's TournamentFormat: its latest rules, or those of `version` (one of its own).

    The slug, name and game are the format's; the rules are the row's own fields
    (always its latest version) or the version's. Prefetch `legal_sets` of
    whichever gives the rules, and select `game`.
    """
    rules = version if version is not None else row
    legal = frozenset(s.code for s in rules.legal_sets.all())
    return formats.TournamentFormat(
        slug=row.slug,
        name=row.name,
        game=row.game.slug,
        base_format=rules.base_format,
        # No set chosen means every set is legal.
        legal_sets=legal or None,
        banned_titles=_titles(rules.banned_titles),
        restricted_titles=_titles(rules.restricted_titles),
        min_size=rules.min_size,
        max_size=rules.max_size,
    )


def match_record(match: Match) -> MatchRecord:
    """A match with its result as the engine's MatchRecord (players by username; select their users)."""
    b = match.player_b.user.get_username() if match.player_b is not None else None
    # A finished match (the callers read complete rounds): its wins are set.
    wins = (cast(int, match.wins_a), cast(int, match.wins_b))
    return MatchRecord(players=(match.player_a.user.get_username(), b), wins=wins, draws=match.draws or 0)
