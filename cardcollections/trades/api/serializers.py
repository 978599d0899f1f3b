"""Serializers of the trade API. A new offer is written from the proposer's side: what I give, what I receive."""

from __future__ import annotations

from rest_framework import serializers

from cardcollections.collection.api.serializers import CardBriefSerializer
from cardcollections.collection.api.serializers import inline_choices
from cardcollections.models import Card
from cardcollections.models import Condition
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.services import MAX_LINE_QUANTITY
from cardcollections.trades.services import MAX_LINES
from cardsite.api.numbers import StrictIntegerField
from cardsite.api.numbers import StrictPrimaryKeyRelatedField


class TradeLineIn(serializers.Serializer):
    card = StrictPrimaryKeyRelatedField(queryset=Card.objects.all())
    condition = serializers.ChoiceField(choices=Condition.choices, required=False, default="", allow_blank=True)
    quantity = StrictIntegerField(min_value=1, max_value=MAX_LINE_QUANTITY)


class TradeOfferIn(serializers.Serializer):
    """`give`: cards you give; `receive`: cards you ask for. At least one line in all."""

    give = TradeLineIn(many=True, required=False, default=list)
    receive = TradeLineIn(many=True, required=False, default=list)
    message = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")

    def validate(self, attrs: dict) -> dict:
        n = len(attrs["give"]) + len(attrs["receive"])
        if n == 0:
            raise serializers.ValidationError("A trade needs at least one card to give or receive.")
        if n > MAX_LINES:
            raise serializers.ValidationError(f"A trade has at most {MAX_LINES} lines.")
        return attrs


class TradeProposeIn(TradeOfferIn):
    recipient = serializers.CharField(max_length=150, help_text="the username of the other user")


class TradeLineOut(serializers.ModelSerializer):
    card = CardBriefSerializer(read_only=True)
    side = inline_choices(TradeLine.Side.choices, read_only=True)
    giver = serializers.SerializerMethodField()

    class Meta:
        model = TradeLine
        fields = ["side", "giver", "card", "condition", "quantity"]

    def get_giver(self, line: TradeLine) -> str:
        trade = line.trade
        return (trade.proposer if line.side == TradeLine.Side.PROPOSER else trade.recipient).get_username()


class TradeOut(serializers.ModelSerializer):
    proposer = serializers.CharField(source="proposer.get_username", read_only=True)
    recipient = serializers.CharField(source="recipient.get_username", read_only=True)
    lines = TradeLineOut(many=True, read_only=True)
    status = inline_choices(Trade.Status.choices, read_only=True)

    class Meta:
        model = Trade
        fields = ["id", "proposer", "recipient", "status", "parent", "message", "lines", "created", "updated"]


class TradeErrorOut(serializers.Serializer):
    detail = serializers.CharField()
    shortages = serializers.ListField(child=serializers.CharField())


class MatchItemOut(serializers.Serializer):
    card = CardBriefSerializer()
    condition = serializers.CharField(source="entry.condition")
    available = serializers.IntegerField()
    wanted = serializers.IntegerField(source="wish.wanted")


class MatchOut(serializers.Serializer):
    user = serializers.CharField(source="user.get_username")
    items = MatchItemOut(many=True)


class MatchesOut(serializers.Serializer):
    have_what_i_want = MatchOut(many=True)
    want_what_i_offer = MatchOut(many=True)
