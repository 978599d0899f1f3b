"""Print and play in the API: the options every sheet reads (PrintQuery), and a catalog set as a PDF of proxies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from cardcollections.printing.layout import BLEEDS
from cardcollections.printing.layout import PAPERS
from cardcollections.printing.layout import max_bleed
from cardcollections.printing.selectors import set_print_list
from cardcollections.printing.services import INLINE_CARDS
from cardcollections.printing.services import PrintOptions
from cardcollections.printing.services import sheet_print
from cardsite.api.errors import found_or_404
from cardsite.api.examples import FIELD_ERRORS
from cardsite.api.negotiation import FirstRenderer
from cardsite.api.numbers import StrictIntegerField
from cardsite.api.reading import reads_query


class PrintQuery(serializers.Serializer):
    paper = serializers.ChoiceField(choices=list(PAPERS), required=False, default="a4", help_text="a4 or letter.")
    bleed = StrictIntegerField(
        required=False,
        default=0,
        min_value=BLEEDS[0],
        max_value=BLEEDS[-1],
        help_text=(
            f"Millimetres of artwork past each card's cut: at most {max_bleed('a4'):g} on A4, "
            f"{max_bleed('letter'):g} on Letter (a 400 on field bleed otherwise)."
        ),
    )
    backs = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: a page of backs (mirrored, for duplex) after each page of fronts.",
    )


def print_options(query: dict[str, Any]) -> PrintOptions:
    return PrintOptions(paper=query["paper"], bleed=query["bleed"], backs=query["backs"])


@extend_schema(tags=["catalog"])
class SetPrintApi(APIView):
    # Drawing a sheet costs a core for a second or two: counted as compute, GETs too (cardsite.api.throttles).
    throttle_scope = "compute"
    throttle_reads = True
    # One answer whatever Accept asks: the PDF is its own response, a refusal JSON.
    renderer_classes: Sequence[type[BaseRenderer]] = [JSONRenderer]
    content_negotiation_class: type[BaseContentNegotiation] = FirstRenderer

    @extend_schema(
        operation_id="sets_print",
        summary="A catalog set as a print-and-play PDF of proxies",
        description=(
            "One of each of the set's cards, in catalog order, laid out as `decks_print` lays out a deck (poker size, "
            "nine to a page, crop marks, optional bleed and mirrored backs; every card labelled with its provenance "
            f"and 'Proxy - not an original card'). Open to anyone, as the catalog. Up to {INLINE_CARDS} cards are "
            "drawn in the request; a larger set is a 400 on field `set` (print jobs are not in the API yet)."
        ),
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            400: FIELD_ERRORS,
            404: OpenApiResponse(description="No such set."),
        },
    )
    @reads_query(PrintQuery)
    def get(self, request: Request, pk: int, query: dict[str, Any]) -> FileResponse:
        card_set, cards = found_or_404(set_print_list(pk=pk), "No such set.")
        printed = sheet_print(
            game=card_set.game,
            cards=cards,
            options=print_options(query),
            title=f"{card_set.name} ({card_set.code}): print and play (proxies, not original cards)",
            field="set",
        )
        return FileResponse(
            default_storage.open(printed.name, "rb"),
            as_attachment=True,
            filename=f"{card_set.game.slug}-{card_set.code.lower()}-print-and-play.pdf",
            content_type="application/pdf",
        )
