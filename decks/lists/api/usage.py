"""Saved-deck API: the public decks that play a card (any printing of its title)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from cardcollections.catalog.selectors import card_get
from cardsite.api.reading import reads_query
from decks.lists.api.base import MAX_NUMBER
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import answers
from decks.lists.api.base import deck_page
from decks.lists.api.base import not_found
from decks.lists.api.serializers import DeckPageOut
from decks.lists.api.serializers import PageQuery
from decks.lists.selectors import deck_list_public_playing


class CardDecksApi(DeckApiBase):
    @extend_schema(
        operation_id="cards_public_decks",
        summary="The public decks that play a card",
        description="Decks with any printing of the card's title, newest change first; `count` is how many.",
        responses=answers({200: DeckPageOut}, bad_request=True, missing=OpenApiResponse(description="No such card.")),
    )
    @reads_query(PageQuery)
    def get(self, request: Request, card_id: int) -> Response:
        card = card_get(pk=card_id) if 0 < card_id <= MAX_NUMBER else None
        if card is None:
            raise not_found("card")
        decks = deck_list_public_playing(card=card).defer("cards", "validation", "description")
        return deck_page(self, request, decks)
