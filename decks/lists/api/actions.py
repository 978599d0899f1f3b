"""Saved-deck API: a deck validated now, cloned, marked built, and the cards still missing for it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.authentication import SignedInRequest
from cardsite.api.reading import read_body
from cardsite.api.reading import reads_query
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import NOT_OWNER
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import deck_body
from decks.lists.api.serializers import DeckBuiltIn
from decks.lists.api.serializers import DeckBuiltOut
from decks.lists.api.serializers import DeckCloneIn
from decks.lists.api.serializers import DeckOut
from decks.lists.api.serializers import EmptyQuery
from decks.lists.api.serializers import TitleNeedOut
from decks.lists.lookups import deck_owned_or_refused
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_validation_now
from decks.lists.services import deck_clone
from decks.lists.services import deck_set_built
from decks.stock.selectors import deck_double_bookings
from decks.stock.selectors import deck_missing
from decks.validation.api.serializers import ValidationResultSerializer


class DeckValidationApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_validation",
        summary="The deck checked against its format now",
        description=(
            "The validation.md result of the stored list, run again now (the format or the catalog may have "
            "changed since the deck was saved). Nothing is stored."
        ),
        responses=answers({200: ValidationResultSerializer}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(EmptyQuery)
    def get(self, request: Request, deck_id: Any) -> Response:
        return Response(deck_validation_now(deck=deck_readable_or_404(user=request.user, pk=deck_id)))


class DeckCloneApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_clone",
        summary="Copy a deck into your decks",
        description="Any deck you may read, yours included; the copy is private, with its own history.",
        request=DeckCloneIn,
        responses=answers({201: DeckOut}, bad_request=True, signed_in=True, missing=NOT_FOUND),
    )
    def post(self, request: SignedInRequest, deck_id: Any) -> Response:
        data = read_body(request, DeckCloneIn) if request.data else {}
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        copy = deck_clone(deck=deck, owner=request.user, name=data.get("name"))
        return Response(deck_body(copy, request), status=status.HTTP_201_CREATED)


class DeckBuiltApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_built",
        summary="Mark a deck built, or take it apart (owner only)",
        description=(
            "Built: its cards are reserved from your collection. The answer lists `double_booked`: titles whose "
            "copies another built deck already held when this one was marked (warn the player)."
        ),
        request=DeckBuiltIn,
        responses=answers(
            {200: DeckBuiltOut}, bad_request=True, signed_in=True, forbidden=NOT_OWNER, missing=NOT_FOUND
        ),
    )
    def put(self, request: Request, deck_id: Any) -> Response:
        data = read_body(request, DeckBuiltIn)
        deck = deck_owned_or_refused(user=request.user, pk=deck_id)
        clashes = [t.to_dict() for t in deck_double_bookings(deck=deck)] if data["built"] else []
        deck = deck_set_built(deck=deck, built=data["built"])
        return Response({"deck": deck_body(deck, request), "double_booked": clashes})


class DeckMissingApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_missing",
        summary="The cards you still need for a deck (owner only)",
        description=(
            "Each title with copies still to get: not owned, or owned but held by another built deck; with how "
            "many copies other players offer for trade."
        ),
        responses=answers(
            {200: TitleNeedOut(many=True)}, bad_request=True, signed_in=True, forbidden=NOT_OWNER, missing=NOT_FOUND
        ),
    )
    @reads_query(EmptyQuery)
    def get(self, request: Request, deck_id: Any) -> Response:
        deck = deck_owned_or_refused(user=request.user, pk=deck_id)
        return Response([t.to_dict() for t in deck_missing(deck=deck)])
