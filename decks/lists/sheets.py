"""Printable decklists in the layout tournaments use: player, deck, counts, titles, sets, and the list's hash.

One sheet for a saved deck (its deck page's print view) and one per registration
(the organiser's "print every list"): both render templates/decks/print_sheets.html.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from decks.lists.services import DeckRequestError, deck_list_of
from decks.models import Deck, Registration
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


def deck_sheet(*, deck: Deck) -> DecklistSheet:
    try:
        digest = list_hash(deck_list_of(deck).text)
    except DeckRequestError:
        digest = ""  # a list the catalog no longer fully knows has no canonical text
    return DecklistSheet(
        player=deck.owner.get_username(),
        deck_name=deck.name,
        game_name=GAMES_BY_SLUG[deck.game.slug].name,
        format_slug=deck.format,
        card_count=deck.card_count,
        lines=_lines(deck.cards),
        list_hash=digest,
        legal=deck.legal,
    )


def registration_sheet(*, registration: Registration) -> DecklistSheet:
    event = registration.event
    return DecklistSheet(
        player=registration.player.get_username(),
        deck_name=registration.deck_name,
        game_name=GAMES_BY_SLUG[event.game.slug].name,
        format_slug=registration.format,
        card_count=registration.card_count,
        lines=_lines(registration.cards),
        list_hash=registration.list_hash,
        event_name=event.name,
        event_date=event.deadline,
        registered=registration.created,
        legal=bool(registration.validation.get("legal")),
    )
