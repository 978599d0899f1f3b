"""The print-and-play page of a deck and its PDF, and its study sheet's page and PDF: for whoever may read the deck
(its owner, or anyone for a public or unlisted one), as its deck page."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from cardcollections.printing.layout import pages_needed
from cardcollections.printing.services import INLINE_CARDS
from cardcollections.printing.services import MAX_CARDS
from cardcollections.printing.services import PrintError
from cardcollections.printing.services import print_job_create
from cardcollections.printing.tasks import print_job_start
from cardsite.api.throttles import page_request_allowed
from cardsite.api.throttles import too_many_requests
from cardsite.api.work import OverBudget
from cardsite.api.work import over_budget
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import signed_in_post
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_file_name
from decks.models import Deck
from decks.print.forms import PrintForm
from decks.print.forms import StudySheetForm
from decks.print.selectors import deck_print_list
from decks.print.selectors import deck_study_verses
from decks.print.services import deck_print_title
from decks.print.services import deck_sheet_print
from decks.print.services import deck_study_sheet


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
    if not page_request_allowed(request, scope="compute", reads=True):
        return too_many_requests()  # drawing a sheet costs a core for a second or two (cardsite.api.throttles)
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


# A sheet too large to draw while its asker waits: a job for a worker, its page with a progress bar.
@signed_in_post
def deck_print_job_start(request: SignedInHttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    form = PrintForm(request.POST)
    if not form.is_valid():
        return _page(request, deck, form, status=400)
    listed = deck_print_list(deck=deck)
    try:
        job = print_job_create(
            owner=request.user,
            game=deck.game,
            cards=listed.cards,
            options=form.options(),
            title=deck_print_title(deck),
            source_url=reverse("deck-detail", kwargs={"deck_id": deck.pk}),
            field="deck",
        )
    except PrintError as exc:
        if exc.field in form.fields:
            form.add_error(exc.field, exc.message)
            return _page(request, deck, form, status=400)
        return _page(request, deck, form, error=exc.message, status=400)
    except OverBudget as exc:
        return over_budget(_page(request, deck, form, error=exc.message), exc)
    print_job_start(job)
    return redirect("print-job", job_id=job.pk)


def _study_page(
    request: HttpRequest, deck: Deck, form: StudySheetForm, *, error: str = "", status: int = 200
) -> HttpResponse:
    return render(
        request,
        "decks/print/study.html",
        {"deck": deck, "form": form, "error": error, "verses": deck_study_verses(deck=deck)},
        status=status,
    )


@require_GET
def deck_study_sheet_page(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    return _study_page(request, deck, StudySheetForm())


@require_GET
def deck_study_sheet_pdf(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    if not page_request_allowed(request, scope="compute", reads=True):
        return too_many_requests()  # drawn in the request, as a print-and-play sheet
    form = StudySheetForm(request.GET)
    if not form.is_valid():
        return _study_page(request, deck, form, status=400)
    try:
        pdf = deck_study_sheet(deck=deck, paper=form.cleaned_data["paper"], lines=form.cleaned_data["lines"])
    except PrintError as exc:
        if exc.field in form.fields:
            form.add_error(exc.field, exc.message)
            return _study_page(request, deck, form, status=400)
        return _study_page(request, deck, form, error=exc.message, status=400)
    response = HttpResponse(pdf, content_type="application/pdf")
    filename = deck_file_name(deck, "pdf").replace(".pdf", "-study-sheet.pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
