"""Follows in the API: who you follow (GET, POST `{username}`), unfollow (DELETE), and your feed."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import bad
from cardsite.api.pagination import page_response
from cardsite.api.reading import read_body
from cardsite.api.reading import reads_query
from decks.follows.selectors import feed_for
from decks.follows.selectors import follows_of
from decks.follows.selectors import player_get
from decks.follows.services import follow_add
from decks.follows.services import follow_remove
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import not_found
from decks.lists.api.serializers import DeckSummaryOut
from decks.lists.api.serializers import PageQuery
from decks.lists.api.serializers import page_out
from decks.models import DeckVersion
from decks.validation.api.serializers import StrictCharField

TAGS = ["follows"]


class FollowOut(serializers.Serializer):
    username = serializers.CharField(source="followed.username")
    since = serializers.DateTimeField(source="created")


class FollowIn(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text="The player to follow.")


class FeedItemOut(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["new-deck", "new-version"])
    version = serializers.IntegerField()
    card_count = serializers.IntegerField()
    created = serializers.DateTimeField()
    deck = DeckSummaryOut()


def _feed_items(versions: list[DeckVersion], request: Request) -> list[dict[str, Any]]:
    context = {"request": request}
    return [
        {
            "kind": "new-deck" if v.number == 1 else "new-version",
            "version": v.number,
            "card_count": v.card_count,
            "created": serializers.DateTimeField().to_representation(v.created),
            "deck": DeckSummaryOut(v.deck, context=context).data,
        }
        for v in versions
    ]


FollowPageOut = page_out("FollowPageOut", FollowOut(many=True))
FeedPageOut = page_out("FeedPageOut", FeedItemOut(many=True))


@extend_schema(tags=TAGS)
class _FollowApi(SignedInDeckApi):
    pass  # no docstring: the schema would take it as every operation's description


class FollowListApi(_FollowApi):
    @extend_schema(
        operation_id="follows_list",
        summary="The players you follow",
        responses=answers({200: FollowPageOut}, bad_request=True, signed_in=True),
    )
    @reads_query(PageQuery)
    def get(self, request: SignedInRequest) -> Response:
        return page_response(
            self, request, follows_of(follower=request.user), lambda page: FollowOut(page, many=True).data
        )


class FollowCreateApi(_FollowApi):
    @extend_schema(
        operation_id="follows_create",
        summary="Follow a player",
        description="Their new public decks and versions come to your feed. Following again changes nothing.",
        request=FollowIn,
        responses=answers({201: FollowOut}, bad_request=True, signed_in=True),
    )
    def post(self, request: SignedInRequest) -> Response:
        data = read_body(request, FollowIn)
        player = player_get(username=data["username"])
        if player is None:
            raise bad("username", "No player has this username.")
        follow = follow_add(follower=request.user, followed=player)
        return Response(FollowOut(follow).data, status=status.HTTP_201_CREATED)


class FollowsApi(FollowListApi, FollowCreateApi):
    """/follows/: GET lists, POST follows."""


class FollowDeleteApi(_FollowApi):
    @extend_schema(
        operation_id="follows_destroy",
        summary="Stop following a player",
        responses=answers(
            {204: None}, signed_in=True, missing=OpenApiResponse(description="You do not follow this player.")
        ),
    )
    def delete(self, request: SignedInRequest, username: str) -> Response:
        player = player_get(username=username)
        if player is None or not follow_remove(follower=request.user, followed=player):
            raise not_found("follow")
        return Response(status=status.HTTP_204_NO_CONTENT)


class FeedApi(_FollowApi):
    @extend_schema(
        operation_id="follows_feed",
        summary="Your feed: new public decks and versions of the players you follow",
        description="Newest first. Only decks public now appear.",
        responses=answers({200: FeedPageOut}, bad_request=True, signed_in=True),
    )
    @reads_query(PageQuery)
    def get(self, request: SignedInRequest) -> Response:
        return page_response(self, request, feed_for(follower=request.user), lambda page: _feed_items(page, request))
