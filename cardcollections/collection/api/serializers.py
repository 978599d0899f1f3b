"""Serializers of the collection API: plain input checks and output shapes; no writes here (services do them)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardcollections.collection.services import MAX_QUANTITY
from cardcollections.models import Card
from cardcollections.models import CollectionEntry
from cardcollections.models import CollectionSettings
from cardcollections.models import Condition
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from cardcollections.models import LedgerReason
from cardcollections.models import Visibility
from cardcollections.models import WishlistEntry
from cardsite.api.booleans import StrictBooleanField
from cardsite.api.numbers import StrictIntegerField
from cardsite.api.numbers import StrictPrimaryKeyRelatedField
from rules.games import GAME_SLUGS


def inline_choices(choices, **kwargs) -> serializers.ChoiceField:
    """A ChoiceField for a common field name (mode, status, format, side), described without an enum component."""
    values = [value for value, _label in choices]

    # A pattern rather than an enum: drf-spectacular hoists every enum into a
    # component named after the field, and warns (the schema check fails) when
    # another app's field of the same name has other values.
    @extend_schema_field(
        {"type": "string", "pattern": "^(" + "|".join(values) + ")$", "description": "one of " + ", ".join(values)}
    )
    class InlineChoiceField(serializers.ChoiceField):
        pass

    return InlineChoiceField(choices=choices, **kwargs)


class CardBriefSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug", read_only=True)
    set = serializers.CharField(source="card_set.code", read_only=True)

    class Meta:
        model = Card
        fields = ["id", "game", "set", "number", "title"]


class CollectionEntryOut(serializers.ModelSerializer):
    card = CardBriefSerializer(read_only=True)

    class Meta:
        model = CollectionEntry
        fields = ["id", "card", "condition", "quantity", "for_trade", "notes", "updated"]


class CollectionEntryIn(serializers.Serializer):
    """Set how many copies of a printing (in a condition) you own; the change goes in the ledger."""

    card = StrictPrimaryKeyRelatedField(queryset=Card.objects.select_related("card_set"))
    condition = serializers.ChoiceField(choices=Condition.choices, required=False, default="", allow_blank=True)
    quantity = StrictIntegerField(min_value=0, max_value=MAX_QUANTITY)
    for_trade = StrictIntegerField(min_value=0, max_value=MAX_QUANTITY, required=False)
    notes = serializers.CharField(max_length=500, required=False, allow_blank=True)


class CollectionEntryPatch(serializers.Serializer):
    quantity = StrictIntegerField(min_value=0, max_value=MAX_QUANTITY, required=False)
    for_trade = StrictIntegerField(min_value=0, max_value=MAX_QUANTITY, required=False)
    notes = serializers.CharField(max_length=500, required=False, allow_blank=True)


class CollectionAdjustIn(serializers.Serializer):
    """Add (positive) or take away (negative) copies: what the page's plus and minus buttons send."""

    card = StrictPrimaryKeyRelatedField(queryset=Card.objects.select_related("card_set"))
    condition = serializers.ChoiceField(choices=Condition.choices, required=False, default="", allow_blank=True)
    delta = StrictIntegerField(min_value=-999, max_value=999)

    def validate_delta(self, value: int) -> int:
        if value == 0:
            raise serializers.ValidationError("A change of 0 changes nothing.")
        return value


class LedgerEntryOut(serializers.ModelSerializer):
    card = CardBriefSerializer(read_only=True)
    actor = serializers.CharField(source="actor.get_username", read_only=True, default=None)
    reason = serializers.ChoiceField(choices=LedgerReason.choices, read_only=True)

    class Meta:
        model = LedgerEntry
        fields = ["id", "card", "condition", "delta", "balance", "reason", "trade", "import_job", "actor", "created"]


class WishlistEntryOut(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug", read_only=True)
    card = CardBriefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = WishlistEntry
        fields = ["id", "game", "title", "card", "wanted", "created"]


class WishlistEntryIn(serializers.Serializer):
    """Want copies of a printing (`card`), or of any printing of a title (`game` and `title`)."""

    card = StrictPrimaryKeyRelatedField(queryset=Card.objects.all(), required=False, allow_null=True)
    game = serializers.ChoiceField(choices=[(s, s) for s in GAME_SLUGS], required=False)
    title = serializers.CharField(max_length=200, required=False)
    wanted = StrictIntegerField(min_value=1, max_value=MAX_QUANTITY)

    def validate(self, attrs: dict) -> dict:
        if not attrs.get("card") and not (attrs.get("game") and attrs.get("title")):
            raise serializers.ValidationError("Name a card: `card` (a printing), or `game` and `title`.")
        return attrs


class WishlistEntryPatch(serializers.Serializer):
    wanted = StrictIntegerField(min_value=1, max_value=MAX_QUANTITY)


class TradeListPatch(serializers.Serializer):
    for_trade = StrictIntegerField(min_value=0, max_value=MAX_QUANTITY)


class CollectionSettingsOut(serializers.ModelSerializer):
    share_url = serializers.SerializerMethodField()

    class Meta:
        model = CollectionSettings
        fields = ["visibility", "in_matches", "share_url"]

    def get_share_url(self, obj: CollectionSettings) -> str | None:
        if obj.visibility != Visibility.LINK:
            return None
        request = self.context.get("request")
        path = f"/shared/{obj.share_token}/"
        return request.build_absolute_uri(path) if request else path


class CollectionSettingsIn(serializers.Serializer):
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    in_matches = StrictBooleanField(
        required=False, help_text="your trade list and wishlist in other players' matches (off until you choose)"
    )

    def validate(self, attrs: dict) -> dict:
        if not attrs:
            raise serializers.ValidationError({"visibility": "Give visibility, in_matches or both."})
        return attrs


class ImportIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=[(s, s) for s in GAME_SLUGS])
    format = inline_choices(ImportJob.Format.choices, default=ImportJob.Format.CSV)
    mode = inline_choices(ImportJob.Mode.choices, default=ImportJob.Mode.ADD)
    text = serializers.CharField(max_length=10_000_000, trim_whitespace=False)
    confirm_empty = StrictBooleanField(
        default=False, help_text="with mode=replace and a file of no cards: yes, empty the collection of this game"
    )


class ImportProblemOut(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


class ImportJobOut(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug", read_only=True)
    errors = ImportProblemOut(many=True, read_only=True)  # type: ignore[assignment]  # a declared field, not the serializer's own .errors: DRF's metaclass takes fields off the class
    summary = serializers.DictField(child=serializers.IntegerField(), read_only=True)
    format = inline_choices(ImportJob.Format.choices, read_only=True)
    mode = inline_choices(ImportJob.Mode.choices, read_only=True)
    status = inline_choices(ImportJob.Status.choices, read_only=True)

    class Meta:
        model = ImportJob
        fields = [
            "id",
            "game",
            "format",
            "mode",
            "status",
            "total_rows",
            "progress",
            "errors",
            "summary",
            "created",
            "started",
            "finished",
        ]


class ExportQuery(serializers.Serializer):
    game = serializers.ChoiceField(choices=[(s, s) for s in GAME_SLUGS])
    format = inline_choices(ImportJob.Format.choices, default=ImportJob.Format.CSV)


class PublicCollectionEntryOut(serializers.ModelSerializer):
    """What another user sees of a shared collection: no notes."""

    card = CardBriefSerializer(read_only=True)

    class Meta:
        model = CollectionEntry
        fields = ["card", "condition", "quantity", "for_trade"]
