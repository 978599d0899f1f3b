"""Saved-deck API (/api/v1/decks/ and /decks/{id}/): list, create, read, change, delete.

One class per operation; the operations that share a URL (list and create,
read, change and delete) are joined by a class that inherits both. Who may
read or change a deck, and the shape of refusals: decks.lists.api.base.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from cardcollections.catalog.selectors import game_get
from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import Problem
from cardsite.api.errors import bad
from cardsite.api.examples import refusal_example
from cardsite.api.reading import read_body
from cardsite.api.reading import reads_query
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import NOT_OWNER
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import answers
from decks.lists.api.base import deck_body
from decks.lists.api.base import deck_page
from decks.lists.api.serializers import DeckCreateIn
from decks.lists.api.serializers import DeckErrorOut
from decks.lists.api.serializers import DeckListQuery
from decks.lists.api.serializers import DeckOut
from decks.lists.api.serializers import DeckPageOut
from decks.lists.api.serializers import DeckPatchIn
from decks.lists.api.serializers import EmptyQuery
from decks.lists.lookups import deck_owned_or_refused
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_get_owned
from decks.lists.selectors import deck_list_owned
from decks.lists.selectors import deck_list_public
from decks.lists.services import DeckVersionConflict
from decks.lists.services import deck_create
from decks.lists.services import deck_delete
from decks.lists.services import deck_update
from decks.organise.selectors import folder_get_owned


# ---------------------------------------------------------------- list and create
class DeckListApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_list",
        summary="Your decks, or everyone's public decks",
        description=(
            "`scope=mine` (the default; login needed): your decks, newest change first; `folder`, `deck_format` and "
            "`archived=true` (only archived decks, which are otherwise left out) narrow them. `scope=public`: "
            "everyone's public decks that are not archived, yours included (no login needed). `game`, `tag` and "
            "`built` narrow either; `sort` orders either. Pages of 60 "
            "(`page_size` up to 200). An unknown parameter or value is a 400 naming it."
        ),
        responses=answers({200: DeckPageOut}, bad_request=True, signed_in=True),
    )
    @reads_query(DeckListQuery)
    def get(self, request: Request, query: dict[str, Any]) -> Response:
        if query["scope"] == "public":
            mine_only = [name for name in ("folder", "deck_format") if name in query] + (
                ["archived"] * query["archived"]
            )
            if mine_only:
                raise bad(mine_only[0], f"{mine_only[0]} narrows your own decks (scope=mine).")
            decks = deck_list_public(game=query.get("game"), tag=query.get("tag"), sort=query["sort"])
        elif not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to list your decks, or ask for scope=public.")
        else:
            folder = None
            if "folder" in query:
                folder = folder_get_owned(folder_id=query["folder"], user=request.user)
                if folder is None:
                    raise bad("folder", "No such folder of yours.")
            decks = deck_list_owned(
                owner=request.user,
                game=query.get("game"),
                folder=folder,
                tag=query.get("tag"),
                format_slug=query.get("deck_format"),
                archived=query["archived"],
                sort=query["sort"],
            )
        if query.get("built") is not None:
            decks = decks.filter(built=query["built"])
        return deck_page(self, request, decks)


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
        responses=answers({201: DeckOut}, bad_request=True, signed_in=True),
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
            refusal_example(
                "Unknown cards",
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
    )
    def post(self, request: SignedInRequest) -> Response:
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
            considering=data.get("considering"),
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
        responses=answers({200: DeckOut}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(EmptyQuery)
    def get(self, request: Request, deck_id: Any) -> Response:
        return Response(deck_body(deck_readable_or_404(user=request.user, pk=deck_id), request))


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
            **answers({200: DeckOut}, bad_request=True, signed_in=True, forbidden=NOT_OWNER, missing=NOT_FOUND),
            409: OpenApiResponse(
                DeckErrorOut, description="Saved since the version you sent; `version` is the latest."
            ),
        },
    )
    def patch(self, request: Request, deck_id: Any) -> Response:
        data = read_body(request, DeckPatchIn)
        deck = deck_owned_or_refused(user=request.user, pk=deck_id)
        try:
            deck = deck_update(
                deck=deck,
                name=data.get("name"),
                description=data.get("description"),
                visibility=data.get("visibility"),
                format_slug=data.get("format"),
                decklist=data.get("decklist"),
                cards=data.get("cards"),
                considering=data.get("considering"),
                expected_version=data.get("version"),
            )
        except DeckVersionConflict as exc:
            latest = deck_get_owned(deck_id=deck.pk, user=request.user)
            body = {"field": exc.field, "message": exc.message, "version": latest.version if latest else None}
            raise Problem(status.HTTP_409_CONFLICT, body) from exc
        return Response(deck_body(deck, request))


class DeckDeleteApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_destroy",
        summary="Delete a deck (owner only)",
        description="Its versions go with it; if it was built, its cards are released in your collection.",
        responses=answers({204: None}, signed_in=True, forbidden=NOT_OWNER, missing=NOT_FOUND),
    )
    def delete(self, request: Request, deck_id: Any) -> Response:
        deck_delete(deck=deck_owned_or_refused(user=request.user, pk=deck_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckApi(DeckDetailApi, DeckUpdateApi, DeckDeleteApi):
    """/decks/{id}/: GET reads, PATCH changes, DELETE deletes."""
