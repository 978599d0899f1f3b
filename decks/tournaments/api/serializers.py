"""Tournament API shapes (docs/contracts/tournaments.md): rounds and matches, results, standings, the start list."""

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsite.api.numbers import StrictIntegerField
from decks.judging.models import MAX_PENALTY_REASON
from decks.judging.models import PenaltyKind
from decks.models import ClockState
from decks.models import Match
from decks.models import Round
from decks.models import RoundKind
from decks.tournaments.selectors import round_clock

MOST_GAMES = 9


class ResultIn(serializers.Serializer):
    wins = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=MOST_GAMES),
        min_length=2,
        max_length=2,
        help_text="Games won by each player, in the order of the match's `players`.",
    )
    draws = StrictIntegerField(min_value=0, max_value=MOST_GAMES, required=False, default=0)


class DropIn(serializers.Serializer):
    player = serializers.CharField(
        max_length=150, required=False, help_text="The organiser drops this player; a player sends nothing."
    )


class TopCutIn(serializers.Serializer):
    size = serializers.ChoiceField(
        choices=[2, 4, 8], required=False, help_text="2, 4 or 8; the event's `top_cut` when left out."
    )


class ResultOut(serializers.Serializer):
    wins = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    draws = serializers.IntegerField()


class TournamentMatchOut(serializers.ModelSerializer):
    players = serializers.SerializerMethodField(help_text='Two usernames; a bye is ["carol", null].')
    result = serializers.SerializerMethodField(
        help_text="The agreed, entered or reported result (a single report is unconfirmed); null when none or disputed."
    )
    disputed = serializers.BooleanField(read_only=True, help_text="The players reported different results.")
    reports = serializers.SerializerMethodField(help_text="Each player's report, in the order of `players`.")

    class Meta:
        model = Match
        fields = ["id", "table", "players", "result", "confirmed", "disputed", "reports", "extra_seconds"]
        read_only_fields = fields
        extra_kwargs = {"extra_seconds": {"help_text": "Time this table has beyond the round's clock (seconds)."}}

    @extend_schema_field(serializers.ListField(child=serializers.CharField(allow_null=True)))
    def get_players(self, obj: Match) -> list[str | None]:
        return [obj.player_a.user.get_username(), obj.player_b.user.get_username() if obj.player_b else None]

    @extend_schema_field(ResultOut(allow_null=True))
    def get_result(self, obj: Match) -> dict[str, Any] | None:
        return obj.result

    @extend_schema_field(serializers.ListField(child=ResultOut(allow_null=True)))
    def get_reports(self, obj: Match) -> list[dict[str, Any] | None]:
        return [obj.report_a, obj.report_b]


class ClockOut(serializers.Serializer):
    state = serializers.ChoiceField(choices=ClockState.choices, help_text="ready (not started), running or paused.")
    minutes = serializers.IntegerField(help_text="The round's length.")
    extended = serializers.IntegerField(help_text="Seconds the organiser added to the round.")
    remaining = serializers.FloatField(help_text="Seconds left when the answer was made; negative once time is up.")


class RoundOut(serializers.ModelSerializer):
    kind = serializers.ChoiceField(choices=RoundKind.choices, read_only=True)
    matches = TournamentMatchOut(many=True, read_only=True)
    clock = serializers.SerializerMethodField(help_text="The round's countdown clock (a table's extra time apart).")

    class Meta:
        model = Round
        fields = ["number", "kind", "created", "clock", "matches"]
        read_only_fields = fields

    @extend_schema_field(ClockOut)
    def get_clock(self, obj: Round) -> dict[str, Any]:
        clock = round_clock(obj, now=timezone.now())
        return {
            "state": clock.state,
            "minutes": clock.minutes,
            "extended": clock.extended,
            "remaining": clock.remaining,
        }


class LeftOutOut(serializers.Serializer):
    player = serializers.CharField()
    reason = serializers.CharField()


class StartOut(serializers.Serializer):
    players = serializers.ListField(child=serializers.CharField())
    left_out = LeftOutOut(many=True)


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    record = serializers.CharField(help_text="W-L-D")
    omw = serializers.FloatField(help_text="Opponents' match-win %, 0 to 1, 4 decimals.")
    gwp = serializers.FloatField(help_text="Game-win %.")
    ogw = serializers.FloatField(help_text="Opponents' game-win %.")
    dropped = serializers.BooleanField()
    penalties = serializers.ListField(
        child=serializers.CharField(), help_text="The penalties that changed this player's points, with the reason."
    )


class StandingsOut(serializers.Serializer):
    round = serializers.IntegerField(help_text="The last Swiss round with every result in (0: none yet).")
    standings = StandingOut(many=True)


class DropOut(serializers.Serializer):
    player = serializers.CharField()
    dropped = serializers.BooleanField()
    dropped_after = serializers.IntegerField(help_text="The round after which they dropped.")


class HandicapIn(serializers.Serializer):
    handicap = StrictIntegerField(
        min_value=0,
        max_value=10_000,
        allow_null=True,
        help_text="Chapter and Verse: the player's blessings (1-7); Bible Battles: their wisdom target (1-99); "
        "null: none.",
    )


class HandicapOut(serializers.Serializer):
    registration = serializers.UUIDField(source="pk")
    player = serializers.CharField(source="player.username")
    handicap = serializers.IntegerField(allow_null=True)


class PenaltyIn(serializers.Serializer):
    player = serializers.CharField(max_length=150, help_text="The penalised player's username (one of the match's).")
    kind = serializers.ChoiceField(choices=PenaltyKind.choices)
    # Bounded here, measured by the service after its spaces are collapsed (the page's form and the API alike).
    reason = serializers.CharField(
        max_length=10 * MAX_PENALTY_REASON, help_text=f"At most {MAX_PENALTY_REASON} characters."
    )


class PenaltyOut(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField(source="match_id")
    player = serializers.CharField(source="player.user.username")
    kind = serializers.CharField()
    reason = serializers.CharField()
    given_by = serializers.SerializerMethodField()
    created = serializers.DateTimeField()

    def get_given_by(self, obj: Any) -> str | None:
        return obj.given_by.get_username() if obj.given_by is not None else None
