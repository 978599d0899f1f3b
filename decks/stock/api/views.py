"""Decks I can build, in the API: every public deck with the share of its list the caller's free copies fill,
and one deck's share (/api/v1/decks/buildable/, /api/v1/decks/{id}/buildable/)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.pagination import page_response
from cardsite.api.reading import reads_query
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import deck_summaries
from decks.lists.api.serializers import DeckSummaryOut
from decks.lists.api.serializers import EmptyQuery
from decks.lists.api.serializers import PageQuery
from decks.lists.api.serializers import page_out
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_list_public
from decks.models import Deck
from decks.stock.selectors import BUILD_FILTERS
from decks.stock.selectors import Buildable
from decks.stock.selectors import deck_buildable
from decks.stock.selectors import decks_buildable
from decks.stock.selectors import decks_filter_buildable
from rules.games import GAME_SLUGS

NOTHING = Buildable(0, 0)  # an empty list


class BuildableOut(serializers.Serializer):
    buildable = serializers.IntegerField(help_text="Copies of the list your free copies fill, title by title.")
    needed = serializers.IntegerField(help_text="Copies in the list.")
    percent = serializers.IntegerField(
        help_text="buildable / needed, in whole percent rounded down (0 for an empty list)."
    )


def buildable_body(share: Buildable) -> dict[str, int]:
    return {"buildable": share.buildable, "needed": share.needed, "percent": share.percent}


class BuildableDeckOut(serializers.Serializer):
    deck = DeckSummaryOut()
    buildable = BuildableOut()


BuildablePageOut = page_out("BuildablePageOut", BuildableDeckOut(many=True))


class BuildableQuery(PageQuery):
    game = serializers.ChoiceField(choices=GAME_SLUGS, required=False, help_text="Only this game's decks.")
    build = serializers.ChoiceField(
        choices=list(BUILD_FILTERS),
        required=False,
        help_text="100: only decks you can build in full; 90: at least 90 % of the list. Left out: every public deck.",
    )


class PublicBuildableApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_buildable_list",
        summary="Public decks with the share you can build",
        description=(
            "Everyone's public decks (yours included), newest change first, each with how much of its list your "
            "free copies fill: owned, not reserved by your built decks, counted by title across printings. "
            "`build=100` or `build=90` keeps the decks you can build in full or at least 90 % of."
        ),
        responses=answers({200: BuildablePageOut}, bad_request=True, signed_in=True),
    )
    @reads_query(BuildableQuery)
    def get(self, request: Request, query: dict[str, Any]) -> Response:
        decks = deck_list_public(game=query.get("game"))
        shares: dict[Any, Buildable] = {}
        if query.get("build"):
            decks, shares = decks_filter_buildable(
                user=request.user, decks=decks, at_least=BUILD_FILTERS[query["build"]]
            )

        def results(page: list[Deck]) -> list[dict[str, Any]]:
            on_page = shares or decks_buildable(
                user=request.user, decks=Deck.objects.filter(pk__in=[d.pk for d in page])
            )
            return [
                {"deck": summary, "buildable": buildable_body(on_page.get(d.pk, NOTHING))}
                for d, summary in zip(page, deck_summaries(page, request), strict=True)
            ]

        return page_response(self, request, decks.defer("cards", "validation", "description"), results)


class DeckBuildableApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_buildable",
        summary="How much of a deck you can build",
        description=(
            "Any deck you may read. Your own built deck counts its own reserved copies as free (it does not "
            "compete with itself)."
        ),
        responses=answers({200: BuildableOut}, bad_request=True, signed_in=True, missing=NOT_FOUND),
    )
    @reads_query(EmptyQuery)
    def get(self, request: Request, deck_id: Any) -> Response:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        share = deck_buildable(deck=deck, user=request.user)
        assert share is not None  # None only for anonymous users, and this API is for signed-in ones
        return Response(buildable_body(share))
