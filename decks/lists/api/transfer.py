"""Saved-deck API: import a deck from text or a JSON deck document, export one as either.

The formats are docs/contracts/deck-format.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from cardcollections.catalog.selectors import game_get
from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import bad
from cardsite.api.negotiation import FirstRenderer
from cardsite.api.reading import read_body
from cardsite.api.reading import reads_query
from cardsite.api.reading import refuse_unknown
from decks.exceptions import DeckRequestError
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import deck_body
from decks.lists.api.base import request_error
from decks.lists.api.serializers import DeckDocumentOut
from decks.lists.api.serializers import DeckImportIn
from decks.lists.api.serializers import DeckOut
from decks.lists.api.serializers import EmptyQuery
from decks.lists.api.serializers import ExportQuery
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_document
from decks.lists.selectors import deck_export_text
from decks.lists.selectors import decks_export_zip
from decks.lists.services import deck_create
from rules.decklist.parse import DeckFormatError
from rules.decklist.parse import entries_from_json
from rules.games import GAME_SLUGS
from rules.text import storable

DECK_DOCUMENT_KEYS = ("game", "name", "format", "description", "cards", "considering")


def _document(doc: Any) -> dict[str, Any]:
    """A docs/contracts/deck-format.md JSON document's parts, each checked; a bad part is a 400 naming its JSON path."""
    if not isinstance(doc, dict):
        raise bad("deck", 'Must be a JSON deck document: {"game", "name", "format", "cards"}.')
    refuse_unknown(doc.keys(), DECK_DOCUMENT_KEYS, "field", prefix="deck.")
    for key in ("game", "name", "format", "description"):
        if doc.get(key) is not None and not isinstance(doc[key], str):
            raise bad(f"deck.{key}", "Must be a string.")
        if isinstance(doc.get(key), str) and not storable(doc[key]):
            raise bad(f"deck.{key}", "Null characters and lone surrogates are not allowed.")
    if doc.get("game") is not None and doc["game"] not in GAME_SLUGS:
        raise bad("deck.game", f"Unknown game {doc['game']!r}; one of {', '.join(GAME_SLUGS)}.")
    if "cards" not in doc:
        raise bad("deck.cards", "Is required: a list of {title, count} or {set, number, count} entries.")
    for key in ("cards", "considering"):
        if key not in doc:
            continue
        try:
            entries_from_json(doc[key])  # the shape only: the service reads the list itself
        except DeckFormatError as exc:
            path = exc.path.replace("cards", key, 1) if exc.path else key
            raise bad(f"deck.{path}", exc.message) from exc
    return doc


class DeckImportApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_import",
        summary="Import a deck from text or a JSON deck document",
        description=(
            "`decklist` (text, with `game`) or `deck` (the JSON document of deck-format.md, which names its own "
            "game, name and format; the top-level `game`, `format` and `name` win when given, and a different "
            "`game` is a 400). Saved as a new private deck (or `visibility`). Errors name their JSON path, e.g. "
            "`deck.cards[2].count`; unknown cards are a 400 listing every one, and nothing is saved."
        ),
        request=DeckImportIn,
        responses=answers({201: DeckOut}, bad_request=True, signed_in=True),
        examples=[
            OpenApiExample(
                "JSON document",
                request_only=True,
                value={
                    "deck": {
                        "game": "chapter-and-verse",
                        "name": "Spring faith",
                        "format": "advanced",
                        "cards": [{"title": "By Small Means", "count": 3}, {"set": "CV1", "number": "17", "count": 1}],
                    }
                },
            ),
            OpenApiExample(
                "Text",
                request_only=True,
                value={"game": "chapter-and-verse", "name": "Spring faith", "decklist": "3 By Small Means\n"},
            ),
        ],
    )
    def post(self, request: SignedInRequest) -> Response:
        data = read_body(request, DeckImportIn)
        decklist, cards, considering = data.get("decklist"), None, None
        game_slug, name, fmt, description = data.get("game"), data.get("name"), data.get("format"), ""
        # Where each service field came from, to blame the right part of the request.
        origin: dict[str, str] = {}
        if "deck" in data:
            doc = _document(data["deck"])
            cards, origin["cards"] = doc["cards"], "deck.cards"
            considering, origin["considering"] = doc.get("considering"), "deck.considering"
            if game_slug is not None and doc.get("game") not in (None, game_slug):
                raise bad("deck.game", f"The document is a {doc['game']} deck but game is {game_slug}.")
            game_slug = game_slug or doc.get("game")
            if game_slug is None:
                raise bad("game", "Give game, or a document that names its game.")
            if name is None and doc.get("name") is not None:
                name, origin["name"] = doc["name"], "deck.name"
            if fmt is None and doc.get("format") is not None:
                fmt, origin["format"] = doc["format"], "deck.format"
            if doc.get("description") is not None:
                description, origin["description"] = doc["description"], "deck.description"
        game = game_get(slug=game_slug)
        if game is None:
            raise bad("game", f"No catalog of {game_slug} is loaded.")
        try:
            deck = deck_create(
                owner=request.user,
                game=game,
                name=name or "Imported deck",
                format_slug=fmt,
                description=description,
                visibility=data["visibility"],
                decklist=decklist,
                cards=cards,
                considering=considering,
            )
        except DeckRequestError as exc:
            raise request_error(exc, origin.get(exc.field)) from exc
        return Response(deck_body(deck, request), status=status.HTTP_201_CREATED)


class _ExportsFiles:
    # One answer whatever Accept or `?format=` asks: a text or zip file is its own HttpResponse, JSON the rest.
    renderer_classes: Sequence[type[BaseRenderer]] = [JSONRenderer]
    content_negotiation_class: type[BaseContentNegotiation] = FirstRenderer


class DeckExportApi(_ExportsFiles, DeckApiBase):
    @extend_schema(
        operation_id="decks_export",
        summary="Export a deck as text or as a JSON deck document",
        description=(
            "`as=text` (default): the canonical list of deck-format.md, one `COUNT TITLE (SET) NUMBER` line per "
            "title sorted by title, as text/plain; importing it and exporting again gives the same text. A "
            "considering board follows as comment lines (`// Considering`, then `// COUNT TITLE (SET) NUMBER`), "
            "which a reader of deck-format.md skips. `as=json`: the JSON document of deck-format.md, each card "
            "by set, number and title, with `considering` (the same entries) when the deck has a board."
        ),
        responses=answers(
            {(200, "text/plain"): OpenApiTypes.STR, (200, "application/json"): DeckDocumentOut},
            bad_request=True,
            missing=NOT_FOUND,
        ),
    )
    @reads_query(ExportQuery)
    def get(self, request: Request, deck_id: Any, query: dict[str, Any]) -> Response | HttpResponse:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        if query["as"] == "json":
            return Response(deck_document(deck), content_type="application/json")
        return HttpResponse(deck_export_text(deck), content_type="text/plain; charset=utf-8")


class DeckExportAllApi(_ExportsFiles, SignedInDeckApi):
    @extend_schema(
        operation_id="decks_export_all",
        summary="All your decks at once, as a zip of text lists",
        description=(
            "One text file per deck (the canonical list of deck-format.md, then its considering board as comment "
            "lines), under its folder's path (`folder/subfolder/name.txt`; archived decks under `archived/`)."
        ),
        responses=answers({(200, "application/zip"): OpenApiTypes.BINARY}, bad_request=True, signed_in=True),
    )
    @reads_query(EmptyQuery)
    def get(self, request: SignedInRequest) -> HttpResponse:
        response = HttpResponse(decks_export_zip(owner=request.user), content_type="application/zip")
        response["Content-Disposition"] = 'attachment; filename="my-decks.zip"'
        return response
