"""The one place where decks rows become rules objects."""

from decks.models import TournamentFormat
from rules import formats


def _titles(value: object) -> tuple[str, ...]:
    # The JSON column is checked on the way in; a hand-edited row still must not crash validation.
    return tuple(t for t in value if isinstance(t, str)) if isinstance(value, list) else ()


def tournament_format(row: TournamentFormat) -> formats.TournamentFormat:
    """A stored format as the engine's TournamentFormat (prefetch `legal_sets` and select `game`)."""
    legal = frozenset(s.code for s in row.legal_sets.all())
    return formats.TournamentFormat(
        slug=row.slug,
        name=row.name,
        game=row.game.slug,
        base_format=row.base_format,
        # No set chosen means every set is legal.
        legal_sets=legal or None,
        banned_titles=_titles(row.banned_titles),
        restricted_titles=_titles(row.restricted_titles),
        min_size=row.min_size,
        max_size=row.max_size,
    )
