"""The form that opens a table (docs/tables.md, "The pages")."""

from __future__ import annotations

from typing import Any

from django import forms

from rules.games import GAMES_BY_SLUG
from rules.play.registry import playable_games
from tables.models import TableRules


class NewTableForm(forms.Form):
    game = forms.ChoiceField(choices=())
    variant = forms.CharField(required=False, max_length=40, help_text="Empty: the basic game.")
    people = forms.IntegerField(min_value=1, max_value=6, initial=2, help_text="Seats for people, you included.")
    computers = forms.IntegerField(min_value=0, max_value=5, initial=0, help_text="Seats for the computer.")
    rules = forms.ChoiceField(choices=TableRules.choices, initial=TableRules.FRIENDLY)
    listed = forms.BooleanField(required=False, initial=True, label="Show it in the lobby")
    allow_guests = forms.BooleanField(required=False, label="Guests may join with a name only (family, class)")
    # The clock (docs/tables.md, "Clocks"): minutes (and an increment) for a live game, or hours a move.
    clock_minutes = forms.IntegerField(
        min_value=0, max_value=180, initial=0, required=False, label="Clock: minutes each", help_text="0: no clock."
    )
    increment_seconds = forms.IntegerField(
        min_value=0, max_value=60, initial=0, required=False, label="Clock: seconds added a move"
    )
    move_hours = forms.IntegerField(
        min_value=0,
        max_value=168,
        initial=0,
        required=False,
        label="Or hours a move (correspondence)",
        help_text="E.g. 24: a move a day, and 'your turn' in your notifications. Not with a clock.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["game"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(slug, GAMES_BY_SLUG[slug].name) for slug in playable_games()]

    def seats(self) -> list[str]:
        return ["person"] * self.cleaned_data["people"] + ["computer"] * self.cleaned_data["computers"]

    def clock(self) -> dict[str, int]:
        return {k: self.cleaned_data.get(k) or 0 for k in ("clock_minutes", "increment_seconds", "move_hours")}
