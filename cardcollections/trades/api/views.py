"""Trade API: offers, accept / decline / withdraw / counter, and wishlist-trade-list matching.

A trade is visible only to its two parties; to anyone else it is a 404.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.lookups import trade_or_404
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.api.serializers import MatchesOut
from cardcollections.trades.api.serializers import TradeErrorOut
from cardcollections.trades.api.serializers import TradeOfferIn
from cardcollections.trades.api.serializers import TradeOut
from cardcollections.trades.api.serializers import TradeProposeIn
from cardcollections.trades.selectors import matches_for_my_offers
from cardcollections.trades.selectors import matches_for_my_wishlist
from cardcollections.trades.selectors import trade_for
from cardcollections.trades.selectors import trades_for
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import TradeError
from cardcollections.trades.services import trade_accept
from cardcollections.trades.services import trade_counter
from cardcollections.trades.services import trade_decline
from cardcollections.trades.services import trade_propose
from cardcollections.trades.services import trade_withdraw
from cardsite.api.errors import CONFLICT
from cardsite.api.errors import NOT_ALLOWED
from cardsite.api.errors import Problem
from cardsite.api.errors import bad
from cardsite.api.errors import refused
from cardsite.api.examples import refusal_example
from cardsite.api.reading import NoFields
from cardsite.api.reading import PageQuery
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query


class TradeListQuery(PageQuery):
    status = serializers.ChoiceField(choices=Trade.Status.values, required=False, help_text="`proposed`: the open ones")


def line_specs(validated: dict) -> list[LineSpec]:
    """The offer's give/receive lists as lines, from the point of view of the user making the offer."""
    lines = [
        LineSpec(TradeLine.Side.PROPOSER, line["card"].pk, line["quantity"], line["condition"])
        for line in validated["give"]
    ]
    lines += [
        LineSpec(TradeLine.Side.RECIPIENT, line["card"].pk, line["quantity"], line["condition"])
        for line in validated["receive"]
    ]
    return lines


def _offer_refused(exc: TradeError) -> Problem:
    """An offer the service refused: 400 with the short cards; 409 when it is the moment that is wrong (too many
    offers already waiting for that player); 403 when that player blocked the caller."""
    code = {CONFLICT: status.HTTP_409_CONFLICT, NOT_ALLOWED: status.HTTP_403_FORBIDDEN}.get(
        exc.kind, status.HTTP_400_BAD_REQUEST
    )
    return refused(code, str(exc), shortages=exc.shortages)


def _trade_answer(request, trade: Trade, code: int = status.HTTP_200_OK) -> Response:
    """The trade as its party sees it now."""
    return Response(TradeOut(trade_for(user=request.user, pk=trade.pk)).data, status=code)


# Two shapes: the request read wrong (`{field, message}`), or the offer refused by the service (TradeErrorOut's).
_OFFER_REFUSED = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description="A field of the request is wrong (`{field, message}`), or the offer is refused "
    "(`{detail, shortages}`: for one, you do not hold the copies you give).",
    examples=[
        refusal_example("A wrong field", {"field": "recipient", "message": "No user 'nobody'."}),
        refusal_example(
            "Copies you do not hold",
            {
                "detail": "You do not hold what you offer: alice has 0 of Pride Cycle (CV1 17); the trade needs 2.",
                "shortages": ["alice has 0 of Pride Cycle (CV1 17); the trade needs 2"],
            },
        ),
    ],
)


class TradeList(generics.ListAPIView):
    """Your trades, offered and received, newest first (`?status=proposed` for the open ones)."""

    permission_classes = [permissions.IsAuthenticated]
    problems = {TradeError: _offer_refused}  # answered by cardsite.api's exception handler
    serializer_class = TradeOut
    filter_backends: list = []

    @reads_query(TradeListQuery)
    def get(self, request, *args, query, **kwargs):
        self.query = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        qs = trades_for(user=self.request.user)
        if self.query.get("status"):
            qs = qs.filter(status=self.query["status"])
        return qs

    @extend_schema(
        responses={
            201: TradeOut,
            400: _OFFER_REFUSED,
            403: OpenApiResponse(TradeErrorOut, description="that player blocked you"),
            409: OpenApiResponse(
                TradeErrorOut, description="you already have TRADE_OPEN_PER_PAIR offers waiting for that player"
            ),
        }
    )
    @reads_body(TradeProposeIn)
    def post(self, request, data):
        """Offer a trade to another user: what you give and what you ask for."""
        v = data
        User = get_user_model()
        recipient = User.objects.filter(**{User.USERNAME_FIELD: v["recipient"], "is_active": True}).first()
        if recipient is None:
            raise bad("recipient", f"No user {v['recipient']!r}.")
        trade = trade_propose(proposer=request.user, recipient=recipient, lines=line_specs(v), message=v["message"])
        return _trade_answer(request, trade, status.HTTP_201_CREATED)


class _TradeView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    # A refused action answers its kind (ServiceError): 403 for the wrong party (TradeNotAllowed), 409 for a
    # closed offer or a short side, 400 for a counter-offer's wrong line.

    def _trade(self, request, pk: int) -> Trade:
        return trade_or_404(user=request.user, pk=pk)


class TradeDetail(_TradeView):
    @extend_schema(responses={200: TradeOut})
    @reads_query(NoFields)
    def get(self, request, pk: int):
        return Response(TradeOut(self._trade(request, pk)).data)


_ACTION_RESPONSES = {
    200: TradeOut,
    403: OpenApiResponse(TradeErrorOut, description="you are not the party who may do this"),
    409: OpenApiResponse(
        TradeErrorOut,
        description="the offer is closed, or a side is short of cards, or (a counter-offer) you already have "
        "TRADE_OPEN_PER_PAIR offers waiting for that player",
    ),
}


class _TradeAction(_TradeView):
    # One party's answer to an offer, with no body: `act(trade=, user=)` is the service that
    # answers it. (No docstring: the schema would take it as the description of the actions
    # that have none.)
    act: Callable[..., Trade]

    @extend_schema(request=None, responses=_ACTION_RESPONSES)
    @reads_body(NoFields)
    def post(self, request, pk: int):
        # The service answers the trade found here (lines and cards read with it), as its row now is.
        return Response(TradeOut(self.act(trade=self._trade(request, pk), user=request.user)).data)


class TradeAccept(_TradeAction):
    """Accept the offer (its recipient): the cards move at once, or, if a side is short, nothing moves (409)."""

    act = staticmethod(trade_accept)


class TradeDecline(_TradeAction):
    act = staticmethod(trade_decline)


class TradeWithdraw(_TradeAction):
    act = staticmethod(trade_withdraw)


class TradeCounter(_TradeView):
    @extend_schema(responses={**_ACTION_RESPONSES, 201: TradeOut})
    @reads_body(TradeOfferIn)
    def post(self, request, pk: int, data):
        """Answer the offer with your own (its recipient): the old offer closes as countered; the new one is returned."""
        trade = self._trade(request, pk)
        counter = trade_counter(trade=trade, user=request.user, lines=line_specs(data), message=data["message"])
        return _trade_answer(request, counter, status.HTTP_201_CREATED)


class Matches(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: MatchesOut})
    @reads_query(NoFields)
    def get(self, request):
        """Who has cards on your wishlist in their trade list, and who wants what you offer."""
        data = {
            "have_what_i_want": matches_for_my_wishlist(user=request.user),
            "want_what_i_offer": matches_for_my_offers(user=request.user),
        }
        return Response(MatchesOut(data).data)
