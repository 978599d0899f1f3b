"""Deck validation API: the request and the result of validation.md."""

from typing import Any

from rest_framework import serializers

from rules.games import GAME_SLUGS


class StrictCharField(serializers.CharField):
    """A CharField that refuses numbers and booleans instead of turning them into text."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class DeckValidateInputSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAME_SLUGS, help_text="Game slug, e.g. chapter-and-verse.")
    format = StrictCharField(
        required=False,
        allow_null=True,
        max_length=60,
        help_text="A base format of the game (default: the game's first) or a tournament format's slug.",
    )
    decklist = StrictCharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="The deck list as text (deck-format.md). Give this or cards.",
    )
    cards = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text='JSON entries: {"title", "count"} or {"set", "number", "count"}. Give this or decklist.',
    )
    annotate = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Also answer `entries`: each recognised entry with its line (or index), title and count.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        has_text, has_cards = "decklist" in attrs, "cards" in attrs
        if has_text == has_cards:
            raise serializers.ValidationError(
                {"decklist": ["Give either decklist (the list as text) or cards (a list of entries), not both."]}
            )
        return attrs


class FindingSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A stable code from validation.md, e.g. too-many-copies.")
    message = serializers.CharField()
    title = serializers.CharField(required=False, help_text="Findings about one title.")
    line = serializers.IntegerField(required=False, help_text="Findings about one line of a text list.")
    index = serializers.IntegerField(required=False, help_text="Findings about one entry of a JSON list.")
    count = serializers.IntegerField(required=False)
    limit = serializers.IntegerField(required=False)
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    total = serializers.IntegerField(required=False)
    suggestions = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="unknown-card: up to 5 titles, closest first."
    )
    printings = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="unknown-card of a known title: its printings."
    )
    sets = serializers.ListField(child=serializers.CharField(), required=False, help_text="set-not-legal.")
    set = serializers.CharField(required=False, help_text="not-complete: the boxed game compared with.")
    missing = serializers.ListField(child=serializers.DictField(), required=False, help_text="not-complete.")
    extra = serializers.ListField(child=serializers.DictField(), required=False, help_text="not-complete.")
    size = serializers.IntegerField(required=False, help_text="squad-size: the squad's size.")
    suggested = serializers.IntegerField(required=False, help_text="suggested-size.")


class DeckEntrySerializer(serializers.Serializer):
    count = serializers.IntegerField()
    title = serializers.CharField()
    set = serializers.CharField(required=False)
    number = serializers.CharField(required=False)
    line = serializers.IntegerField(required=False)
    index = serializers.IntegerField(required=False)


class ValidationResultSerializer(serializers.Serializer):
    legal = serializers.BooleanField(help_text="True exactly when errors is empty.")
    game = serializers.CharField()
    format = serializers.CharField()
    card_count = serializers.IntegerField(help_text="Every copy of every recognised card.")
    errors = FindingSerializer(many=True)
    warnings = FindingSerializer(many=True)
    entries = DeckEntrySerializer(many=True, required=False, help_text="Only when the request set annotate.")
