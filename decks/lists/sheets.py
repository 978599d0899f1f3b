"""Printable decklists in the layout tournaments use: player, deck, counts, titles, sets, and the list's hash.

One sheet for a saved deck (its deck page's print view) and one per registration
(the organiser's "print every list"): both render templates/decks/print_sheets.html.
"""

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from decks.lists.services import DeckRequestError
from decks.lists.services import deck_list_of
from decks.models import Deck
from decks.models import Registration
from rules.deck_compare import list_hash
from rules.games import GAMES_BY_SLUG
from rules.text import title_key


@dataclass(frozen=True)
class SheetLine:
    count: int
    title: str
    set_code: str
    number: str


@dataclass(frozen=True)
class DecklistSheet:
    player: str
    deck_name: str
    game_name: str
    format_slug: str
    card_count: int
    lines: tuple[SheetLine, ...]
    list_hash: str = ""
    event_name: str = ""
    event_date: datetime | None = None
    registered: datetime | None = None
    legal: bool | None = None


def _lines(entries: Iterable[Mapping[str, Any]]) -> tuple[SheetLine, ...]:
    ordered = sorted(entries, key=lambda e: (title_key(e["title"]), e["set"], e["number"]))
    return tuple(SheetLine(e["count"], e["title"], e["set"], e["number"]) for e in ordered)


def _sheet(listed: Deck | Registration, *, player: Any, deck_name: str, game_slug: str, **rest: Any) -> DecklistSheet:
    """The sheet of a stored list, a deck's or a registration's: its format, count and lines are read alike."""
    return DecklistSheet(
        player=player.get_username(),
        deck_name=deck_name,
        game_name=GAMES_BY_SLUG[game_slug].name,
        format_slug=listed.format,
        card_count=listed.card_count,
        lines=_lines(listed.cards),
        **rest,
    )


def deck_sheet(*, deck: Deck) -> DecklistSheet:
    try:
        digest = list_hash(deck_list_of(deck).text)
    except DeckRequestError:
        digest = ""  # a list the catalog no longer fully knows has no canonical text
    return _sheet(
        deck, player=deck.owner, deck_name=deck.name, game_slug=deck.game.slug, list_hash=digest, legal=deck.legal
    )


def registration_sheet(*, registration: Registration) -> DecklistSheet:
    event = registration.event
    return _sheet(
        registration,
        player=registration.player,
        deck_name=registration.deck_name,
        game_slug=event.game.slug,
        list_hash=registration.list_hash,
        event_name=event.name,
        event_date=event.deadline,
        registered=registration.created,
        legal=bool(registration.validation.get("legal")),
    )
