"""Learning API shapes: the due queue, a batch of reviews and what became of each, one verse."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cardsite.api.booleans import StrictBooleanField
from cardsite.api.numbers import StrictIntegerField
from learning.models import MAX_DAILY_GOAL
from learning.selectors import MAX_QUEUE
from learning.services import MAX_BATCH
from rules.learning import DRILL_KINDS
from rules.learning import GRADE_NAMES
from rules.numbers import ID_MAX

GRADES = list(GRADE_NAMES.values())
STATES = ["learning", "review", "relearning"]


class QueueQuery(serializers.Serializer):
    limit = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_QUEUE, help_text=f"At most {MAX_QUEUE} verses (50 if not said)."
    )


class VerseOut(serializers.Serializer):
    id = serializers.IntegerField()
    card = serializers.IntegerField(help_text="the catalog card whose verse is learned")
    title = serializers.CharField()
    reference = serializers.CharField()
    scripture = serializers.CharField()
    state = serializers.ChoiceField(choices=STATES, help_text="FSRS's state of the verse")
    stability = serializers.FloatField(allow_null=True, help_text="days (FSRS), none before the first review")
    difficulty = serializers.FloatField(allow_null=True)
    due = serializers.DateTimeField()
    last_review = serializers.DateTimeField(allow_null=True)
    reviews = serializers.IntegerField()


class QueueOut(serializers.Serializer):
    due_count = serializers.IntegerField(help_text="verses due now (the list holds the first `limit`)")
    goal = serializers.IntegerField(help_text="reviews a day the player set out to make")
    reviewed_today = serializers.IntegerField(help_text="reviews made since midnight UTC")
    verses = VerseOut(many=True)


class ReviewIn(serializers.Serializer):
    uuid = serializers.UUIDField(help_text="made by the client: the same review sent again is stored once")
    verse = StrictIntegerField(min_value=1, max_value=ID_MAX, help_text="the id of one of your verses")
    grade = serializers.ChoiceField(choices=GRADES)
    kind = serializers.ChoiceField(choices=list(DRILL_KINDS), help_text="the drill answered")
    reviewed = serializers.DateTimeField(required=False, help_text="when it was answered; now if not given")

    def to_internal_value(self, data: Any) -> Any:
        # Unknown fields of a review are refused by their path too (reviews[2].colour), as the body's own are.
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                known = ", ".join(sorted(self.fields))
                raise serializers.ValidationError({unknown[0]: [f"Unknown field: {unknown[0]}. Known: {known}."]})
        return super().to_internal_value(data)


class ReviewsIn(serializers.Serializer):
    reviews = serializers.ListField(
        child=ReviewIn(), min_length=1, max_length=MAX_BATCH, help_text=f"1 to {MAX_BATCH} reviews, in order"
    )


class ReviewOut(serializers.Serializer):
    uuid = serializers.UUIDField()
    verse = serializers.IntegerField()
    grade = serializers.ChoiceField(choices=GRADES)
    kind = serializers.ChoiceField(choices=list(DRILL_KINDS))
    reviewed = serializers.DateTimeField()
    due = serializers.DateTimeField(help_text="when the verse came due next after this review (FSRS)")
    duplicate = serializers.BooleanField(help_text="stored before (the same uuid): nothing changed")


class ReviewsOut(serializers.Serializer):
    stored = serializers.IntegerField(help_text="reviews stored now")
    duplicates = serializers.IntegerField(help_text="reviews stored before, not stored again")
    results = ReviewOut(many=True)


class ReviewLogOut(serializers.Serializer):
    uuid = serializers.UUIDField()
    grade = serializers.ChoiceField(choices=GRADES)
    kind = serializers.ChoiceField(choices=list(DRILL_KINDS))
    reviewed = serializers.DateTimeField()
    due = serializers.DateTimeField(help_text="when the verse came due next after this review (FSRS)")


class VerseDetailOut(VerseOut):
    recent = ReviewLogOut(many=True, help_text="its latest 20 reviews, the latest first")


class VersesAddIn(serializers.Serializer):
    deck = serializers.UUIDField(required=False, help_text="one of your decks")
    set = StrictIntegerField(required=False, min_value=1, max_value=ID_MAX, help_text="a catalog set's id")
    collection = StrictBooleanField(required=False, help_text="true: every card of your collection")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        chosen = [name for name in ("deck", "set") if name in attrs] + (
            ["collection"] if attrs.get("collection") else []
        )
        if len(chosen) != 1:
            raise serializers.ValidationError({"deck": ["Give one deck, one set, or the collection."]})
        return attrs


class VersesAddedOut(serializers.Serializer):
    added = serializers.IntegerField(help_text="verses new to you (one you learn already is not added twice)")
    verses = serializers.IntegerField(help_text="verses you learn now")


class VersePageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = VerseOut(many=True)


class GoalIn(serializers.Serializer):
    daily_reviews = StrictIntegerField(min_value=1, max_value=MAX_DAILY_GOAL, help_text="reviews a day")


class GoalOut(serializers.Serializer):
    daily_reviews = serializers.IntegerField()


class DeckRecallOut(serializers.Serializer):
    deck = serializers.UUIDField()
    quote_cards = serializers.IntegerField(help_text="Copies in the deck of cards with a Quote effect.")
    verses = serializers.IntegerField(help_text="The distinct verses among them.")
    learned = serializers.IntegerField(help_text="Of those, the verses you learn.")
    recall = serializers.FloatField(
        allow_null=True,
        help_text="The mean of the fsrs library's predicted recall of each, now (0 to 1; a verse not learned counts "
        "0); null for a deck with no Quote card. Send it as the goldfish `quote_rate` or the play `computer_recall`.",
    )


class SetProgressOut(serializers.Serializer):
    set = serializers.CharField(help_text="The catalog set's code.")
    name = serializers.CharField()
    verses = serializers.IntegerField()
    learning = serializers.IntegerField()
    known = serializers.IntegerField()
    signed = serializers.IntegerField()
    levels = serializers.ListField(
        child=serializers.CharField(), help_text="The designer's Mastery Game levels: no catalog defines any yet."
    )


class SignatureOut(serializers.Serializer):
    card = serializers.IntegerField()
    title = serializers.CharField()
    reference = serializers.CharField()
    signer = serializers.CharField()
    table = serializers.UUIDField()
    signed = serializers.DateTimeField()


class MasteryOut(serializers.Serializer):
    public = serializers.BooleanField()
    sets = SetProgressOut(many=True)
    signatures = SignatureOut(many=True)
