"""Reading formats: a game's base formats and the tournament formats built on them."""

import json
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from django.db.models import QuerySet

from decks.adapters import tournament_format
from decks.exceptions import DeckRequestError
from decks.models import Event
from decks.models import TournamentFormat
from decks.models import TournamentFormatVersion
from rules import formats
from rules.games import GAMES
from rules.text import storable
from rules.text import title_key


class FormatNotFound(DeckRequestError):
    """Unknown game or format; `field` is "game" or "format"."""


def format_resolve(
    *, game: str, slug: str | None, version: int | None = None
) -> formats.Format | formats.TournamentFormat:
    """The format `slug` of `game`: a base format (the default when None) or a tournament format.

    A tournament format's latest rules, or those of its version number `version`
    (an event's: see `event.format_version`); `version` is ignored for a base format.
    Base formats cost no query; a tournament slug costs two (the row or the version, its sets).
    """
    if slug is not None and (not isinstance(slug, str) or not storable(slug)):
        # A NUL byte would reach PostgreSQL (a 500) and a lone surrogate cannot be encoded: no such format.
        raise FormatNotFound("format", "A format is named by its slug, like advanced.")
    try:
        if slug is None or formats.is_base_format_slug(slug):
            return formats.base_format(game, slug)
        formats.base_formats(game)  # checks the game
    except formats.UnknownFormat as exc:
        raise FormatNotFound(exc.field, exc.message) from exc
    if version is not None:
        return _version_resolve(game=game, slug=slug, number=version)
    row = (
        TournamentFormat.objects.filter(slug=slug, game__slug=game)
        .select_related("game")
        .prefetch_related("legal_sets")
        .first()
    )
    if row is None:
        names = ", ".join(f.slug for f in formats.base_formats(game))
        raise FormatNotFound(
            "format",
            f"Unknown format {slug!r} for {game}; its base formats are {names}, "
            "and no tournament format of this game has that slug.",
        )
    tournament = tournament_format(row)
    try:
        tournament.rules()
    except formats.UnknownFormat as exc:
        # A row edited into a base format its game does not have.
        raise FormatNotFound("format", f"The format {slug} is misconfigured: {exc.message}") from exc
    return tournament


def _version_resolve(*, game: str, slug: str, number: int) -> formats.TournamentFormat:
    kept = (
        TournamentFormatVersion.objects.filter(format__slug=slug, format__game__slug=game, number=number)
        .select_related("format__game")
        .prefetch_related("legal_sets")
        .first()
    )
    if kept is None:
        raise FormatNotFound("format", f"The format {slug} has no version {number}.")
    tournament = tournament_format(kept.format, kept)
    try:
        tournament.rules()
    except formats.UnknownFormat as exc:
        raise FormatNotFound("format", f"Version {number} of {slug} is misconfigured: {exc.message}") from exc
    return tournament


def tournament_format_list(*, game: str | None = None) -> QuerySet[TournamentFormat]:
    qs = TournamentFormat.objects.select_related("game", "organiser").prefetch_related("legal_sets")
    return qs.filter(game__slug=game) if game else qs


@dataclass(frozen=True)
class FormatChoice:
    """A format a player can pick, with the copy limits the builder's "+3" keeps to (issue #36): the base
    format's limit (None: none) and the card types it exempts, and a tournament's restricted (one copy) and
    banned (none) titles, as title keys (rules.text.title_key)."""

    slug: str
    name: str
    tournament: bool
    copy_limit: int | None = None
    copy_exempt: tuple[str, ...] = ()
    restricted: tuple[str, ...] = ()
    banned: tuple[str, ...] = ()
    unique_limit: bool = False  # a Unique card: one copy (rules.construction.unique_limit)

    @property
    def limits_json(self) -> str:
        """The limits as the builder's script reads them (an <option>'s data-limits)."""
        return json.dumps(
            {
                "copies": self.copy_limit,
                "exempt": self.copy_exempt,
                "unique": self.unique_limit,
                "restricted": self.restricted,
                "banned": self.banned,
            }
        )


def _choice(fmt: formats.Format, *, tournament: bool, restricted: Any = (), banned: Any = ()) -> FormatChoice:
    def keys(value: Any) -> tuple[str, ...]:
        return tuple(sorted({title_key(t) for t in value if isinstance(t, str)})) if isinstance(value, list) else ()

    return FormatChoice(
        fmt.slug,
        fmt.name,
        tournament,
        copy_limit=fmt.copy_limit,
        unique_limit=fmt.unique_limit,
        copy_exempt=tuple(sorted(t.casefold() for t in fmt.copy_limit_exempt_types)),
        restricted=keys(restricted),
        banned=keys(banned),
    )


def format_choices() -> dict[str, list[FormatChoice]]:
    """Per game slug, the formats a player can pick: base formats first (default first), then tournaments."""
    choices = {g.slug: [_choice(f, tournament=False) for f in formats.base_formats(g.slug)] for g in GAMES}
    for row in TournamentFormat.objects.select_related("game").order_by("name"):
        try:
            base = formats.base_format(row.game.slug, row.base_format)
        except formats.UnknownFormat:  # a misconfigured row stays selectable; the panel says what is wrong
            choices.setdefault(row.game.slug, []).append(FormatChoice(row.slug, row.name, True))
            continue
        named = replace(base, slug=row.slug, name=row.name)
        choice = _choice(named, tournament=True, restricted=row.restricted_titles, banned=row.banned_titles)
        choices.setdefault(row.game.slug, []).append(choice)
    return choices


def tournament_format_latest_version(*, slug: str, game: str) -> TournamentFormatVersion | None:
    """The latest version of tournament format `slug` of `game` (None for a base format or an unknown slug)."""
    return (
        TournamentFormatVersion.objects.filter(format__slug=slug, format__game__slug=game)
        .order_by("-number")
        .select_related("format")
        .first()
    )


@dataclass(frozen=True)
class FormatUse:
    """One version of a format and the events that keep it (for the format's owner)."""

    number: int
    latest: bool
    events: list[Event]


def tournament_format_usage(*, fmt: TournamentFormat) -> list[FormatUse]:
    """Which events (with their organisers) use which version of `fmt`, latest version first; one query."""
    events = (
        Event.objects.filter(format_version__format=fmt)
        .select_related("organiser", "format_version")
        .order_by("-format_version__number", "deadline", "name")
    )
    by_number: dict[int, list[Event]] = {}
    for event in events:
        assert event.format_version is not None  # filtered on its format
        by_number.setdefault(event.format_version.number, []).append(event)
    return [FormatUse(number=n, latest=n == fmt.version, events=e) for n, e in by_number.items()]
