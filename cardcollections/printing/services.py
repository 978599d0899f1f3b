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
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction

from cardcollections.images.faces import FACE_VERSION
from cardcollections.images.faces import card_back_png
from cardcollections.images.faces import card_face_key
from cardcollections.images.faces import card_face_png
from cardcollections.images.faces import frame_color
from cardcollections.jobs.services import job_budget_check
from cardcollections.jobs.services import job_claim
from cardcollections.jobs.services import job_fail
from cardcollections.jobs.services import job_finish
from cardcollections.jobs.services import job_progress
from cardcollections.models import Card
from cardcollections.models import Game
from cardcollections.printing.layout import LayoutError
from cardcollections.printing.layout import pages_needed
from cardcollections.printing.layout import sheet_layout
from cardcollections.printing.models import PrintJob
from cardcollections.printing.pdf import SHEET_VERSION
from cardcollections.printing.pdf import ProxyCard
from cardcollections.printing.pdf import sheet_pdf
from cardsite.api.errors import ServiceError
from cardsite.api.work import TooBig
from cardsite.api.work import budget_lock
from cardsite.api.work import claim_token

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
            f"{pages_needed(INLINE_CARDS)} pages): print it as a job, drawn in the background (the print-and-play "
            "page does).",
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
    progress: Callable[[float], object] | None = None,
) -> PrintedSheet:
    """The PDF of `cards` (each with its number of copies, in print order), kept in the media storage by content.

    `progress`, when given, is told the fraction done: the faces read or drawn are the first half, the pages the rest.
    """
    count = sum(n for _card, n in cards)
    print_check(count=count, options=options, field=field, inline=inline)
    name = f"{KEPT_FOLDER}/{print_key(game=game, cards=cards, options=options)}.pdf"
    pages = pages_needed(count) * (2 if options.backs else 1)
    if default_storage.exists(name):
        return PrintedSheet(name=name, cards=count, pages=pages, drawn=False)
    faces: dict[int, bytes] = {}
    proxies = []
    bleed = frame_color(game.slug)
    unique = len({card.pk for card, _copies in cards})
    for card, copies in cards:
        if card.pk not in faces:
            faces[card.pk] = card_face_png(card)
            if progress is not None:
                progress(0.5 * len(faces) / unique)
        proxies += [ProxyCard(faces[card.pk], card.provenance, bleed)] * copies
    pdf = sheet_pdf(
        proxies,
        sheet=sheet_layout(paper=options.paper, bleed=options.bleed),
        back_png=card_back_png(game_slug=game.slug, game_name=game.name) if options.backs else None,
        back_color=bleed,
        title=title,
        progress=None if progress is None else (lambda done, total: progress(0.5 + 0.5 * done / total)),
    )
    # The name is the content's hash: a file already there (another request got here first) is this sheet.
    if not default_storage.exists(name):
        saved = default_storage.save(name, ContentFile(pdf))
        if saved != name:  # saved beside the other request's under another name: keep one
            default_storage.delete(saved)
    return PrintedSheet(name=name, cards=count, pages=pages, drawn=True)


# ---------------------------------------------------------------- jobs
class _Dropped(Exception):
    """The attempt no longer holds its job (cancelled, failed, taken over): it stops drawing."""


def print_job_seconds(cards: int) -> float:
    """The estimated worker time of a sheet of `cards` cards."""
    return cards * PrintJob.SECONDS_PER_CARD


def print_job_create(
    *,
    owner: Any,
    game: Game,
    cards: Sequence[tuple[Card, int]],
    options: PrintOptions,
    title: str,
    source_url: str = "",
    field: str = "cards",
) -> PrintJob:
    """A job drawing the sheet in a worker: refused as a sheet is (naming `field`), and past the owner's budget.

    The caller queues it once it is committed (cardcollections.printing.tasks.print_job_start).
    """
    count = sum(n for _card, n in cards)
    print_check(count=count, options=options, field=field, inline=False)
    seconds = print_job_seconds(count)
    with budget_lock(f"print:{owner.pk}"), transaction.atomic():
        try:
            job_budget_check(model=PrintJob, caller=owner, seconds=seconds)
        except TooBig as exc:
            raise PrintError(exc.message, field=field) from exc
        return PrintJob.objects.create(
            owner=owner,
            game=game,
            title=title[:200],
            source_url=source_url,
            cards=[[card.pk, n] for card, n in cards],
            total_cards=count,
            paper=options.paper,
            bleed=options.bleed,
            backs=options.backs,
            seconds=seconds,
        )


def print_job_run(*, job_id: Any, task_id: str | None = None) -> PrintJob | None:
    """Draw a queued job's sheet; None when another attempt holds it (a duplicate delivery draws nothing).

    Claimed as every job (cardcollections.jobs.services.job_claim); progress is written as the faces are read
    and the pages drawn, and stops the drawing once the attempt no longer holds the job. A card that left the
    catalog since the job was made is left out.
    """
    token = claim_token(task_id)
    if not job_claim(model=PrintJob, pk=job_id, token=token):
        return None
    job = PrintJob.objects.select_related("game").get(pk=job_id)
    rows = Card.objects.filter(pk__in=[pk for pk, _n in job.cards]).select_related("game", "card_set").in_bulk()
    cards = [(rows[pk], n) for pk, n in job.cards if pk in rows]
    written = {"at": -1.0}

    def progress(fraction: float) -> None:
        # A write every 2 % at most: a sheet of 1,000 cards is not 200 writes.
        if fraction - written["at"] >= 0.02:
            written["at"] = fraction
            if not job_progress(model=PrintJob, pk=job_id, token=token, progress=round(min(fraction, 0.99), 3)):
                raise _Dropped

    options = PrintOptions(paper=job.paper, bleed=job.bleed, backs=job.backs)
    try:
        printed = sheet_print(
            game=job.game, cards=cards, options=options, title=job.title, inline=False, progress=progress
        )
    except _Dropped:
        return PrintJob.objects.get(pk=job_id)
    except PrintError as exc:
        job_fail(model=PrintJob, pk=job_id, message=exc.message)
        return PrintJob.objects.get(pk=job_id)
    job_finish(model=PrintJob, pk=job_id, token=token, progress=1.0, result=printed.name)
    return PrintJob.objects.get(pk=job_id)


def print_job_fail(*, job_id: Any, message: str) -> bool:
    """Fail an unfinished job (its task raised) with the reason; True if it was unfinished."""
    return job_fail(model=PrintJob, pk=job_id, message=message)
