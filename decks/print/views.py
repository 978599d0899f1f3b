"""The print-and-play page of a deck and its PDF: for whoever may read the deck (its owner, or anyone for a
public or unlisted one), as its deck page."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardcollections.printing.layout import pages_needed
from cardcollections.printing.services import INLINE_CARDS
from cardcollections.printing.services import MAX_CARDS
from cardcollections.printing.services import PrintError
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_file_name
from decks.models import Deck
from decks.print.forms import PrintForm
from decks.print.selectors import deck_print_list
from decks.print.services import deck_sheet_print


def _page(request: HttpRequest, deck: Deck, form: PrintForm, *, error: str = "", status: int = 200) -> HttpResponse:
    listed = deck_print_list(deck=deck)
    return render(
        request,
        "decks/print/print.html",
        {
            "deck": deck,
            "form": form,
            "error": error,
            "count": listed.count,
            "pages": pages_needed(listed.count),
            "left_out": listed.left_out,
            "inline": INLINE_CARDS,
            "max_cards": MAX_CARDS,
        },
        status=status,
    )


@require_GET
def deck_print_and_play(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    return _page(request, deck, PrintForm())


@require_GET
def deck_print_and_play_pdf(request: HttpRequest, deck_id: Any) -> HttpResponse | FileResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    form = PrintForm(request.GET)
    if not form.is_valid():
        return _page(request, deck, form, status=400)
    try:
        printed = deck_sheet_print(deck=deck, options=form.options())
    except PrintError as exc:
        if exc.field in form.fields:
            form.add_error(exc.field, exc.message)
            return _page(request, deck, form, status=400)
        return _page(request, deck, form, error=exc.message, status=400)
    return FileResponse(
        default_storage.open(printed.name, "rb"),
        as_attachment=True,
        filename=deck_file_name(deck, "pdf").replace(".pdf", "-print-and-play.pdf"),
        content_type="application/pdf",
    )
