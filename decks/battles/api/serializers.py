"""The rules checkers' requests and answers, for the OpenAPI schema (the engine reads the requests itself,
so that every refusal names its JSON path the same way on the API and the pages)."""

from rest_framework import serializers

from rules.games.battle_cards import BC_CATEGORIES
from rules.games.book_of_mormon_battles.battle import VARIANTS
from rules.games.warriors_of_the_promised_land.challenge import SIDES


class CardRefSerializer(serializers.Serializer):
    title = serializers.CharField(required=False, help_text="The card's title (its canonical printing).")
    set = serializers.CharField(required=False, help_text="With number: one printing.")
    number = serializers.CharField(required=False)


def _cards(help_text: str, **kwargs) -> serializers.ListField:
    return serializers.ListField(child=CardRefSerializer(), help_text=help_text, **kwargs)


def _steps() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(), help_text="The working, each step starting with the rule it applied."
    )


class BattlePlayerSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60)
    cards = _cards("The character card, or the characters and the one power card that combines them.")


class BattleRequestSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=VARIANTS, required=False, default="basic")
    players = BattlePlayerSerializer(many=True, help_text="2 to 6 players.")


class BattleResultSerializer(serializers.Serializer):
    winner = serializers.CharField(allow_null=True, help_text="Null for a tie (mounting battles, or equal cards).")
    values = serializers.DictField(child=serializers.IntegerField(), help_text="Each player's value in the battle.")
    tie = serializers.BooleanField()
    tied = serializers.ListField(child=serializers.CharField(), help_text="The tied players when tie is true.")
    steps = _steps()


class CheckPlayRequestSerializer(serializers.Serializer):
    in_play = _cards("The cards in play, primary first.")
    card = CardRefSerializer(help_text="The card to lay next (the primary card when in_play is empty).")


class CheckPlayResultSerializer(serializers.Serializer):
    allowed = serializers.BooleanField()
    reason = serializers.CharField()


class ChallengeSideSerializer(serializers.Serializer):
    cards = _cards("Primary card first, then the secondary cards in the order they are revealed.")


class ChallengeChoiceSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    card = serializers.IntegerField(help_text="Index of the Conversion, Dissenter, Escape or Deception card.")
    target = serializers.IntegerField(required=False, help_text="Index of the opponent's secondary card.")
    add = CardRefSerializer(required=False, help_text="Deception: the card added from the hand.")


class ChallengeRequestSerializer(serializers.Serializer):
    challenger = ChallengeSideSerializer()
    defender = ChallengeSideSerializer()
    choices = ChallengeChoiceSerializer(many=True, required=False)


class ChallengeResultSerializer(serializers.Serializer):
    # Plain strings: a second enum of the same name (matchup's winner) or the same values (side) makes
    # drf-spectacular warn.
    winner = serializers.CharField(help_text="challenger or defender (a tie goes to the challenger).")
    points = serializers.DictField(child=serializers.IntegerField())
    steps = _steps()


class MatchupRequestSerializer(serializers.Serializer):
    category = serializers.ChoiceField(choices=BC_CATEGORIES)
    a = CardRefSerializer()
    b = CardRefSerializer()
    mode = serializers.ChoiceField(
        choices=("battle-mode", "trumps"),
        required=False,
        help_text="battle-mode (default): ties go to size, then Value; trumps: an equal score is a tie (the centre).",
    )


class MatchupResultSerializer(serializers.Serializer):
    winner = serializers.CharField(help_text="a, b or tie.")
    by = serializers.ChoiceField(choices=("score", "size", "value"))
    steps = _steps()


class BattalionRequestSerializer(serializers.Serializer):
    battalion = _cards("One to five cards: the battalion whose chances are wanted.")
    opponents = serializers.IntegerField(required=False, min_value=1, max_value=5, default=1)
    trials = serializers.IntegerField(required=False, min_value=100, max_value=200_000, default=10_000)
    seed = serializers.IntegerField(required=False, min_value=0, help_text="The same seed gives the same numbers.")


class SquadRequestSerializer(serializers.Serializer):
    candidates = serializers.IntegerField(required=False, min_value=10, max_value=1000, default=200)
    battles = serializers.IntegerField(
        required=False, min_value=10, max_value=1000, default=100, help_text="Battles each candidate fights."
    )
    seed = serializers.IntegerField(required=False, min_value=0, help_text="The same seed gives the same numbers.")


class JobCreatedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField(help_text="GET it for the job's status, progress and result.")
