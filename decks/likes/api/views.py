"""Like API: like or unlike a deck you may read, and the decks you like.

A deck you may not read is a 404 (its id does not leak); your own deck cannot be liked (400).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from cardsite.api.authentication import SignedInRequest
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query
from decks.likes.api.serializers import DeckLikeOut
from decks.likes.api.serializers import LikedQuery
from decks.likes.selectors import decks_liked
from decks.likes.services import deck_like
from decks.likes.services import deck_unlike
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import deck_page
from decks.lists.api.serializers import DeckPageOut
from decks.lists.lookups import deck_readable_or_404


# Liking and unliking take no body and answer alike.
@extend_schema(request=None, responses=answers({200: DeckLikeOut}, bad_request=True, signed_in=True, missing=NOT_FOUND))
class DeckLikeApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_like",
        summary="Like (bookmark) a deck",
        description="Any deck you may read but your own; liking it again changes nothing.",
    )
    @reads_body(NoFields)
    def post(self, request: SignedInRequest, deck_id: Any) -> Response:
        likes = deck_like(deck=deck_readable_or_404(user=request.user, pk=deck_id), user=request.user)
        return Response({"liked": True, "likes": likes})

    @extend_schema(
        operation_id="decks_unlike",
        summary="Stop liking a deck",
    )
    def delete(self, request: SignedInRequest, deck_id: Any) -> Response:
        likes = deck_unlike(deck=deck_readable_or_404(user=request.user, pk=deck_id), user=request.user)
        return Response({"liked": False, "likes": likes})


class DecksLikedApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_liked",
        summary="The decks you like",
        description="The latest like first; a deck made private since is left out. Pages of 60.",
        responses=answers({200: DeckPageOut}, bad_request=True, signed_in=True),
    )
    @reads_query(LikedQuery)
    def get(self, request: SignedInRequest) -> Response:
        return deck_page(self, request, decks_liked(user=request.user))
