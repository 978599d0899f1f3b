"""Forms of the event pages. They only shape input; the services decide (format, deadline, legality)."""

from datetime import datetime
from typing import Any
from typing import cast

from django import forms
from django.utils import timezone

from cardcollections.models import Game
from decks.events.services import MAX_ROUNDS
from decks.events.services import SETTINGS
from decks.events.services import event_fixed_fields
from decks.formats.selectors import format_choices
from decks.models import Event


def deadline_help() -> str:
    """The deadline's help, naming the zone it is typed in (the visitor's, cardsite/timezones.py)."""
    return (
        "Registrations can be made, replaced or withdrawn until this moment, "
        f"in your time zone ({timezone.get_current_timezone_name()})."
    )


def _format_choice_groups(game: str | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The format menu, grouped by game: base formats, then tournament formats."""
    games = {g.slug: g.name for g in Game.objects.order_by("position")}
    groups = []
    for slug, choices in format_choices().items():
        if game is not None and slug != game:
            continue
        label = games.get(slug, slug)
        groups.append((label, [(c.slug, f"{c.name}{' (tournament)' if c.tournament else ''}") for c in choices]))
    return groups


class DeadlineInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None):
        super().__init__(attrs=attrs, format="%Y-%m-%dT%H:%M")


class EventSettingsForm(forms.Form):
    """The tournament settings (docs/contracts/tournaments.md): on the event's form and on the organiser's console."""

    rounds = forms.TypedChoiceField(
        choices=[("", "by player count"), *[(n, n) for n in range(1, MAX_ROUNDS + 1)]],
        coerce=int,
        empty_value=None,
        required=False,
        help_text="Swiss rounds; may change until the last one is paired.",
    )
    # Left out of a post (a script, an older page): unchanged, as in the API.
    games_per_match = forms.TypedChoiceField(
        choices=[(1, "best of one"), (3, "best of three")], coerce=int, initial=1, required=False, empty_value=None
    )
    top_cut = forms.TypedChoiceField(
        choices=[(0, "none"), (2, "top 2"), (4, "top 4"), (8, "top 8")],
        coerce=int,
        initial=0,
        required=False,
        empty_value=None,
    )
    pairing = forms.ChoiceField(
        choices=[("swiss", "Swiss"), ("round_robin", "Round robin (everyone meets everyone once)")],
        required=False,
        initial="swiss",
        help_text="Round robin suits a small group; its rounds are set by the number of players.",
    )
    decklists_public = forms.BooleanField(required=False, label="Show the top decks' lists once the event is finished")
    played_online = forms.BooleanField(
        required=False,
        label="Played online",
        help_text="Each pairing gets a table on this site with the players' registered decks; the result is "
        "recorded when the game ends. Players at a physical table still report as usual.",
    )
    casual = forms.BooleanField(
        required=False,
        label="Casual event: no public standings",
        help_text="The standings are shown only to the event's staff and players, and no top decks are ranked.",
    )

    def clean_pairing(self) -> str | None:
        # Left out of a post: unchanged (None), as the other settings.
        return self.cleaned_data.get("pairing") or None

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if "deadline" in self.fields:
            self.fields["deadline"].help_text = deadline_help()
        if event is not None:
            self.disable_fixed(event)

    def disable_fixed(self, event: Event) -> None:
        """Disable the fields `event`'s state no longer lets change, saying why. A disabled field's posted
        value is ignored for its initial one (Django's rule), so the form needs the event's values as `initial`."""
        for name, reason in event_fixed_fields(event).items():
            if name in self.fields:
                self.fields[name].disabled = True
                self.fields[name].help_text = reason

    def settings(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in SETTINGS}


# The event's own fields first, the tournament settings after them.
EVENT_FIELDS = ["name", "game", "format", "deadline", "description"]


class EventForm(EventSettingsForm):
    field_order = EVENT_FIELDS
    name = forms.CharField(max_length=120)
    game = forms.ModelChoiceField(queryset=Game.objects.order_by("position"), to_field_name="slug", empty_label=None)
    format = forms.ChoiceField(help_text="A base format of the game, or a tournament format of it.")
    deadline = forms.DateTimeField(widget=DeadlineInput())
    description = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["format"]).choices = _format_choice_groups()


def event_edit_initial(event: Event) -> dict[str, Any]:
    """The edit form's values from the event as stored."""
    return {
        "name": event.name,
        "format": event.format,
        "deadline": timezone.localtime(event.deadline),
        "description": event.description,
        **{key: getattr(event, key) for key in SETTINGS},
    }


class EventEditForm(EventSettingsForm):
    """Edit an event: its game is fixed (the registrations are decks of that game); what its state no longer
    lets change is shown disabled (the services refuse a change of it anyway)."""

    field_order = EVENT_FIELDS

    name = forms.CharField(max_length=120)
    format = forms.ChoiceField(
        help_text="Changing it does not touch the registrations: re-check them afterwards on the manage page."
    )
    deadline = forms.DateTimeField(widget=DeadlineInput())
    description = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, data: Any = None, *, event: Event, **kwargs: Any):
        super().__init__(data, initial=event_edit_initial(event), event=event, **kwargs)
        self.event = event
        cast(forms.ChoiceField, self.fields["format"]).choices = _format_choice_groups(event.game.slug)

    def clean_deadline(self) -> datetime:
        deadline = self.cleaned_data["deadline"]
        stored = self.event.deadline
        # The input shows minutes only (and Django drops a disabled field's microseconds): the stored deadline
        # sent back is no change, and is kept exact, so an edit that does not touch it saves even once it has passed.
        if self.fields["deadline"].disabled or _minute(deadline) == _minute(stored):
            return stored
        return deadline


def _minute(moment: datetime) -> datetime:
    return timezone.localtime(moment).replace(second=0, microsecond=0)


class RegisterForm(forms.Form):
    deck = forms.ChoiceField(
        label="Your deck", help_text="The list is copied as it is now; later edits do not change it."
    )

    def __init__(self, *args: Any, decks: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["deck"]).choices = [
            (str(d.pk), f"{d.name} · {d.card_count} cards · saved as {d.format}") for d in decks
        ]
