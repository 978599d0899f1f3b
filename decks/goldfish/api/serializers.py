"""Goldfish API shapes (docs/contracts/goldfish.md), for the OpenAPI schema.

The request is checked by the engine (`rules.goldfish.request.parse_goldfish_request`)
so that the API, the command and the page refuse the same requests with the
same field names; these serializers describe it, they do not validate it.
"""

from rest_framework import serializers

from cardsite.api.booleans import StrictBooleanField
from cardsite.api.numbers import StrictIntegerField
from rules.games import GAME_SLUGS
from rules.goldfish.replay import MAX_REPLAY_GAME
from rules.goldfish.request import FILTER_KEYS
from rules.goldfish.request import MAX_QUERIES
from rules.goldfish.request import MAX_TRIALS
from rules.goldfish.request import MAX_TURNS
from rules.goldfish.request import MODES


class GoldfishFilterSerializer(serializers.Serializer):
    title = serializers.CharField(required=False, help_text="One title.")
    titles = serializers.ListField(child=serializers.CharField(), required=False, help_text="Any of these titles.")
    type = serializers.CharField(required=False, help_text="Bible Battles card type.")
    theme = serializers.CharField(required=False, help_text="Chapter and Verse theme: at least one icon of it.")
    marker = serializers.CharField(required=False)
    unique = StrictBooleanField(required=False)
    cost_min = StrictIntegerField(required=False, min_value=0, help_text="Sacrifice (C&V) or effort (BB).")
    cost_max = StrictIntegerField(required=False, min_value=0)


class GoldfishQuerySerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    filter = GoldfishFilterSerializer(required=False, help_text=f"Keys: {', '.join(FILTER_KEYS)}; all must hold.")
    at_least = StrictIntegerField(required=False, default=1, min_value=1)


class GoldfishRequestSerializer(serializers.Serializer):
    game = serializers.ChoiceField(
        choices=GAME_SLUGS, required=False, help_text="chapter-and-verse or bible-battles (a saved `deck` gives it)."
    )
    decklist = serializers.CharField(required=False, help_text="The deck as text. Give this, cards or deck.")
    cards = serializers.ListField(
        child=serializers.JSONField(), required=False, help_text='JSON entries: {"title", "count"} ...'
    )
    deck = serializers.UUIDField(
        required=False, help_text="A saved deck's id (one you may read); it supplies the game and the list."
    )
    mode = serializers.ChoiceField(choices=MODES)
    turns = StrictIntegerField(min_value=0, max_value=MAX_TURNS)
    trials = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_TRIALS, help_text="Required in simulate and play."
    )
    seed = StrictIntegerField(required=False, min_value=0, help_text="Drawn at random when left out.")
    queries = GoldfishQuerySerializer(many=True, required=False, help_text=f"1 to {MAX_QUERIES} (optional in play).")
    policy = serializers.CharField(required=False, help_text="play: how the player chooses (default greedy).")
    target = StrictIntegerField(required=False, min_value=1, help_text="play, Bible Battles: wisdom target.")


class GoldfishQueryResultSerializer(serializers.Serializer):
    name = serializers.CharField()
    probability = serializers.ListField(child=serializers.FloatField())
    stderr = serializers.ListField(child=serializers.FloatField())


class GoldfishResultSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=MODES)
    trials = serializers.IntegerField(allow_null=True)
    seed = serializers.IntegerField(allow_null=True)
    turns = serializers.ListField(child=serializers.IntegerField())
    cards_seen = serializers.ListField(child=serializers.IntegerField())
    queries = GoldfishQueryResultSerializer(many=True)
    outcomes = serializers.JSONField(required=False, help_text="play only: each tracked outcome by turn.")


class GoldfishJobCreatedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField()


class GoldfishReplayPendingSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending"])
    url = serializers.URLField()


class GoldfishJobSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed", "cancelled"])
    progress = serializers.FloatField(min_value=0.0, max_value=1.0)
    result = GoldfishResultSerializer(allow_null=True)
    error = serializers.CharField(allow_null=True)


class GoldfishErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="JSON path of the wrong field, e.g. queries[1].filter.theme.")
    message = serializers.CharField()
    unknown_cards = serializers.ListField(child=serializers.JSONField(), required=False)
    problems = serializers.ListField(child=serializers.JSONField(), required=False)


class GoldfishReplayRequestSerializer(GoldfishRequestSerializer):
    mode = serializers.CharField(required=False, help_text="play, the default: a replay is a game of a play-out.")  # type: ignore[assignment]  # this request's own field for mode (the base's is a ChoiceField): DRF's metaclass takes fields off the class
    trials = StrictIntegerField(min_value=1, max_value=MAX_TRIALS, help_text="The run's trials: they decide its games.")
    game_number = StrictIntegerField(
        required=False,
        default=1,
        min_value=1,
        max_value=MAX_REPLAY_GAME,
        help_text="Which game of the run, 1 to min(trials, 1,000).",
    )
    quote_rate = serializers.FloatField(
        required=False,
        min_value=0,
        max_value=1,
        help_text="Chapter and Verse: the chance a Quote succeeds (default 1).",
    )


class GoldfishReplayCardSerializer(serializers.Serializer):
    title = serializers.CharField()
    set = serializers.CharField()
    number = serializers.CharField()
    image = serializers.CharField(allow_null=True, help_text="The card image's URL, null when the card has none.")


class GoldfishReplayEventSerializer(serializers.Serializer):
    event = serializers.CharField(
        help_text="draw, freeplay, play, chapter, prayer, keyword, action, book, blessing, ..."
    )
    cards = serializers.ListField(child=serializers.IntegerField(), help_text="Indices into `cards`.")
    text = serializers.CharField(help_text="What happened, in words.")


class GoldfishReplayTurnSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="0 is the set-up.")
    events = GoldfishReplayEventSerializer(many=True)
    state = serializers.JSONField(
        help_text="After the turn. C&V: hand, chapters, books, blessings, deck, discard; BB: hand, in_play, wisdom, food, deck."
    )


class GoldfishReplayOutcomeSerializer(serializers.Serializer):
    name = serializers.CharField()
    turn = serializers.IntegerField(allow_null=True, help_text="The turn it happened; null if it did not.")


class GoldfishReplaySerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAME_SLUGS)
    seed = serializers.IntegerField()
    trials = serializers.IntegerField()
    game_number = serializers.IntegerField()
    turns = serializers.IntegerField()
    cards = GoldfishReplayCardSerializer(many=True)
    outcomes = GoldfishReplayOutcomeSerializer(many=True)
    log = GoldfishReplayTurnSerializer(many=True)
    unmodelled = serializers.ListField(child=serializers.CharField())
    target = serializers.IntegerField(required=False)
