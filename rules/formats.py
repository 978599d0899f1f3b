"""Deck formats: each game's base formats (docs/contracts/validation.md) and organisers' tournament formats.

A `Format` is data: the parameters of the construction rules (rules/construction.py
and each game's package: minimum size, copy limit, ...). A parameter left at None
or False switches its rule off. A `TournamentFormat` is what an organiser
defines on top of a base format; `TournamentFormat.rules()` folds the two into
one `Format`, so validation has a single path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import replace

from rules.games import GAMES_BY_SLUG
from rules.text import title_key


class UnknownFormat(KeyError):
    """No such game, or no such format for the game; `field` is "game" or "format"."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Format:
    slug: str
    name: str
    game: str
    minimum: int | None = None
    maximum: int | None = None
    copy_limit: int | None = None
    # Card types the copy limit does not apply to (Bible Battles followers).
    copy_limit_exempt_types: frozenset[str] = frozenset()
    unique_limit: bool = False
    no_advanced: bool = False
    suggested_size: int | None = None
    squad_size: int | None = None
    squad_value: int | None = None
    complete: bool = False
    # With `complete`: only cards of these kinds make up the box (None: every card).
    complete_kinds: frozenset[str] | None = None
    # Added by tournament formats.
    legal_sets: frozenset[str] | None = None
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()


BASE_FORMATS: dict[str, tuple[Format, ...]] = {
    # The first format of a game is its default.
    "chapter-and-verse": (
        Format("advanced", "Advanced", "chapter-and-verse", minimum=40, copy_limit=3, unique_limit=True),
        # No copy limit in basic: see docs/rulings.md.
        Format("basic", "Basic", "chapter-and-verse", minimum=40, no_advanced=True),
    ),
    "bible-battles": (
        Format(
            "standard",
            "Standard",
            "bible-battles",
            copy_limit=3,
            copy_limit_exempt_types=frozenset({"follower"}),
            unique_limit=True,
            suggested_size=60,
        ),
    ),
    "battle-cards": (Format("battle-mode", "Battle Mode", "battle-cards", squad_size=6, squad_value=30),),
    "book-of-mormon-battles": (
        Format("complete", "Complete game", "book-of-mormon-battles", complete=True),
        # The rules for young players take the power cards out: the 56 character cards are the whole game.
        Format(
            "young-players",
            "Young players",
            "book-of-mormon-battles",
            complete=True,
            complete_kinds=frozenset({"character"}),
        ),
    ),
    "warriors-of-the-promised-land": (
        Format("complete", "Complete game", "warriors-of-the-promised-land", complete=True),
    ),
}


def _check_game(game: str) -> None:
    if game not in GAMES_BY_SLUG:
        raise UnknownFormat("game", f"Unknown game {game!r}; the games are {', '.join(GAMES_BY_SLUG)}.")


def base_formats(game: str) -> tuple[Format, ...]:
    _check_game(game)
    return BASE_FORMATS[game]


def base_format(game: str, slug: str | None = None) -> Format:
    """The game's base format `slug` (its default when None); UnknownFormat if there is none."""
    formats = base_formats(game)
    if slug is None:
        return formats[0]
    for fmt in formats:
        if fmt.slug == slug:
            return fmt
    names = ", ".join(f.slug for f in formats)
    raise UnknownFormat("format", f"Unknown format {slug!r} for {game}; its formats are {names}.")


def is_base_format_slug(slug: str) -> bool:
    """True if any game has a base format called `slug` (tournament slugs must differ)."""
    return any(f.slug == slug for formats in BASE_FORMATS.values() for f in formats)


def _keys(titles: Iterable[str]) -> frozenset[str]:
    return frozenset(title_key(t) for t in titles if t.strip())


@dataclass(frozen=True)
class TournamentFormat:
    """An organiser's format: a base format plus legal sets, banned and restricted titles, sizes.

    `legal_sets` None means every set. `min_size` / `max_size`, when given,
    replace the base format's minimum / maximum.
    """

    slug: str
    name: str
    game: str
    base_format: str
    legal_sets: frozenset[str] | None = None
    banned_titles: tuple[str, ...] = ()
    restricted_titles: tuple[str, ...] = ()
    min_size: int | None = None
    max_size: int | None = None

    def __post_init__(self) -> None:
        if self.legal_sets is not None:
            object.__setattr__(self, "legal_sets", frozenset(self.legal_sets))
        object.__setattr__(self, "banned_titles", tuple(self.banned_titles))
        object.__setattr__(self, "restricted_titles", tuple(self.restricted_titles))

    def rules(self) -> Format:
        """The base format with this tournament's additions folded in."""
        base = base_format(self.game, self.base_format)
        sized = self.min_size is not None or self.max_size is not None
        return replace(
            base,
            slug=self.slug,
            name=self.name,
            minimum=self.min_size if self.min_size is not None else base.minimum,
            maximum=self.max_size if self.max_size is not None else base.maximum,
            # An organiser who fixes the size has replaced the suggestion too.
            suggested_size=None if sized else base.suggested_size,
            legal_sets=self.legal_sets,
            banned=_keys(self.banned_titles),
            restricted=_keys(self.restricted_titles),
        )
