"""Deck validation API: the request and the result of docs/contracts/validation.md."""

import re
from typing import Any
from typing import cast

from rest_framework import serializers
from rest_framework.utils import json as drf_json

from cardsite.api.booleans import StrictBooleanField
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
    annotate = StrictBooleanField(
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
    errors = FindingSerializer(many=True)  # type: ignore[assignment]  # a declared field, not the serializer's own .errors: DRF's metaclass takes fields off the class
    warnings = FindingSerializer(many=True)
    entries = DeckEntrySerializer(many=True, required=False, help_text="Only when the request set annotate.")


# ---------------------------------------------------------------- the fast path
# DeckValidateInputSerializer costs more than validating a 40-card deck: a
# deepcopy of its fields per request, and a per-character Python scan of the
# decklist for surrogates. `fast_validated_data` accepts the well-formed
# request in a few type checks and gives what the serializer's validated_data
# would be; anything else (a wrong type, a blank or untrimmed format, a NUL, an
# "annotate" of "true", both or neither list) gets None, and the caller runs the
# serializer, so every refusal is the serializer's own, field and message alike.
_GAMES = frozenset(GAME_SLUGS)
# A CharField that declares a max_length.
_FORMAT_MAX_LENGTH = cast(
    int, cast(serializers.CharField, DeckValidateInputSerializer._declared_fields["format"]).max_length
)
# CharField refuses NUL (ProhibitNullCharactersValidator) and lone surrogates
# (ProhibitSurrogateCharactersValidator); JSON can carry both as escapes.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _clean_text(value: str) -> bool:
    return "\x00" not in value and (value.isascii() or _SURROGATE.search(value) is None)


_KNOWN = frozenset(DeckValidateInputSerializer().fields)


def fast_validated_data(data: Any) -> dict[str, Any] | None:
    """DeckValidateInputSerializer(data=data).validated_data for a well-formed request, else None."""
    if type(data) is not dict or not _KNOWN.issuperset(data):
        return None
    game = data.get("game")
    if type(game) is not str or game not in _GAMES:
        return None
    out: dict[str, Any] = {"game": game}
    if "format" in data:
        fmt = data["format"]
        # The serializer strips a format and refuses a blank one: only an already-trimmed one passes here.
        if fmt is not None and not (
            type(fmt) is str and 0 < len(fmt) <= _FORMAT_MAX_LENGTH and fmt.strip() == fmt and _clean_text(fmt)
        ):
            return None
        out["format"] = fmt
    has_text, has_cards = "decklist" in data, "cards" in data
    if has_text == has_cards:
        return None
    if has_text:
        decklist = data["decklist"]
        if type(decklist) is not str or not _clean_text(decklist):
            return None
        out["decklist"] = decklist
    else:
        cards = data["cards"]
        # The child JSONField refuses a null item (naming its index), and one it
        # cannot write back as strict JSON (1e400 reads as an infinite float);
        # anything else it hands back as is.
        if type(cards) is not list or None in cards:
            return None
        try:
            drf_json.dumps(cards)
        except (TypeError, ValueError):
            return None
        out["cards"] = list(cards)
    annotate = data.get("annotate", False)
    if annotate is not True and annotate is not False:
        return None
    out["annotate"] = annotate
    return out
