"""Saved-deck API (/api/v1/decks/): CRUD, import, export, versions, comparison, validation, clone, built, missing.

One class per operation; the operations that share a URL (list and create,
read, change and delete) are joined by a class that inherits both. Reads go
through `deck_get_readable` (the owner, or anyone for an unlisted or public
deck), writes through `deck_get_owned`:

- a deck the caller may not read, or that does not exist, is a 404 (ids do not leak);
- a deck the caller may read but does not own is a 403 on every write and on
  the owner-only reads (`missing`): its existence is no secret to them;
- anonymous callers are 401/403 on every write and on the caller's own lists.

A 400 is `{"field", "message"}` (plus `findings` for entries not understood, or
`errors` for every field's problems); a stale save is a 409 on field "version".
Unknown query parameters and body fields are 400s naming them, never ignored.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.api.pagination import PageNumberWithSize
from cardcollections.selectors.catalog import game_get
from decks.api.deck_serializers import (
    CompareOut,
    CompareQuery,
    DeckBuiltIn,
    DeckBuiltOut,
    DeckCloneIn,
    DeckCreateIn,
    DeckDocumentOut,
    DeckErrorOut,
    DeckImportIn,
    DeckListQuery,
    DeckOut,
    DeckPageOut,
    DeckPatchIn,
    DeckSummaryOut,
    DeckVersionOut,
    DeckVersionPageOut,
    EmptyQuery,
    ExportQuery,
    TitleNeedOut,
    VersionQuery,
)
from decks.api.serializers import ValidationResultSerializer
from decks.api.views import BoundedJSONParser
from decks.exceptions import DeckRequestError
from decks.models import Deck, DeckVersion
from decks.selectors.decks import (
    deck_document,
    deck_get_owned,
    deck_get_readable,
    deck_list_owned,
    deck_list_public,
    deck_text,
    deck_validation_now,
    deck_version_changes,
    deck_version_get,
    deck_versions,
    deck_versions_numbered,
    decks_compare,
)
from decks.selectors.stock import deck_double_bookings, deck_missing
from decks.services.decks import (
    DeckListError,
    DeckVersionConflict,
    deck_clone,
    deck_create,
    deck_delete,
    deck_set_built,
    deck_update,
)
from rules.deck_compare import compare_lists
from rules.decklist import DeckFormatError, entries_from_json
from rules.games import GAME_SLUGS

TAGS = ["decks"]
# PostgreSQL's integer: a larger version number names nothing (and must not reach the database).
MAX_NUMBER = 2**31 - 1
DECK_DOCUMENT_KEYS = ("game", "name", "format", "description", "cards")
# What a text column cannot hold (PostgreSQL refuses NUL; UTF-8 cannot encode a lone surrogate).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

NOT_FOUND = OpenApiResponse(description="No such deck, or one you may not read.")
NOT_OWNER = OpenApiResponse(description="You may read this deck but it is not yours.")
BAD_REQUEST = OpenApiResponse(DeckErrorOut, description="The request is wrong; `field` names what.")
NOT_SIGNED_IN = OpenApiResponse(description="Not signed in.")


# ---------------------------------------------------------------- errors
class Problem(Exception):
    """An answer other than success, with its body: raised anywhere in a view, answered by `DeckApiBase`."""

    def __init__(self, status_code: int, body: dict[str, Any]):
        super().__init__(body.get("message") or body.get("detail"))
        self.status_code = status_code
        self.body = body


def bad(field: str, message: str, **extra: Any) -> Problem:
    return Problem(status.HTTP_400_BAD_REQUEST, {"field": field, "message": message, **extra})


def _not_found(what: str = "deck") -> Problem:
    return Problem(status.HTTP_404_NOT_FOUND, {"detail": f"No such {what}."})


def _request_error(exc: DeckRequestError, field: str | None = None) -> Problem:
    """A service's refusal as a 400; `field` blames another name (a JSON path into a document, "deck.cards")."""
    field = field or exc.field
    if isinstance(exc, DeckListError):
        findings = [f.to_dict() for f in exc.findings]
        if field != exc.field:
            for f in findings:
                if isinstance(f.get("index"), int):
                    f["path"] = f"{field}[{f['index']}]"
        return bad(field, exc.message, findings=findings)
    return bad(field, exc.message)


def _error_path(errors: Any, prefix: str = "") -> tuple[str, str]:
    """The first problem in a serializer's errors: its JSON path ("cards[0]") and message."""
    if isinstance(errors, dict):
        key, value = next(iter(errors.items()))
        if key == "non_field_errors":
            return _error_path(value, prefix)
        name = f"{prefix}[{key}]" if isinstance(key, int) else (f"{prefix}.{key}" if prefix else str(key))
        return _error_path(value, name)
    if isinstance(errors, list) and errors:
        for i, item in enumerate(errors):
            if item:  # a list of nested errors has {} for the items that were fine
                if isinstance(item, (dict, list)):
                    return _error_path(item, f"{prefix}[{i}]")
                return prefix, str(item)
    return prefix, str(errors)


def _check_keys(given: Any, allowed: Any, what: str, prefix: str = "") -> None:
    unknown = sorted(str(k) for k in given if k not in allowed)
    if unknown:
        names = ", ".join(unknown)
        raise bad(
            f"{prefix}{unknown[0]}",
            f"Unknown {what}{'s' if len(unknown) > 1 else ''}: {names}. Known: {', '.join(sorted(allowed))}.",
            unknown=unknown,
        )


def read_query(request: Request, serializer_class: type) -> dict[str, Any]:
    """The query parameters, checked: unknown or repeated ones and bad values are 400s naming them."""
    fields = serializer_class().fields
    params = request.query_params
    _check_keys(params.keys(), fields.keys(), "parameter")
    for key in params:
        if len(params.getlist(key)) > 1:
            raise bad(key, f"{key} is given more than once.")
    serializer = serializer_class(data=params.dict())
    if not serializer.is_valid():
        field, message = _error_path(serializer.errors)
        raise bad(field, message, errors=serializer.errors)
    return dict(serializer.validated_data)


def read_body(request: Request, serializer_class: type) -> dict[str, Any]:
    """The JSON body, checked: not an object, unknown fields and bad values are 400s naming the field."""
    data = request.data
    if not isinstance(data, dict):
        raise bad("", "The body must be a JSON object.")
    _check_keys(data.keys(), serializer_class().fields.keys(), "field")
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        field, message = _error_path(serializer.errors)
        raise bad(field, message, errors=serializer.errors)
    return dict(serializer.validated_data)


# ---------------------------------------------------------------- finding decks
def readable_deck(request: Request, deck_id: Any) -> Deck:
    deck = deck_get_readable(deck_id=deck_id, user=request.user)
    if deck is None:
        raise _not_found()
    return deck


def owned_deck(request: Request, deck_id: Any) -> Deck:
    """The caller's own deck: 404 if they may not read it, 403 if they may read it but it is someone else's."""
    deck = deck_get_owned(deck_id=deck_id, user=request.user)
    if deck is not None:
        return deck
    if deck_get_readable(deck_id=deck_id, user=request.user) is not None:
        raise Problem(status.HTTP_403_FORBIDDEN, {"detail": "Only the deck's owner may do this."})
    raise _not_found()


def deck_body(deck: Deck, request: Request) -> dict[str, Any]:
    return DeckOut(deck, context={"request": request}).data


class DeckApiBase(APIView):
    parser_classes = [BoundedJSONParser]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, DeckRequestError):
            exc = _request_error(exc)
        if isinstance(exc, Problem):
            return Response(exc.body, status=exc.status_code)
        return super().handle_exception(exc)


# ---------------------------------------------------------------- list and create
class DeckListApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_list",
        summary="Your decks, or everyone's public decks",
        description=(
            "`scope=mine` (the default; login needed): your decks, newest change first. `scope=public`: everyone's "
            "public decks, yours included (no login needed). `game` narrows either; `built` too. Pages of 60 "
            "(`page_size` up to 200). An unknown parameter or value is a 400 naming it."
        ),
        parameters=[DeckListQuery],
        responses={200: DeckPageOut, 400: BAD_REQUEST, 401: NOT_SIGNED_IN, 403: NOT_SIGNED_IN},
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        query = read_query(request, DeckListQuery)
        if query["scope"] == "public":
            decks = deck_list_public(game=query.get("game"))
        elif not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to list your decks, or ask for scope=public.")
        else:
            decks = deck_list_owned(owner=request.user, game=query.get("game"))
        if query.get("built") is not None:
            decks = decks.filter(built=query["built"])
        paginator = PageNumberWithSize()
        page = paginator.paginate_queryset(decks, request, view=self)
        return paginator.get_paginated_response(DeckSummaryOut(page, many=True, context={"request": request}).data)


class DeckCreateApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_create",
        summary="Save a new deck",
        description=(
            "The list is `decklist` (text) or `cards` (JSON entries), or neither for an empty deck. It is "
            "validated and saved whether legal or not; a list with unknown cards or unreadable lines is refused "
            "whole (400 with every finding, each with its `line` or `index`) and nothing is saved."
        ),
        request=DeckCreateIn,
        responses={201: DeckOut, 400: BAD_REQUEST, 401: NOT_SIGNED_IN, 403: NOT_SIGNED_IN},
        examples=[
            OpenApiExample(
                "A text list",
                request_only=True,
                value={
                    "game": "chapter-and-verse",
                    "name": "Spring faith",
                    "format": "advanced",
                    "visibility": "unlisted",
                    "decklist": "3 By Small Means\n2 Faith Without Works\n",
                },
            ),
            OpenApiExample(
                "Unknown cards",
                response_only=True,
                status_codes=["400"],
                value={
                    "field": "decklist",
                    "message": "Line 2: No Chapter and Verse card is called Bye Small Means. Did you mean By Small Means?",
                    "findings": [
                        {
                            "code": "unknown-card",
                            "title": "Bye Small Means",
                            "line": 2,
                            "suggestions": ["By Small Means"],
                            "message": "Line 2: No Chapter and Verse card is called Bye Small Means. "
                            "Did you mean By Small Means?",
                        }
                    ],
                },
            ),
        ],
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        data = read_body(request, DeckCreateIn)
        game = game_get(slug=data["game"])
        if game is None:
            raise bad("game", f"No catalog of {data['game']} is loaded.")
        deck = deck_create(
            owner=request.user,
            game=game,
            name=data["name"],
            format_slug=data.get("format"),
            description=data["description"],
            visibility=data["visibility"],
            decklist=data.get("decklist"),
            cards=data.get("cards"),
        )
        return Response(deck_body(deck, request), status=status.HTTP_201_CREATED)


class DecksApi(DeckListApi, DeckCreateApi):
    """/decks/: GET lists, POST creates."""


# ---------------------------------------------------------------- one deck
class DeckDetailApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_retrieve",
        summary="A deck",
        description="Yours, or anyone's unlisted or public deck. 404 for a private deck of someone else.",
        responses={200: DeckOut, 404: NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any) -> Response:
        read_query(request, EmptyQuery)
        return Response(deck_body(readable_deck(request, deck_id), request))


class DeckUpdateApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_update",
        summary="Change a deck (owner only)",
        description=(
            "Any of name, description, visibility, format, and the list (`decklist` or `cards`). A new list or "
            "format is a new version; the previous one stays in the history. Send `version` (the one you "
            "edited): if the deck was saved since, the answer is **409** on field `version` and nothing changes. "
            "A list with unknown cards is refused whole (400 with findings)."
        ),
        request=DeckPatchIn,
        responses={
            200: DeckOut,
            400: BAD_REQUEST,
            401: NOT_SIGNED_IN,
            403: NOT_OWNER,
            404: NOT_FOUND,
            409: OpenApiResponse(
                DeckErrorOut, description="Saved since the version you sent; `version` is the latest."
            ),
        },
        tags=TAGS,
    )
    def patch(self, request: Request, deck_id: Any) -> Response:
        deck = owned_deck(request, deck_id)
        data = read_body(request, DeckPatchIn)
        try:
            deck = deck_update(
                deck=deck,
                name=data.get("name"),
                description=data.get("description"),
                visibility=data.get("visibility"),
                format_slug=data.get("format"),
                decklist=data.get("decklist"),
                cards=data.get("cards"),
                expected_version=data.get("version"),
            )
        except DeckVersionConflict as exc:
            latest = deck_get_owned(deck_id=deck.pk, user=request.user)
            body = {"field": exc.field, "message": exc.message, "version": latest.version if latest else None}
            return Response(body, status=status.HTTP_409_CONFLICT)
        return Response(deck_body(deck, request))


class DeckDeleteApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_destroy",
        summary="Delete a deck (owner only)",
        description="Its versions go with it; if it was built, its cards are released in your collection.",
        responses={204: None, 401: NOT_SIGNED_IN, 403: NOT_OWNER, 404: NOT_FOUND},
        tags=TAGS,
    )
    def delete(self, request: Request, deck_id: Any) -> Response:
        deck_delete(deck=owned_deck(request, deck_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckApi(DeckDetailApi, DeckUpdateApi, DeckDeleteApi):
    """/decks/{id}/: GET reads, PATCH changes, DELETE deletes."""


# ---------------------------------------------------------------- import and export
def _document(doc: Any) -> dict[str, Any]:
    """A deck-format.md JSON document's parts, each checked; a bad part is a 400 naming its JSON path."""
    if not isinstance(doc, dict):
        raise bad("deck", 'Must be a JSON deck document: {"game", "name", "format", "cards"}.')
    _check_keys(doc.keys(), DECK_DOCUMENT_KEYS, "field", prefix="deck.")
    for key in ("game", "name", "format", "description"):
        if doc.get(key) is not None and not isinstance(doc[key], str):
            raise bad(f"deck.{key}", "Must be a string.")
        if isinstance(doc.get(key), str) and _UNSTORABLE.search(doc[key]):
            raise bad(f"deck.{key}", "Null characters and lone surrogates are not allowed.")
    if doc.get("game") is not None and doc["game"] not in GAME_SLUGS:
        raise bad("deck.game", f"Unknown game {doc['game']!r}; one of {', '.join(GAME_SLUGS)}.")
    if "cards" not in doc:
        raise bad("deck.cards", "Is required: a list of {title, count} or {set, number, count} entries.")
    try:
        entries_from_json(doc["cards"])  # the shape only: the service reads the list itself
    except DeckFormatError as exc:
        raise bad(f"deck.{exc.path}" if exc.path else "deck.cards", exc.message) from exc
    return doc


class DeckImportApi(DeckApiBase):
    permission_classes = [permissions.IsAuthenticated]

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
        responses={201: DeckOut, 400: BAD_REQUEST, 401: NOT_SIGNED_IN, 403: NOT_SIGNED_IN},
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
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        data = read_body(request, DeckImportIn)
        decklist, cards = data.get("decklist"), None
        game_slug, name, fmt, description = data.get("game"), data.get("name"), data.get("format"), ""
        # Where each service field came from, to blame the right part of the request.
        origin: dict[str, str] = {}
        if "deck" in data:
            doc = _document(data["deck"])
            cards, origin["cards"] = doc["cards"], "deck.cards"
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
            )
        except DeckRequestError as exc:
            raise _request_error(exc, origin.get(exc.field)) from exc
        return Response(deck_body(deck, request), status=status.HTTP_201_CREATED)


class FirstRenderer(BaseContentNegotiation):
    """JSON whatever the Accept header says: the text export is an HttpResponse of its own (text/plain)."""

    def select_parser(self, request: Request, parsers: list) -> Any:
        return parsers[0]

    def select_renderer(self, request: Request, renderers: list, format_suffix: str | None = None) -> tuple:
        return renderers[0], renderers[0].media_type


class DeckExportApi(DeckApiBase):
    renderer_classes = [JSONRenderer]
    content_negotiation_class = FirstRenderer

    @extend_schema(
        operation_id="decks_export",
        summary="Export a deck as text or as a JSON deck document",
        description=(
            "`as=text` (default): the canonical list of deck-format.md, one `COUNT TITLE (SET) NUMBER` line per "
            "title sorted by title, as text/plain; importing it and exporting again gives the same text. "
            "`as=json`: the JSON document of deck-format.md, each card by set, number and title."
        ),
        parameters=[ExportQuery],
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (200, "application/json"): DeckDocumentOut,
            400: BAD_REQUEST,
            404: NOT_FOUND,
        },
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any) -> Response | HttpResponse:
        query = read_query(request, ExportQuery)
        deck = readable_deck(request, deck_id)
        if query["as"] == "json":
            return Response(deck_document(deck), content_type="application/json")
        return HttpResponse(deck_text(deck), content_type="text/plain; charset=utf-8")


# ---------------------------------------------------------------- versions and comparisons
def _version_body(version: DeckVersion, changes: dict[str, Any]) -> dict[str, Any]:
    return {
        "number": version.number,
        "name": version.name,
        "format": version.format,
        "card_count": version.card_count,
        "created": version.created,
        "cards": version.cards,
        "changes": changes,
    }


class DeckVersionsApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_versions",
        summary="A deck's versions, newest first",
        description="Each saved list with what changed from the version before it (version 1: every card added).",
        parameters=[VersionQuery],
        responses={200: DeckVersionPageOut, 400: BAD_REQUEST, 404: NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any) -> Response:
        read_query(request, VersionQuery)
        deck = readable_deck(request, deck_id)
        paginator = PageNumberWithSize()
        page = paginator.paginate_queryset(deck_versions(deck=deck), request, view=self)
        on_page = {v.number: v for v in page}
        wanted = {v.number - 1 for v in page if v.number > 1 and v.number - 1 not in on_page}
        previous = {**deck_versions_numbered(deck=deck, numbers=wanted), **on_page} if wanted else on_page
        results = []
        for v in page:
            before = previous.get(v.number - 1)
            results.append(
                DeckVersionOut(_version_body(v, compare_lists(before.cards if before else [], v.cards).to_dict())).data
            )
        return paginator.get_paginated_response(results)


class DeckVersionApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_version",
        summary="One version of a deck",
        responses={200: DeckVersionOut, 404: NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any, number: int) -> Response:
        read_query(request, EmptyQuery)
        deck = readable_deck(request, deck_id)
        version = deck_version_get(deck=deck, number=number) if number <= MAX_NUMBER else None
        if version is None:
            raise _not_found("version")
        changes = deck_version_changes(deck=deck, number=number)
        return Response(DeckVersionOut(_version_body(version, changes.to_dict())).data)


def _side(deck: Deck, number: int | None, field: str) -> Deck | DeckVersion:
    if number is None or number == deck.version:
        return deck
    version = deck_version_get(deck=deck, number=number)
    if version is None:
        raise Problem(status.HTTP_404_NOT_FOUND, {"detail": f"No such version ({field}={number})."})
    return version


class DeckCompareApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_compare",
        summary="Compare a deck with another deck",
        description=(
            "`with` is the other deck's id; `version` and `with_version` pick versions (default: the latest). "
            "The changes go from this deck to `with`: `added` are titles `with` has more copies of. Both decks "
            "must be ones you may read (404 otherwise); a deck may be compared with itself across versions."
        ),
        parameters=[CompareQuery],
        responses={200: CompareOut, 400: BAD_REQUEST, 404: NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any) -> Response:
        query = read_query(request, CompareQuery)
        deck = readable_deck(request, deck_id)
        other = readable_deck(request, query["with"])
        for key in ("version", "with_version"):
            if query.get(key, 0) > MAX_NUMBER:
                raise Problem(status.HTTP_404_NOT_FOUND, {"detail": f"No such version ({key}={query[key]})."})
        before = _side(deck, query.get("version"), "version")
        after = _side(other, query.get("with_version"), "with_version")
        comparison = decks_compare(before=before, after=after)

        def side(d: Deck, v: Deck | DeckVersion) -> dict[str, Any]:
            number = d.version if isinstance(v, Deck) else v.number
            return {"id": d.pk, "name": v.name, "version": number, "card_count": v.card_count}

        body = {"deck": side(deck, before), "with": side(other, after), "same": comparison.same}
        body["changes"] = comparison.to_dict()
        return Response(CompareOut(body).data)


# ---------------------------------------------------------------- validation, clone, built, missing
class DeckValidationApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_validation",
        summary="The deck checked against its format now",
        description=(
            "The validation.md result of the stored list, run again now (the format or the catalog may have "
            "changed since the deck was saved). Nothing is stored."
        ),
        responses={200: ValidationResultSerializer, 404: NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any) -> Response:
        read_query(request, EmptyQuery)
        return Response(deck_validation_now(deck=readable_deck(request, deck_id)))


class DeckCloneApi(DeckApiBase):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="decks_clone",
        summary="Copy a deck into your decks",
        description="Any deck you may read, yours included; the copy is private, with its own history.",
        request=DeckCloneIn,
        responses={201: DeckOut, 400: BAD_REQUEST, 401: NOT_SIGNED_IN, 403: NOT_SIGNED_IN, 404: NOT_FOUND},
        tags=TAGS,
    )
    def post(self, request: Request, deck_id: Any) -> Response:
        deck = readable_deck(request, deck_id)
        data = read_body(request, DeckCloneIn) if request.data else {}
        copy = deck_clone(deck=deck, owner=request.user, name=data.get("name"))
        return Response(deck_body(copy, request), status=status.HTTP_201_CREATED)


class DeckBuiltApi(DeckApiBase):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="decks_built",
        summary="Mark a deck built, or take it apart (owner only)",
        description=(
            "Built: its cards are reserved from your collection. The answer lists `double_booked`: titles whose "
            "copies another built deck already held when this one was marked (warn the player)."
        ),
        request=DeckBuiltIn,
        responses={200: DeckBuiltOut, 400: BAD_REQUEST, 401: NOT_SIGNED_IN, 403: NOT_OWNER, 404: NOT_FOUND},
        tags=TAGS,
    )
    def put(self, request: Request, deck_id: Any) -> Response:
        deck = owned_deck(request, deck_id)
        data = read_body(request, DeckBuiltIn)
        clashes = [t.to_dict() for t in deck_double_bookings(deck=deck)] if data["built"] else []
        deck = deck_set_built(deck=deck, built=data["built"])
        return Response({"deck": deck_body(deck, request), "double_booked": clashes})


class DeckMissingApi(DeckApiBase):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="decks_missing",
        summary="The cards you still need for a deck (owner only)",
        description=(
            "Each title with copies still to get: not owned, or owned but held by another built deck; with how "
            "many copies other players offer for trade."
        ),
        responses={200: TitleNeedOut(many=True), 401: NOT_SIGNED_IN, 403: NOT_OWNER, 404: NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, deck_id: Any) -> Response:
        read_query(request, EmptyQuery)
        deck = owned_deck(request, deck_id)
        return Response([t.to_dict() for t in deck_missing(deck=deck)])
