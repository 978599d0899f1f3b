"""The tables API's requests (docs/tables.md, "The API")."""

from rest_framework import serializers

from cardsite.api.booleans import StrictBooleanField
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
    clock_minutes = StrictIntegerField(
        required=False, default=0, min_value=0, max_value=180, help_text="A live clock: minutes each (0: none)."
    )
    increment_seconds = StrictIntegerField(
        required=False, default=0, min_value=0, max_value=60, help_text="A live clock: seconds added after each move."
    )
    move_hours = StrictIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=168,
        help_text="A correspondence table: hours a move (e.g. 24), with 'your turn' notifications. Not with a clock.",
    )


class JoinSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, default="", allow_blank=True, max_length=30)


class MoveSerializer(serializers.Serializer):
    after = StrictIntegerField(min_value=0, help_text="The seq of the last move the client saw (0: none).")
    key = serializers.RegexField(r"^[A-Za-z0-9_.:-]{8,64}$", help_text="An idempotency key, 8 to 64 characters.")
    action = serializers.DictField(help_text='One of your legal actions: `{"type": ..., "cards": [titles]}`.')


class ResignSerializer(serializers.Serializer):
    after = StrictIntegerField(min_value=0)
    key = serializers.RegexField(r"^[A-Za-z0-9_.:-]{8,64}$")


class TakebackSerializer(serializers.Serializer):
    after = StrictIntegerField(min_value=0, help_text="The table's last seq: your move must be the last.")


class AnswerSerializer(serializers.Serializer):
    agree = StrictBooleanField(help_text="true: take the move back; false: refuse.")


class OfferAnswerSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The table's last seq now.")
    status = serializers.CharField()
    offers = serializers.DictField(help_text='The open offers: {"takeback": ..., "rematch": ...}.')
    rematch = serializers.UUIDField(allow_null=True, required=False, help_text="The rematch's table, once open.")


class StateQuery(serializers.Serializer):
    after = StrictIntegerField(required=False, min_value=0, help_text="Also the moves after this seq.")


class SeatAnswerSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    kind = serializers.CharField()
    name = serializers.CharField()
    taken = serializers.BooleanField()


class TableSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game = serializers.CharField()
    variant = serializers.CharField()
    rules = serializers.CharField()
    status = serializers.CharField()
    host = serializers.CharField()
    seats = SeatAnswerSerializer(many=True)
    url = serializers.CharField()
    clock = serializers.DictField(
        allow_null=True, help_text="kind, minutes, increment_seconds, move_hours; null: none."
    )


class LobbySerializer(serializers.Serializer):
    results = TableSummarySerializer(many=True)


class TableStateSerializer(serializers.Serializer):
    type = serializers.CharField(help_text='"state"')
    table = serializers.UUIDField()
    game = serializers.CharField()
    seq = serializers.IntegerField(help_text="The last move this viewer may know of.")
    status = serializers.CharField()
    rules = serializers.CharField()
    you = serializers.IntegerField(allow_null=True, help_text="The caller's seat; null: a spectator.")
    seats = serializers.ListField(child=serializers.DictField())
    view = serializers.DictField(help_text="The engine's view for this seat (a spectator's: no hidden card).")
    legal = serializers.ListField(child=serializers.DictField(), help_text="The caller's legal actions now.")
    result = serializers.DictField(allow_null=True)
    clock = serializers.DictField(
        allow_null=True, help_text="kind (live, correspondence), minutes, increment_seconds, move_hours."
    )
    offers = serializers.DictField(help_text="An open take-back (seat, undo, agreed) and rematch (agreed).")
    offers_tag = serializers.CharField()
    can_take_back = serializers.BooleanField(help_text="The caller may ask to take back their last move now.")
    rematch = serializers.UUIDField(allow_null=True, help_text="The rematch of this finished table, once open.")
    rematch_of = serializers.UUIDField(allow_null=True)
    moves = serializers.ListField(child=serializers.DictField(), required=False, help_text="With `after`.")


class JoinAnswerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()


class OutcomeSerializer(serializers.Serializer):
    seq = serializers.IntegerField(allow_null=True, help_text="The seq of the move (the first one it appended).")
    last = serializers.IntegerField(help_text="The table's last seq now (the computer may have moved after it).")
    duplicate = serializers.BooleanField(help_text="True: this key's move was already applied; nothing new.")
    status = serializers.CharField()


class RefusalSerializer(serializers.Serializer):
    detail = serializers.CharField(required=False)
    field = serializers.CharField(required=False)
    message = serializers.CharField(required=False)
    code = serializers.CharField(required=False, help_text="stale, not-your-seat, not-your-turn, illegal-action ...")


class ReplayQuery(serializers.Serializer):
    after = StrictIntegerField(
        required=False, default=0, min_value=0, help_text="The steps after this move (0: from the first)."
    )


class ReplayStepSerializer(serializers.Serializer):
    step = serializers.IntegerField(help_text="The move's seq.")
    move = serializers.DictField(help_text="The move in words, as the table sends it to a spectator.")
    events = serializers.ListField(
        child=serializers.DictField(), help_text="What the move did; cards named only where a spectator sees them."
    )
    view = serializers.DictField(help_text="The spectator's view after the move: no hidden card.")


class ReplaySerializer(serializers.Serializer):
    table = serializers.UUIDField()
    game = serializers.CharField()
    last = serializers.IntegerField(help_text="The log's last move.")
    result = serializers.DictField()
    consent = serializers.ListField(child=serializers.DictField(), help_text="Each person's allow_replay.")
    start = serializers.DictField(help_text="The deal as a spectator sees it (only when `after` is 0).", required=False)
    steps = ReplayStepSerializer(many=True)
    next = serializers.IntegerField(allow_null=True, help_text="Pass as `after` for the next steps; null: the end.")


class AllowReplaySerializer(serializers.Serializer):
    allow_replay = StrictBooleanField(help_text="Allow anyone to watch this game's replay once it is over.")


class AllowReplayAnswerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    allow_replay = serializers.BooleanField()
    public = serializers.BooleanField(help_text="Every person seated allows it: the replay is public.")


class MatchTableSerializer(serializers.Serializer):
    game_number = serializers.IntegerField()
    table = serializers.UUIDField()
    status = serializers.CharField()
    url = serializers.CharField()


class MatchTablesSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    tables = MatchTableSerializer(many=True)


class SignSerializer(serializers.Serializer):
    seat = StrictIntegerField(min_value=0, max_value=5, help_text="The seat of the opponent who quoted the verse.")
    card = serializers.CharField(max_length=40, help_text="The game's id of the card quoted (from `GET .../sign/`).")


class QuoteToSignSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField()
    card = serializers.CharField(help_text="The game's card id.")
    title = serializers.CharField()
    reference = serializers.CharField()
    signed = serializers.BooleanField()


class SignedSerializer(serializers.Serializer):
    player = serializers.CharField()
    title = serializers.CharField()
    reference = serializers.CharField()
    new = serializers.BooleanField(help_text="False: the verse was signed for this player in this game already.")
