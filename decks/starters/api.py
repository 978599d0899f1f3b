"""Starter decks in the API: the list (anyone), and a copy into the caller's decks (signed in)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.authentication import SignedInRequest
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import deck_body
from decks.lists.api.base import not_found
from decks.lists.api.serializers import DeckOut
from decks.lists.api.serializers import EmptyQuery
from decks.starters.selectors import starter_get
from decks.starters.selectors import starters_available
from decks.starters.services import starter_copy

TAGS = ["starters"]


class StarterOut(serializers.Serializer):
    slug = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    label = serializers.CharField(help_text="Who it is for: First deck, Fixed deck, ...")  # type: ignore[assignment]  # a declared field, not the serializer's own .label: DRF's metaclass takes fields off the class
    format = serializers.CharField()
    description = serializers.CharField(help_text="The write-up, Markdown with [[Card]] links.")
    box = serializers.BooleanField(help_text="A fixed-deck game's box as it comes (every card with its copies).")
    card_count = serializers.IntegerField()


@extend_schema(tags=TAGS)
class _StarterApi(DeckApiBase):
    pass  # no docstring: the schema would take it as every operation's description


class StarterListApi(_StarterApi):
    @extend_schema(
        operation_id="starters_list",
        summary="Starter decks for new players",
        description="Every starter deck whose game's catalog is loaded, in a fixed order.",
        responses=answers({200: StarterOut(many=True)}, bad_request=True),
    )
    @reads_query(EmptyQuery)
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "slug": s.starter.slug,
                    "game": s.starter.game,
                    "name": s.starter.name,
                    "label": s.starter.label,
                    "format": s.starter.format,
                    "description": s.starter.writeup,
                    "box": s.starter.decklist is None,
                    "card_count": s.card_count,
                }
                for s in starters_available()
            ]
        )


class StarterCopyApi(_StarterApi, SignedInDeckApi):
    @extend_schema(
        operation_id="starters_copy",
        summary="Copy a starter deck into your decks",
        description="A private deck with the starter's list, format and write-up. Rate-limited with every other write.",
        request=None,
        responses=answers({201: DeckOut}, signed_in=True, missing=OpenApiResponse(description="No such starter deck.")),
    )
    @reads_body(NoFields)
    def post(self, request: SignedInRequest, slug: str) -> Response:
        found = starter_get(slug=slug)
        if found is None:
            raise not_found("starter deck")
        deck = starter_copy(starter=found[0], game=found[1], owner=request.user)
        return Response(deck_body(deck, request), status=status.HTTP_201_CREATED)
