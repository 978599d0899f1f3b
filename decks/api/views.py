"""Deck API: stateless validation of a deck list (validation.md, "HTTP")."""

import json
from typing import Any

from django.conf import settings
from django.http.request import RawPostDataException
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils import json as drf_json
from rest_framework.views import APIView

from decks.api.serializers import DeckValidateInputSerializer, ValidationResultSerializer, fast_validated_data
from decks.exceptions import DeckRequestError
from decks.services.validation import deck_validation

# A deck list is a few kilobytes; refuse big bodies before reading them.
MAX_BODY_BYTES = 4 * 1024 * 1024


class BoundedJSONParser(JSONParser):
    """JSONParser that answers 400, not 500, for JSON nested deeper than Python's recursion limit."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError("JSON parse error - the document is nested too deeply.") from exc


_UNREAD = object()
# One decoder for every request: json.loads(text, parse_constant=...) builds a
# new JSONDecoder per call, which costs twice the decoding of a deck list.
_DECODER = json.JSONDecoder(parse_constant=drf_json.strict_constant if BoundedJSONParser.strict else None)


def _plain_json_body(request: Request) -> Any:
    """request.data of the request every client sends, decoded directly; _UNREAD for any other.

    DRF's request.data picks a parser, parses the Content-Type header again and
    decodes through a codecs stream reader, at several times the cost of the JSON
    itself. For a body of Content-Type exactly application/json (so
    BoundedJSONParser and the default charset), with a Content-Length, that
    decodes as UTF-8 and parses as JSON under the parser's own strictness, its
    answer is this same object. Anything else (another type or a charset, no
    length, bad bytes, bad JSON) is left to request.data, so the 415, the 400 or
    the empty data is DRF's own.
    """
    # The Django request itself: each attribute DRF's Request proxies costs a failed lookup first.
    http_request = request._request
    meta = http_request.META
    if meta.get("CONTENT_TYPE") != "application/json" or http_request.encoding is not None:
        return _UNREAD
    if settings.DEFAULT_CHARSET.lower() not in ("utf-8", "utf8"):
        return _UNREAD
    try:
        if int(meta.get("CONTENT_LENGTH") or 0) <= 0:
            return _UNREAD  # DRF reads no body then, and answers {}
        return _DECODER.decode(http_request.body.decode("utf-8"))
    except (ValueError, RecursionError, RawPostDataException):
        # UnicodeDecodeError and JSONDecodeError are ValueErrors.
        return _UNREAD


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
    parser_classes = [BoundedJSONParser]

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
            400: OpenApiResponse(description="The request is malformed; the body names the field."),
            413: OpenApiResponse(description="The body is larger than 4 MB."),
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
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY_BYTES:
            return Response(
                {
                    "detail": f"The body is larger than {MAX_BODY_BYTES // (1024 * 1024)} MB; a deck list is far smaller."
                },
                status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            )
        payload = _plain_json_body(request)
        data = fast_validated_data(request.data if payload is _UNREAD else payload)
        if data is None:
            # Not the plain well-formed request: the serializer decides, and names the bad field.
            serializer = DeckValidateInputSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            data = serializer.validated_data
        try:
            validation = deck_validation(
                game=data["game"],
                format_slug=data.get("format"),
                decklist=data.get("decklist"),
                cards=data.get("cards"),
            )
        except DeckRequestError as exc:
            raise ValidationError({exc.field: [exc.message]}) from exc
        body = validation.result.to_dict()
        if data["annotate"]:
            body["entries"] = validation.entries()
        return Response(body)
