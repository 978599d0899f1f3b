"""Events API shapes: input serializers only shape and type-check; the services decide."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from cardcollections.models import Game
from cardsite.api.booleans import StrictBooleanField
from cardsite.api.numbers import StrictIntegerField
from decks.events.models import PAIRING_CHOICES
from decks.events.services import MAX_ROUNDS
from decks.events.services import event_is_open
from decks.lists.services import MAX_DESCRIPTION
from decks.lists.services import MAX_NAME
from decks.models import Event
from decks.models import EventCheck
from decks.models import EventCheckStatus
from decks.models import EventState
from decks.models import Registration
from rules.games import GAME_SLUGS


class EventSettingsIn(serializers.Serializer):
    """The tournament settings (docs/contracts/tournaments.md), optional on create and on change."""

    rounds = StrictIntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        allow_null=True,
        help_text="Swiss rounds; null: by player count.",
    )
    games_per_match = StrictIntegerField(required=False, help_text="1 or 3 (best of three).")
    top_cut = StrictIntegerField(required=False, help_text="0 (none), 2, 4 or 8.")
    decklists_public = StrictBooleanField(
        required=False, help_text="Show the top decks' lists to everyone once the event is finished."
    )
    played_online = StrictBooleanField(
        required=False,
        help_text="Each pairing gets a table on the site (/api/v1/tables/matches/{match}/); the result is recorded "
        "when its game ends.",
    )
    casual = StrictBooleanField(
        required=False, help_text="A casual event: standings only for its staff and players, no top decks."
    )
    pairing = serializers.ChoiceField(
        choices=PAIRING_CHOICES,
        required=False,
        help_text="swiss (the default) or round_robin: everyone meets everyone once, rounds set by the players.",
    )


class EventCreateIn(EventSettingsIn):
    name = serializers.CharField(max_length=MAX_NAME)
    game = serializers.ChoiceField(choices=GAME_SLUGS)
    format = serializers.CharField(
        max_length=60, required=False, allow_null=True, help_text="A base format of the game or a tournament format."
    )
    deadline = serializers.DateTimeField(help_text="Registrations close at this moment; must be in the future.")
    description = serializers.CharField(max_length=MAX_DESCRIPTION, required=False, allow_blank=True, default="")


class EventPatchIn(EventSettingsIn):
    name = serializers.CharField(max_length=MAX_NAME, required=False)
    format = serializers.CharField(max_length=60, required=False)
    deadline = serializers.DateTimeField(
        required=False, help_text="An earlier deadline closes registration early; fixed once the event has started."
    )
    description = serializers.CharField(max_length=MAX_DESCRIPTION, required=False, allow_blank=True)


class EventOut(serializers.ModelSerializer):
    game: "serializers.SlugRelatedField[Game]" = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    organiser = serializers.SerializerMethodField()
    open = serializers.SerializerMethodField(help_text="True until the deadline, and never once the event has started.")
    format_version = serializers.SerializerMethodField(
        help_text="The tournament format's version the event validates against (null for a base format)."
    )
    format_latest_version = serializers.SerializerMethodField(
        help_text="The format's latest version; the organiser moves the event to it with POST format-version/."
    )
    url = serializers.SerializerMethodField()
    registrations_url = serializers.SerializerMethodField()
    rounds = serializers.IntegerField(
        read_only=True, allow_null=True, help_text="Swiss rounds; null until the start when left to the player count."
    )
    state = serializers.ChoiceField(choices=EventState.choices, read_only=True)
    current_round = serializers.IntegerField(read_only=True, help_text="The latest round paired (0: none yet).")

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "game",
            "format",
            "format_version",
            "format_latest_version",
            "deadline",
            "description",
            "organiser",
            "open",
            "created",
            "rounds",
            "games_per_match",
            "top_cut",
            "decklists_public",
            "pairing",
            "played_online",
            "casual",
            "state",
            "current_round",
            "url",
            "registrations_url",
        ]

    def get_organiser(self, obj: Event) -> str:
        return obj.organiser.get_username()

    def get_open(self, obj: Event) -> bool:
        return event_is_open(obj)

    def get_format_version(self, obj: Event) -> int | None:
        return obj.format_version.number if obj.format_version is not None else None

    def get_format_latest_version(self, obj: Event) -> int | None:
        return obj.format_version.format.version if obj.format_version is not None else None

    def get_url(self, obj: Event) -> str:
        return reverse("api-event-detail", args=[obj.pk], request=self.context.get("request"))

    def get_registrations_url(self, obj: Event) -> str:
        return reverse("api-event-registrations", args=[obj.pk], request=self.context.get("request"))


class RegistrationIn(serializers.Serializer):
    deck = serializers.UUIDField(help_text="One of your decks of the event's game.")


class RegistrationCardOut(serializers.Serializer):
    set = serializers.CharField()
    number = serializers.CharField()
    title = serializers.CharField()
    count = serializers.IntegerField()


class RegistrationOut(serializers.ModelSerializer):
    event = serializers.IntegerField(source="event_id", read_only=True)
    player = serializers.SerializerMethodField()
    deck = serializers.SerializerMethodField(
        help_text="The player's deck it was copied from: shown to the player only (an unlisted deck's id is its link)."
    )
    cards = RegistrationCardOut(many=True, read_only=True)
    legal = serializers.SerializerMethodField(help_text="The engine's verdict when it was registered.")
    validation = serializers.JSONField(read_only=True, help_text="ValidationResult at registration (validation.md).")
    recheck = serializers.JSONField(read_only=True, allow_null=True, help_text="The latest organiser re-check.")

    class Meta:
        model = Registration
        fields = [
            "id",
            "event",
            "player",
            "deck",
            "deck_name",
            "deck_version",
            "format",
            "cards",
            "decklist",
            "list_hash",
            "card_count",
            "legal",
            "validation",
            "created",
            "active",
            "replaced",
            "recheck",
            "handicap",
            "recheck_legal",
            "rechecked",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.UUIDField(allow_null=True))
    def get_deck(self, obj: Registration) -> Any:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and obj.player_id == user.pk:
            return obj.deck_id
        return None

    def get_player(self, obj: Registration) -> str:
        return obj.player.get_username()

    def get_legal(self, obj: Registration) -> bool:
        return bool(obj.validation.get("legal"))


class EventCheckOut(serializers.ModelSerializer):
    event = serializers.IntegerField(source="event_id", read_only=True)
    status = serializers.ChoiceField(choices=EventCheckStatus.choices, read_only=True)
    progress = serializers.FloatField(read_only=True, min_value=0.0, max_value=1.0)
    url = serializers.SerializerMethodField()

    class Meta:
        model = EventCheck
        fields = [
            "id",
            "event",
            "status",
            "progress",
            "total",
            "done",
            "legal",
            "illegal",
            "error",
            "created",
            "started",
            "finished",
            "url",
        ]
        read_only_fields = fields

    def get_url(self, obj: EventCheck) -> str:
        return reverse("api-event-check-detail", args=[obj.event_id, obj.pk], request=self.context.get("request"))


class EventFormatMoveOut(serializers.Serializer):
    event = EventOut(help_text="The event, now at its format's latest version.")
    check = EventCheckOut(
        allow_null=True, help_text="The re-check of every registration it started (null: already at the latest)."
    )


class EventErrorOut(serializers.Serializer):
    field = serializers.CharField(help_text="The field to fix: name, game, format, deadline, deck, registration ...")
    message = serializers.CharField()
    findings = serializers.ListField(
        child=serializers.JSONField(), required=False, help_text="An illegal deck: every finding of the engine."
    )
    validation = serializers.JSONField(required=False, help_text="An illegal deck: the engine's whole result.")
    errors = serializers.JSONField(required=False, help_text="Every field's problems, when a value is wrong.")  # type: ignore[assignment]  # a declared field, not the serializer's own .errors: DRF's metaclass takes fields off the class


class CoOrganiserIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class CoOrganiserOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
