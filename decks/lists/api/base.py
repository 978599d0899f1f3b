"""Saved-deck API plumbing: the base view, finding the caller's decks, and refusals in the decks API's shape.

Reads look the deck up with `decks.lists.lookups.deck_readable_or_404` (the owner, or anyone for an unlisted
or public deck), writes with `deck_owned_or_refused` (cardsite.api.errors.owned_or_refused, the 403/404 rule):

- a deck the caller may not read, or that does not exist, is a 404 (ids do not leak);
- a deck the caller may read but does not own is a 403 on every write and on
  the owner-only reads (`missing`): its existence is no secret to them;
- anonymous callers are 401/403 on every write and on the caller's own lists.

A 400 is `{"field", "message"}` (plus `findings` for entries not understood, or
`errors` for every field's problems); a stale save is a 409 on field "version".
Unknown query parameters and body fields are 400s naming them, never ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any
from typing import cast

from django.db.models import QuerySet
from django.db.models import prefetch_related_objects
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.errors import Problem
from cardsite.api.errors import bad
from cardsite.api.errors import refused
from cardsite.api.pagination import page_response
from decks.exceptions import DeckRequestError
from decks.lists.api.serializers import DeckErrorOut
from decks.lists.api.serializers import DeckOut
from decks.lists.api.serializers import DeckSummaryOut
from decks.lists.services import DeckListError
from decks.models import Deck

TAGS = ["decks"]
# PostgreSQL's integer: a larger version number names nothing (and must not reach the database).
MAX_NUMBER = 2**31 - 1

NOT_FOUND = OpenApiResponse(description="No such deck, or one you may not read.")
NOT_OWNER = OpenApiResponse(description="You may read this deck but it is not yours.")
BAD_REQUEST = OpenApiResponse(DeckErrorOut, description="The request is wrong; `field` names what.")
NOT_SIGNED_IN = OpenApiResponse(description="Not signed in.")


def answers(
    ok: dict[Any, Any],
    *,
    bad_request: bool = False,
    signed_in: bool = False,
    forbidden: OpenApiResponse | None = None,
    missing: OpenApiResponse | None = None,
) -> dict[Any, Any]:
    """An operation's schema responses: `ok` ({status: body}), then the refusals it gives, by status.

    `bad_request`: 400 BAD_REQUEST; `signed_in`: sign-in needed, 401 and 403 NOT_SIGNED_IN;
    `forbidden`: its own 403 (NOT_OWNER ...) instead; `missing`: its 404.
    """
    responses = dict(ok)
    if bad_request:
        responses[400] = BAD_REQUEST
    if signed_in:
        responses[401] = NOT_SIGNED_IN
    if forbidden is not None or signed_in:
        responses[403] = forbidden or NOT_SIGNED_IN
    if missing is not None:
        responses[404] = missing
    return responses


def not_found(what: str = "deck") -> Problem:
    return refused(status.HTTP_404_NOT_FOUND, f"No such {what}.")


def request_error(exc: DeckRequestError, field: str | None = None) -> Problem:
    """A service's refusal as a 400 blaming another `field` (a JSON path into a document, "deck.cards"):
    the handler answers one that blames its own field."""
    field = field or exc.field
    if isinstance(exc, DeckListError):
        findings = [f.to_dict() for f in exc.findings]
        if field != exc.field:
            for f in findings:
                if isinstance(f.get("index"), int):
                    f["path"] = f"{field}[{f['index']}]"
        return bad(field, exc.message, findings=findings)
    return bad(field, exc.message)


def deck_body(deck: Deck, request: Request) -> dict[str, Any]:
    return DeckOut(deck, context={"request": request}).data


def deck_summaries(decks: Iterable[Deck], request: Request) -> list[dict[str, Any]]:
    """The decks as the lists show them (DeckSummaryOut), with their tags and the owner's folder.

    Tags and folders are read here for all the decks at once, a query each, whichever list the decks
    come from (a list that read them already is not read again).
    """
    rows = list(decks)
    prefetch_related_objects(rows, "tags", "folder")
    # many=True: a ReturnList of the decks' dicts (the stubs type every serializer's data as one ReturnDict).
    return cast(list[dict[str, Any]], DeckSummaryOut(rows, many=True, context={"request": request}).data)


def deck_page(view: APIView, request: Request, decks: QuerySet[Deck] | Sequence[Deck]) -> Response:
    """One page of `decks` as the lists show them (DeckPageOut: each a DeckSummaryOut)."""
    return page_response(view, request, decks, lambda page: deck_summaries(page, request))


# No docstring: the schema would take it as the description of every operation that has none.
# Its operations are tagged "decks" unless a feature's base (or an operation) names its own tags.
@extend_schema(tags=TAGS)
class DeckApiBase(APIView):
    # A service's DeckRequestError is a 400 naming its field, as every ServiceError of its kind
    # (cardsite.api's handler answers it); a view maps one onto another answer with `problems`.
    problems: dict[type[Exception], Callable[[Any], Problem]] = {}


class SignedInDeckApi(DeckApiBase):
    permission_classes = [permissions.IsAuthenticated]
