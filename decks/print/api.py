"""The print-and-play API: a deck as a PDF of proxies, and its verses as a study sheet (for whoever may read the
deck, as its export)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from cardcollections.printing.api.views import PrintQuery
from cardcollections.printing.layout import PAPERS
from cardcollections.printing.services import INLINE_CARDS
from cardcollections.printing.services import MAX_CARDS
from cardcollections.printing.services import PrintOptions
from cardcollections.printing.study import STUDY_LINES
from cardsite.api.negotiation import FirstRenderer
from cardsite.api.numbers import StrictIntegerField
from cardsite.api.reading import reads_query
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import answers
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_file_name
from decks.print.services import MAX_STUDY_VERSES
from decks.print.services import deck_sheet_print
from decks.print.services import deck_study_sheet


class DeckPrintApi(DeckApiBase):
    # One answer whatever Accept asks: the PDF is its own response, a refusal JSON (as the deck exports).
    renderer_classes: Sequence[type[BaseRenderer]] = [JSONRenderer]
    content_negotiation_class: type[BaseContentNegotiation] = FirstRenderer
    # Drawing a sheet costs a core for a second or two: counted as compute, GETs too (cardsite.api.throttles).
    throttle_scope = "compute"
    throttle_reads = True

    @extend_schema(
        operation_id="decks_print",
        summary="A deck as a print-and-play PDF of proxies",
        description=(
            "The deck's cards at their size (poker, 63 x 88 mm), nine to a page on A4 or Letter, centred, with crop "
            "marks; the faces the site draws, each labelled with its provenance (Sample, Published, Community) and "
            "'Proxy - not an original card'. With `backs=true` each page of fronts is followed by its backs, "
            "mirrored left to right for printing on both sides flipped on the long edge. Kept by content: the same "
            f"cards with the same options are drawn once. Up to {INLINE_CARDS} cards are drawn in the request; a "
            f"deck of more, or of over {MAX_CARDS:,} (never printed), is a 400 on field `deck`. Cards no longer in "
            "the catalog are left out."
        ),
        responses=answers({(200, "application/pdf"): OpenApiTypes.BINARY}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(PrintQuery)
    def get(self, request: Request, deck_id: Any, query: dict[str, Any]) -> FileResponse:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        options = PrintOptions(paper=query["paper"], bleed=query["bleed"], backs=query["backs"])
        printed = deck_sheet_print(deck=deck, options=options)
        return FileResponse(
            default_storage.open(printed.name, "rb"),
            as_attachment=True,
            filename=deck_file_name(deck, "pdf").replace(".pdf", "-print-and-play.pdf"),
            content_type="application/pdf",
        )


class StudyQuery(serializers.Serializer):
    paper = serializers.ChoiceField(choices=list(PAPERS), required=False, default="a4", help_text="a4 or letter.")
    lines = StrictIntegerField(
        required=False,
        default=2,
        min_value=STUDY_LINES[0],
        max_value=STUDY_LINES[-1],
        help_text="Blank ruled lines under each verse, to write it from memory.",
    )


class DeckStudySheetApi(DeckApiBase):
    renderer_classes: Sequence[type[BaseRenderer]] = [JSONRenderer]
    content_negotiation_class: type[BaseContentNegotiation] = FirstRenderer
    # Drawn in the request: counted as compute, GETs too, as the print-and-play sheet.
    throttle_scope = "compute"
    throttle_reads = True

    @extend_schema(
        operation_id="decks_study_sheet",
        summary="A deck's verses as a printable study sheet (PDF)",
        description=(
            "Each verse of the deck once, in the deck's order (by title): its reference, its text, then `lines` blank "
            "ruled lines to write it from memory, on A4 or Letter, portrait; a verse's block never splits across "
            "pages. Cards without scripture are left out; a deck with no verse, or with over "
            f"{MAX_STUDY_VERSES} verses, is a 400 on field `deck`. Someone else's private deck is a 404."
        ),
        responses=answers({(200, "application/pdf"): OpenApiTypes.BINARY}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(StudyQuery)
    def get(self, request: Request, deck_id: Any, query: dict[str, Any]) -> HttpResponse:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        pdf = deck_study_sheet(deck=deck, paper=query["paper"], lines=query["lines"])
        return study_response(pdf, deck_file_name(deck, "pdf").replace(".pdf", "-study-sheet.pdf"))


def study_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
