"""Deck API: stateless validation of a deck list (docs/contracts/validation.md, "HTTP")."""

from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.examples import FieldError
from cardsite.api.parsers import MB
from cardsite.api.parsers import BoundedJSONParser
from cardsite.api.parsers import too_large_answer
from cardsite.api.reading import read_body
from decks.validation.api.serializers import DeckValidateInputSerializer
from decks.validation.api.serializers import ValidationResultSerializer
from decks.validation.api.serializers import fast_validated_data
from decks.validation.services import deck_validation


class DeckListParser(BoundedJSONParser):
    """A deck list is a few kilobytes: a body over 4 MB is refused (413) before it is decoded."""

    max_bytes = 4 * MB
    too_large = "The body is larger than {mb} MB; a deck list is far smaller."


_EXAMPLE_RESULT = {
    "legal": False,
    "game": "chapter-and-verse",
    "format": "advanced",
    "card_count": 39,
    "errors": [
        {"code": "deck-too-small", "minimum": 40, "message": "The deck has 39 cards; the minimum is 40."},
        {
            "code": "too-many-copies",
            "title": "By Small Means",
            "count": 4,
            "limit": 3,
            "message": "4 copies of By Small Means; at most 3 are allowed.",
        },
    ],
    "warnings": [],
}


class DeckValidateApi(APIView):
    """Validate a deck list against a game's construction rules. No login needed."""

    # Anonymous scripts post here: no session, so no CSRF check to trip over.
    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    parser_classes = [DeckListParser]
    throttle_scope = "compute"  # cardsite.api.throttles: a costlier limit than plain writes

    @extend_schema(
        operation_id="decks_validate",
        summary="Validate a deck list",
        description=(
            "Give `decklist` (text, deck-format.md) or `cards` (JSON entries). Answers 200 with the "
            "result whether or not the deck is legal; 400 only when the request itself is malformed "
            "(no or unknown game, unknown format, wrong types, both or neither of decklist and cards)."
        ),
        request=DeckValidateInputSerializer,
        responses={
            200: ValidationResultSerializer,
            400: OpenApiResponse(FieldError, description="The request is malformed; `field` names what."),
            413: too_large_answer(DeckListParser),
        },
        examples=[
            OpenApiExample(
                "Text list",
                request_only=True,
                value={"game": "chapter-and-verse", "format": "advanced", "decklist": "4 By Small Means\n35 ..."},
            ),
            OpenApiExample(
                "JSON entries",
                request_only=True,
                value={
                    "game": "chapter-and-verse",
                    "cards": [{"title": "By Small Means", "count": 3}, {"set": "CV1", "number": "17", "count": 1}],
                },
            ),
            OpenApiExample("An illegal deck", response_only=True, status_codes=["200"], value=_EXAMPLE_RESULT),
        ],
        tags=["decks"],
    )
    def post(self, request: Request) -> Response:
        # Not the plain well-formed request: the strict reader decides, and names the bad or unknown field.
        data = fast_validated_data(request.data) or read_body(request, DeckValidateInputSerializer)
        validation = deck_validation(
            game=data["game"],
            format_slug=data.get("format"),
            decklist=data.get("decklist"),
            cards=data.get("cards"),
        )
        body = validation.result.to_dict()
        if data["annotate"]:
            body["entries"] = validation.entries()
        return Response(body)
