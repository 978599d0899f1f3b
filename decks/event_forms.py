"""Forms of the event pages. They only shape input; the services decide (format, deadline, legality)."""

from typing import Any

from django import forms

from cardcollections.models import Game
from decks.selectors.formats import format_choices

DEADLINE_HELP = "Registrations can be made, replaced or withdrawn until this moment (your local time)."


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


class EventForm(forms.Form):
    name = forms.CharField(max_length=120)
    game = forms.ModelChoiceField(queryset=Game.objects.order_by("position"), to_field_name="slug", empty_label=None)
    format = forms.ChoiceField(help_text="A base format of the game, or a tournament format of it.")
    deadline = forms.DateTimeField(widget=DeadlineInput(), help_text=DEADLINE_HELP)
    description = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = _format_choice_groups()


class EventEditForm(forms.Form):
    """Edit an event: its game is fixed (the registrations are decks of that game)."""

    name = forms.CharField(max_length=120)
    format = forms.ChoiceField(
        help_text="Changing it does not touch the registrations: re-check them afterwards on the manage page."
    )
    deadline = forms.DateTimeField(widget=DeadlineInput(), help_text=DEADLINE_HELP)
    description = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, *args: Any, game: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = _format_choice_groups(game)


class RegisterForm(forms.Form):
    deck = forms.ChoiceField(
        label="Your deck", help_text="The list is copied as it is now; later edits do not change it."
    )

    def __init__(self, *args: Any, decks: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = [
            (str(d.pk), f"{d.name} · {d.card_count} cards · saved as {d.format}") for d in decks
        ]
