"""The print-and-play API: a deck as a PDF of proxies (for whoever may read the deck, as its export)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from cardcollections.printing.api.views import PrintQuery
from cardcollections.printing.services import INLINE_CARDS
from cardcollections.printing.services import MAX_CARDS
from cardcollections.printing.services import PrintOptions
from cardsite.api.negotiation import FirstRenderer
from cardsite.api.reading import reads_query
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import answers
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_file_name
from decks.print.services import deck_sheet_print


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
