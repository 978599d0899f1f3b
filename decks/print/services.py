"""A deck's print-and-play sheet: its cards through cardcollections.printing, refused with the deck as the field."""

from __future__ import annotations

from cardcollections.printing.services import PrintedSheet
from cardcollections.printing.services import PrintOptions
from cardcollections.printing.services import sheet_print
from decks.models import Deck
from decks.print.selectors import deck_print_list


def deck_print_title(deck: Deck) -> str:
    return f"{deck.name}: print and play (proxies, not original cards)"


def deck_sheet_print(*, deck: Deck, options: PrintOptions) -> PrintedSheet:
    """The deck's sheet, kept by content (drawn now only if no one printed the same cards the same way before)."""
    listed = deck_print_list(deck=deck)
    return sheet_print(
        game=deck.game,
        cards=listed.cards,
        options=options,
        title=deck_print_title(deck),
        field="deck",
    )
