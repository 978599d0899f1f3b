"""Collection API: entries, plus/minus, ledger, wishlist, trade list, sharing, import, export (API tokens: cardcollections/tokens/api).

Every query is filtered by the requesting user, so another user's object is a
404 (ids do not leak), never a 403. Writes go through services.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer
from rest_framework.views import APIView

from cardcollections.collection.api.serializers import CollectionAdjustIn
from cardcollections.collection.api.serializers import CollectionEntryIn
from cardcollections.collection.api.serializers import CollectionEntryOut
from cardcollections.collection.api.serializers import CollectionEntryPatch
from cardcollections.collection.api.serializers import CollectionSettingsIn
from cardcollections.collection.api.serializers import CollectionSettingsOut
from cardcollections.collection.api.serializers import ExportQuery
from cardcollections.collection.api.serializers import ImportIn
from cardcollections.collection.api.serializers import ImportJobOut
from cardcollections.collection.api.serializers import LedgerEntryOut
from cardcollections.collection.api.serializers import PublicCollectionEntryOut
from cardcollections.collection.api.serializers import TradeListPatch
from cardcollections.collection.api.serializers import WishlistEntryIn
from cardcollections.collection.api.serializers import WishlistEntryOut
from cardcollections.collection.api.serializers import WishlistEntryPatch
from cardcollections.collection.selectors import collection_entries
from cardcollections.collection.selectors import collection_file
from cardcollections.collection.selectors import collection_owner_visible
from cardcollections.collection.selectors import import_job_for
from cardcollections.collection.selectors import ledger_entries
from cardcollections.collection.selectors import trade_list_entries
from cardcollections.collection.selectors import wishlist_entries
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_in_matches_set
from cardcollections.collection.services import collection_set
from cardcollections.collection.services import collection_settings_get_or_create
from cardcollections.collection.services import collection_share_link_rotate
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import trade_list_set
from cardcollections.collection.services import wishlist_remove
from cardcollections.collection.services import wishlist_set
from cardcollections.collection.services import wishlist_update
from cardcollections.imports.services import import_job_create
from cardcollections.imports.tasks import collection_import_start
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardsite.api.errors import bad
from cardsite.api.errors import found_or_404
from cardsite.api.examples import FIELD_ERRORS
from cardsite.api.examples import refusal_example
from cardsite.api.negotiation import FirstRenderer
from cardsite.api.numbers import StrictIntegerField
from cardsite.api.reading import NoFields
from cardsite.api.reading import PageQuery
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query


class GameRowsQuery(PageQuery):
    game = serializers.CharField(required=False, help_text="game slug, e.g. chapter-and-verse")


class LedgerQuery(GameRowsQuery):
    card = StrictIntegerField(required=False, min_value=1, help_text="one card's history")


class SharedCollectionQuery(GameRowsQuery):
    token = serializers.CharField(required=False, help_text="the share link's token")


def _game(query: dict) -> Game | None:
    slug = query.get("game")
    if not slug:
        return None
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        raise bad("game", f"Unknown game {slug!r}.")
    return game


class _Owned:
    # APIView's type exactly, as a mixin's attribute must be.
    permission_classes: Sequence[
        type[permissions.BasePermission] | permissions.OperandHolder | permissions.SingleOperandHolder
    ] = [permissions.IsAuthenticated]
    # A CollectionError is a 400 {"field": "body", "message"}: its kind (ServiceError), answered by the handler.


class _GameRows(_Owned, generics.ListAPIView):
    # Your rows of one kind, `?game=` to narrow them: `rows(owner=, game=)` reads them. (No docstring:
    # the schema would take it as the description of the lists that have none.)
    filter_backends: list = []

    @reads_query(GameRowsQuery)
    def get(self, request, *args, query, **kwargs):
        self.query = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return self.rows(owner=self.request.user, game=_game(self.query))


class _RowDetail(_Owned, APIView):
    # One of your rows by id: `rows(owner=)` reads them, `serializer_class` shows one. (No docstring,
    # as for _GameRows.)
    rows: Callable[..., QuerySet[Any]]
    serializer_class: type[BaseSerializer[Any]]

    def _entry(self, request, pk: int):
        return get_object_or_404(self.rows(owner=request.user), pk=pk)

    @reads_query(NoFields)
    def get(self, request, pk: int):
        return Response(self.serializer_class(self._entry(request, pk)).data)


# ---------------------------------------------------------------- collection entries
class CollectionEntryList(_GameRows):
    """Your collection: rows you own copies of (`?game=` to narrow it)."""

    serializer_class = CollectionEntryOut
    rows = staticmethod(collection_entries)

    @extend_schema(responses={200: CollectionEntryOut})
    @reads_body(CollectionEntryIn)
    def post(self, request, data):
        """Set how many copies of a printing you own (the difference goes in the ledger as a manual edit)."""
        v = data
        entry = collection_set(
            owner=request.user,
            card=v["card"],
            condition=v["condition"],
            quantity=v["quantity"],
            for_trade=v.get("for_trade"),
            notes=v.get("notes"),
        )
        return Response(CollectionEntryOut(entry).data)


class CollectionEntryDetail(_Owned, APIView):
    def _entry(self, request, pk: int) -> CollectionEntry:
        return get_object_or_404(
            CollectionEntry.objects.select_related("card", "card__card_set", "card__game"), pk=pk, owner=request.user
        )

    @extend_schema(responses={200: CollectionEntryOut})
    @reads_query(NoFields)
    def get(self, request, pk: int):
        return Response(CollectionEntryOut(self._entry(request, pk)).data)

    @extend_schema(responses={200: CollectionEntryOut})
    @reads_body(CollectionEntryPatch)
    def patch(self, request, pk: int, data):
        entry = self._entry(request, pk)
        v = data
        entry = collection_set(
            owner=request.user,
            card=entry.card,
            condition=entry.condition,
            quantity=v.get("quantity"),
            for_trade=v.get("for_trade"),
            notes=v.get("notes"),
        )
        return Response(CollectionEntryOut(entry).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        """Remove every copy of the row (a ledger entry records it)."""
        entry = self._entry(request, pk)
        collection_set(owner=request.user, card=entry.card, condition=entry.condition, quantity=0, for_trade=0)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CollectionAdjust(_Owned, APIView):
    @extend_schema(responses={200: CollectionEntryOut, 400: FIELD_ERRORS})
    @reads_body(CollectionAdjustIn)
    def post(self, request, data):
        """Add or take away copies of a printing (the plus and minus buttons)."""
        v = data
        entry = collection_change(owner=request.user, card=v["card"], condition=v["condition"], delta=v["delta"])
        return Response(CollectionEntryOut(entry).data)


class LedgerList(_Owned, generics.ListAPIView):
    """The history of your collection, newest first (`?card=` for one card's history)."""

    serializer_class = LedgerEntryOut
    filter_backends: list = []

    @reads_query(LedgerQuery)
    def get(self, request, *args, query, **kwargs):
        self.query = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        qs = ledger_entries(owner=self.request.user, game=_game(self.query))
        if "card" in self.query:
            qs = qs.filter(card_id=self.query["card"])
        return qs


# ---------------------------------------------------------------- wishlist and trade list
class WishlistList(_GameRows):
    serializer_class = WishlistEntryOut

    @staticmethod
    def rows(owner, game):
        return wishlist_entries(owner=owner, game=game).order_by("id")

    @extend_schema(responses={201: WishlistEntryOut})
    @reads_body(WishlistEntryIn)
    def post(self, request, data):
        """Want copies of a printing or a title (sets the wanted quantity if it is already on the list)."""
        v = data
        game = Game.objects.filter(slug=v.get("game")).first() if v.get("game") else None
        entry = wishlist_set(
            owner=request.user, wanted=v["wanted"], card=v.get("card"), game=game, title=v.get("title", "")
        )
        return Response(WishlistEntryOut(entry).data, status=status.HTTP_201_CREATED)


class WishlistDetail(_RowDetail):
    serializer_class = WishlistEntryOut
    rows = staticmethod(wishlist_entries)

    @extend_schema(responses={200: WishlistEntryOut})
    @reads_body(WishlistEntryPatch)
    def patch(self, request, pk: int, data):
        entry = self._entry(request, pk)
        return Response(WishlistEntryOut(wishlist_update(entry=entry, wanted=data["wanted"])).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        wishlist_remove(entry=self._entry(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class TradeListList(_GameRows):
    """Your trade list: rows with copies offered for trade."""

    serializer_class = CollectionEntryOut
    rows = staticmethod(trade_list_entries)


class TradeListDetail(_RowDetail):
    """One row of your collection, as the trade list sees it: set how many copies are offered (at most the copies owned)."""

    serializer_class = CollectionEntryOut
    rows = staticmethod(collection_entries)

    @extend_schema(responses={200: CollectionEntryOut})
    @reads_body(TradeListPatch)
    def patch(self, request, pk: int, data):
        entry = self._entry(request, pk)
        trade_list_set(owner=request.user, entry=entry, for_trade=data["for_trade"])
        # The row read again with its card, as GET shows it.
        return Response(self.serializer_class(self._entry(request, pk)).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        trade_list_set(owner=request.user, entry=self._entry(request, pk), for_trade=0)
        return Response(status=status.HTTP_204_NO_CONTENT)


# ---------------------------------------------------------------- sharing
class CollectionSettingsView(_Owned, APIView):
    """Who may see your collection: private (the default), anyone with the link, or public; and whether your trade
    list and wishlist are in other players' matches (off by default, whatever the visibility)."""

    @extend_schema(responses={200: CollectionSettingsOut})
    @reads_query(NoFields)
    def get(self, request):
        row = collection_settings_get_or_create(owner=request.user)
        return Response(CollectionSettingsOut(row, context={"request": request}).data)

    @extend_schema(responses={200: CollectionSettingsOut})
    @reads_body(CollectionSettingsIn)
    def patch(self, request, data):
        row = collection_settings_get_or_create(owner=request.user)
        if "visibility" in data:
            row = collection_visibility_set(owner=request.user, visibility=data["visibility"])
        if "in_matches" in data:
            row = collection_in_matches_set(owner=request.user, in_matches=data["in_matches"])
        return Response(CollectionSettingsOut(row, context={"request": request}).data)


class ShareLinkRotate(_Owned, APIView):
    @extend_schema(request=None, responses={200: CollectionSettingsOut})
    @reads_body(NoFields)
    def post(self, request):
        """A new share link; the old one stops working."""
        row = collection_share_link_rotate(owner=request.user)
        return Response(CollectionSettingsOut(row, context={"request": request}).data)


class UserCollection(generics.ListAPIView):
    """Another user's collection, if they made it public, or shared it by link (pass the link's `token`)."""

    permission_classes = [permissions.AllowAny]
    serializer_class = PublicCollectionEntryOut
    filter_backends: list = []

    @reads_query(SharedCollectionQuery)
    def get(self, request, *args, query, **kwargs):
        self.query = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        owner = collection_owner_visible(
            username=self.kwargs["username"], viewer=self.request.user, token=self.query.get("token")
        )
        return collection_entries(owner=found_or_404(owner, "No such collection."), game=_game(self.query))


# ---------------------------------------------------------------- import and export
class CollectionExport(_Owned, APIView):
    # `format` (csv or decklist) is this view's parameter, not DRF's renderer switch.
    renderer_classes = [JSONRenderer]
    content_negotiation_class = FirstRenderer

    @extend_schema(
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "text/plain"): OpenApiTypes.STR,
            400: FIELD_ERRORS,
        },
    )
    @reads_query(ExportQuery)
    def get(self, request, query):
        """Your collection of one game as CSV (Count,Name,Set,Number,Condition,Notes) or deck-list text."""
        game = Game.objects.get(slug=query["game"])
        decklist = query["format"] != ImportJob.Format.CSV
        export = collection_file(owner=request.user, game=game, decklist=decklist)
        response = HttpResponse(export.body, content_type=f"{export.content_type}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response


class CollectionImport(_Owned, APIView):
    @extend_schema(
        responses={
            201: OpenApiResponse(ImportJobOut, description="imported"),
            202: OpenApiResponse(ImportJobOut, description="queued for a worker; poll the job"),
            400: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="Bad rows: the failed job (ImportJobOut), every bad row by line, nothing changed. "
                "A request read wrong: `{field, message}`. A file refused whole before a job "
                "is made (empty, a replace by no cards, over your work budget): `{detail}`.",
                examples=[
                    refusal_example(
                        "A replace by a file of no cards",
                        {
                            "detail": "The file has no cards: replacing with it would empty your Chapter and Verse "
                            "collection. To empty it, confirm that you mean to."
                        },
                    )
                ],
            ),
        },
    )
    @reads_body(ImportIn)
    def post(self, request, data):
        """Import a CSV or deck-list file into your collection of a game: `add` to it or `replace` it.

        All or nothing: a file with a bad row changes nothing, and every bad row is listed by line number.
        Files of more than 2,000 rows run in a worker (202); poll `imports/{id}/`.
        """
        v = data
        game = Game.objects.get(slug=v["game"])
        options = {"text": v["text"], "fmt": v["format"], "mode": v["mode"], "confirm_empty": v["confirm_empty"]}
        with transaction.atomic():
            job = import_job_create(owner=request.user, game=game, **options)
        collection_import_start(job)
        code = {
            ImportJob.Status.DONE: status.HTTP_201_CREATED,
            ImportJob.Status.FAILED: status.HTTP_400_BAD_REQUEST,
        }.get(job.status, status.HTTP_202_ACCEPTED)
        return Response(ImportJobOut(job).data, status=code)


class ImportJobDetail(_Owned, APIView):
    @extend_schema(responses={200: ImportJobOut})
    @reads_query(NoFields)
    def get(self, request, pk: int):
        job = found_or_404(import_job_for(owner=request.user, pk=pk), "No such import.")
        return Response(ImportJobOut(job).data)
