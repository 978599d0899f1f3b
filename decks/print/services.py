"""A deck's print-and-play sheet: its cards through cardcollections.printing, refused with the deck as the field;
and its study sheet (its verses to learn)."""

from __future__ import annotations

from cardcollections.printing.layout import PAPERS
from cardcollections.printing.services import PrintedSheet
from cardcollections.printing.services import PrintError
from cardcollections.printing.services import PrintOptions
from cardcollections.printing.services import sheet_print
from cardcollections.printing.study import STUDY_LINES
from cardcollections.printing.study import study_pdf
from decks.models import Deck
from decks.print.selectors import deck_print_list
from decks.print.selectors import deck_study_verses


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


# A study sheet lists each verse once; no deck has this many titles, but a list is not trusted to be small.
MAX_STUDY_VERSES = 500


def deck_study_title(deck: Deck) -> str:
    return f"{deck.name}: study sheet"


def deck_study_sheet(*, deck: Deck, paper: str, lines: int) -> bytes:
    """The deck's verses as a study sheet PDF (reference, text, `lines` ruled lines), in the deck's order."""
    if paper not in PAPERS:
        raise PrintError(f"paper must be one of {', '.join(PAPERS)}.", field="paper")
    if lines not in STUDY_LINES:
        raise PrintError(f"lines must be a whole number from {STUDY_LINES[0]} to {STUDY_LINES[-1]}.", field="lines")
    verses = deck_study_verses(deck=deck)
    if not verses:
        raise PrintError("This deck has no verses to study: none of its cards carries scripture.", field="deck")
    if len(verses) > MAX_STUDY_VERSES:
        raise PrintError(
            f"{len(verses):,} verses are too many for one study sheet: at most {MAX_STUDY_VERSES}.", field="deck"
        )
    return study_pdf(verses, paper=paper, lines=lines, title=deck_study_title(deck))
