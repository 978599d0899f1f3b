"""A list of catalog cards as a print-and-play PDF, drawn once and kept by its content.

The kept file's name is the hash of everything the sheet shows: each card's face key (which covers the
face renderer's version and every field the face shows), the paper, the bleed, the backs and the sheet's
own version. The same deck asked for again, by anyone, is read back, not drawn; a card whose face changed
gives another name, so a kept sheet is never stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from cardcollections.images.faces import FACE_VERSION
from cardcollections.images.faces import card_back_png
from cardcollections.images.faces import card_face_key
from cardcollections.images.faces import card_face_png
from cardcollections.images.faces import frame_color
from cardcollections.models import Card
from cardcollections.models import Game
from cardcollections.printing.layout import LayoutError
from cardcollections.printing.layout import pages_needed
from cardcollections.printing.layout import sheet_layout
from cardcollections.printing.pdf import SHEET_VERSION
from cardcollections.printing.pdf import ProxyCard
from cardcollections.printing.pdf import sheet_pdf
from cardsite.api.errors import ServiceError

# No sheet holds more: a larger list is refused whatever runs it (112 pages of fronts).
MAX_CARDS = 1000
# Drawn in the request up to this many cards (12 pages of fronts); a larger list waits for a worker.
INLINE_CARDS = 108
KEPT_FOLDER = "print"


class PrintError(ServiceError):
    """A sheet that cannot be printed as asked: 400 naming the field (paper, bleed, or the list itself)."""


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    bleed: int = 0
    backs: bool = False


@dataclass(frozen=True)
class PrintedSheet:
    """A kept sheet: its file's name in the media storage, its pages, and whether it was drawn just now."""

    name: str
    cards: int
    pages: int
    drawn: bool


def print_check(*, count: int, options: PrintOptions, field: str, inline: bool = True) -> None:
    """Refuse a sheet that cannot be printed: bad options (naming them), too many cards (naming `field`)."""
    try:
        sheet_layout(paper=options.paper, bleed=options.bleed)
    except LayoutError as exc:
        raise PrintError(exc.message, field=exc.field) from exc
    if count < 1:
        raise PrintError("There are no catalog cards to print.", field=field)
    if count > MAX_CARDS:
        raise PrintError(
            f"{count:,} cards are too many to print at once: a sheet holds at most {MAX_CARDS:,} cards "
            f"({pages_needed(MAX_CARDS)} pages). Print it in parts.",
            field=field,
        )
    if inline and count > INLINE_CARDS:
        raise PrintError(
            f"{count:,} cards are more than are printed while you wait (at most {INLINE_CARDS}, "
            f"{pages_needed(INLINE_CARDS)} pages); printing larger lists in the background is not built yet.",
            field=field,
        )


def print_key(*, game: Game, cards: Sequence[tuple[Card, int]], options: PrintOptions) -> str:
    """The hash of everything the sheet shows (cards with their game and set loaded)."""
    shown = {
        "sheet": SHEET_VERSION,
        "faces": FACE_VERSION,
        "game": game.slug,
        "paper": options.paper,
        "bleed": options.bleed,
        "backs": options.backs,
        "cards": [[card_face_key(card), count] for card, count in cards],
    }
    return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()


def sheet_print(
    *,
    game: Game,
    cards: Sequence[tuple[Card, int]],
    options: PrintOptions,
    title: str,
    field: str = "cards",
    inline: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> PrintedSheet:
    """The PDF of `cards` (each with its number of copies, in print order), kept in the media storage by content."""
    count = sum(n for _card, n in cards)
    print_check(count=count, options=options, field=field, inline=inline)
    name = f"{KEPT_FOLDER}/{print_key(game=game, cards=cards, options=options)}.pdf"
    pages = pages_needed(count) * (2 if options.backs else 1)
    if default_storage.exists(name):
        return PrintedSheet(name=name, cards=count, pages=pages, drawn=False)
    faces: dict[int, bytes] = {}
    proxies = []
    bleed = frame_color(game.slug)
    for card, copies in cards:
        if card.pk not in faces:
            faces[card.pk] = card_face_png(card)
        proxies += [ProxyCard(faces[card.pk], card.provenance, bleed)] * copies
    pdf = sheet_pdf(
        proxies,
        sheet=sheet_layout(paper=options.paper, bleed=options.bleed),
        back_png=card_back_png(game_slug=game.slug, game_name=game.name) if options.backs else None,
        back_color=bleed,
        title=title,
        progress=progress,
    )
    # The name is the content's hash: a file already there (another request got here first) is this sheet.
    if not default_storage.exists(name):
        name = default_storage.save(name, ContentFile(pdf))
    return PrintedSheet(name=name, cards=count, pages=pages, drawn=True)
