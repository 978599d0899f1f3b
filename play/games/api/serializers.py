"""The stateless play endpoint's request and answer (docs/contracts/play.md, "Stateless play")."""

from rest_framework import serializers

from rules.play.log import MAX_ACTIONS


class SeatSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=40, help_text="The player's name, shown in events.")
    deck = serializers.CharField(
        required=False, max_length=20_000, help_text="A deck list (collectible games); fixed-deck games deal their box."
    )


class PlayRequestSerializer(serializers.Serializer):
    seats = SeatSerializer(many=True, help_text="The players, in seat order (seat 0 first).")
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="`variant`, the game's numeric options, `set` (the box to deal) and `deal` (a stacked deal: for "
        "each seat, card titles top first).",
    )
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, help_text="The deal's random seed.")
    actions = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        default=list,
        max_length=MAX_ACTIONS,
        help_text=f'The actions so far, each `{{"seat": n, "type": ..., "cards": [titles]}}`; at most {MAX_ACTIONS}.',
    )


class PlayCardSerializer(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField()


class PlayEventSerializer(serializers.Serializer):
    after = serializers.IntegerField(allow_null=True, help_text="The index of the action it followed; null: the deal.")
    type = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())
    rule = serializers.CharField(required=False, help_text="The rule that made it.")
    detail = serializers.CharField(required=False, help_text="What happened, in words.")


class PlayResultSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField(), help_text="Empty for a draw.")
    reason = serializers.CharField()


class PlayAnswerSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["playing", "over"])
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="The seats that must act now.")
    legal = serializers.DictField(
        child=serializers.ListField(child=serializers.DictField()), help_text="Each acting seat's legal actions."
    )
    state = serializers.DictField(help_text="The whole state, hidden parts included: seats' and shared zones.")
    events = PlayEventSerializer(many=True)
    result = PlayResultSerializer(allow_null=True)


class PlayRefusalSerializer(serializers.Serializer):
    field = serializers.CharField(help_text='The JSON path of the problem ("actions[3]", "options.deal[0][2]").')
    message = serializers.CharField()
    action = serializers.IntegerField(required=False, help_text="The index of the refused action.")
    code = serializers.CharField(required=False, help_text="A stable code for the refusal.")
    detail = serializers.CharField(required=False, help_text="The same sentence as `message`.")
