"""The tables API's requests (docs/tables.md, "The API")."""

from rest_framework import serializers

from cardsite.api.numbers import StrictIntegerField
from tables.models import SeatKind
from tables.models import TableRules


class CreateSerializer(serializers.Serializer):
    game = serializers.SlugField(max_length=40)
    seats = serializers.ListField(
        child=serializers.ChoiceField(choices=SeatKind.values),
        min_length=1,
        max_length=6,
        help_text='Each seat, in order: "person" or "computer". The host takes the first person\'s seat.',
    )
    variant = serializers.CharField(required=False, default="", allow_blank=True, max_length=40)
    rules = serializers.ChoiceField(choices=TableRules.values, required=False, default=TableRules.FRIENDLY)
    listed = serializers.BooleanField(required=False, default=True, help_text="Shown in the lobby while open.")
    allow_guests = serializers.BooleanField(required=False, default=False)


class JoinSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, default="", allow_blank=True, max_length=30)


class MoveSerializer(serializers.Serializer):
    after = StrictIntegerField(min_value=0, help_text="The seq of the last move the client saw (0: none).")
    key = serializers.RegexField(r"^[A-Za-z0-9_.:-]{8,64}$", help_text="An idempotency key, 8 to 64 characters.")
    action = serializers.DictField(help_text='One of your legal actions: `{"type": ..., "cards": [titles]}`.')


class ResignSerializer(serializers.Serializer):
    after = StrictIntegerField(min_value=0)
    key = serializers.RegexField(r"^[A-Za-z0-9_.:-]{8,64}$")


class StateQuery(serializers.Serializer):
    after = StrictIntegerField(required=False, min_value=0, help_text="Also the moves after this seq.")
