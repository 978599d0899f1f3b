"""Catalog API: games, sets, cards (list with search, filters, ordering; detail)."""

from django.db.models import Count
from django.db.models import F
from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_view
from rest_framework import generics
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.catalog.api.pagination import CardPagination
from cardcollections.catalog.api.serializers import CardSerializer
from cardcollections.catalog.api.serializers import CardSetSerializer
from cardcollections.catalog.api.serializers import GameSerializer
from cardcollections.catalog.filters import ORDERING_FIELDS
from cardcollections.catalog.filters import CardFilter
from cardcollections.catalog.filters import unknown_parameters
from cardcollections.catalog.results_cache import kept_results
from cardcollections.catalog.results_cache import results_key
from cardcollections.catalog.selectors import cards_for_listing
from cardcollections.images.scans import CardImageError
from cardcollections.images.scans import card_scan_set
from cardcollections.models import CardSet
from cardcollections.models import Game
from cardsite.api.errors import bad
from cardsite.api.examples import FIELD_ERRORS
from cardsite.api.parsers import FormParser
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_query
from cardsite.api.reading import refuse_unknown


class SetListQuery(serializers.Serializer):
    game = serializers.CharField(required=False, help_text="a game's slug")


class GameList(generics.ListAPIView):
    """The five games, with how many cards and sets each catalog holds."""

    serializer_class = GameSerializer
    pagination_class = None
    queryset = Game.objects.annotate(
        card_count=Count("cards", distinct=True), set_count=Count("sets", distinct=True)
    ).order_by("position")

    @reads_query(NoFields)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class SetList(generics.ListAPIView):
    serializer_class = CardSetSerializer
    pagination_class = None
    filter_backends: list = []

    @reads_query(SetListQuery)
    def get(self, request, *args, query, **kwargs):
        self.query = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        qs = (
            CardSet.objects.select_related("game")
            .annotate(card_count=Count("cards"))
            .order_by("game__position", F("released").asc(nulls_last=True), "code")
        )
        game = self.query.get("game")
        if game is not None:
            if not Game.objects.filter(slug=game).exists():
                raise bad("game", f"Unknown game {game!r}.")
            qs = qs.filter(game__slug=game)
        return qs


@extend_schema_view(get=extend_schema(responses={200: CardSerializer(many=True), 400: FIELD_ERRORS}))
class CardList(generics.ListAPIView):
    """Cards of the catalogs. `q` searches title, rules text and scripture; every filter value is checked."""

    serializer_class = CardSerializer
    pagination_class = CardPagination
    filterset_class = CardFilter
    ordering_fields = ORDERING_FIELDS
    ordering = ["game__position", "card_set__code", "number"]

    def get_queryset(self):
        return cards_for_listing()

    def list(self, request, *args, **kwargs):
        params = request.query_params
        unknown = unknown_parameters(params)
        if unknown:
            names = ", ".join(unknown)
            raise bad(unknown[0], f"Unknown parameter{'s' if len(unknown) > 1 else ''}: {names}.", unknown=unknown)
        ordering = params.get("ordering")
        if ordering:
            wrong = [f for f in ordering.split(",") if f.lstrip("-") not in ORDERING_FIELDS]
            if wrong:
                raise bad("ordering", f"Cannot order by {', '.join(wrong)}; use {', '.join(ORDERING_FIELDS)}.")
        # The same for everyone asking this query (the page's links name the host): kept until the catalog changes.
        key = results_key(
            request, scope=f"api {request.scheme}://{request.get_host()}", game_slug=request.query_params.get("game")
        )
        return Response(kept_results(key, lambda: super(CardList, self).list(request, *args, **kwargs).data))


class CardDetail(generics.RetrieveAPIView):
    serializer_class = CardSerializer

    @reads_query(NoFields)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return cards_for_listing()


class CardScanUpload(APIView):
    """Upload a card's scan (staff): verified (a real image within CARD_SCAN_MAX_BYTES and CARD_SCAN_MAX_PIXELS) and thumbnailed."""

    permission_classes = [permissions.IsAdminUser]
    parser_classes = [FormParser]

    @extend_schema(
        request={
            "multipart/form-data": {"type": "object", "properties": {"scan": {"type": "string", "format": "binary"}}}
        },
        responses={200: CardSerializer, 400: FIELD_ERRORS},
        parameters=[OpenApiParameter("id", int, OpenApiParameter.PATH)],
    )
    def post(self, request, pk: int):
        refuse_unknown(request.data.keys(), ["scan"], "field")
        card = generics.get_object_or_404(cards_for_listing(), pk=pk)
        upload = request.FILES.get("scan")
        if upload is None:
            raise bad("scan", "Attach the image file as `scan`.")
        try:
            card = card_scan_set(card=card, upload=upload)
        except CardImageError as exc:
            raise bad("scan", str(exc)) from exc
        return Response(CardSerializer(card, context={"request": request}).data, status=status.HTTP_200_OK)
