"""Guest players' forms: a guest's name and the organiser's deck lent to them; a claim code."""

from __future__ import annotations

from typing import Any

from django import forms

from decks.guests.models import MAX_GUEST_NAME


class GuestForm(forms.Form):
    name = forms.CharField(max_length=MAX_GUEST_NAME, label="Guest's name")

    def __init__(self, *args: Any, decks: list[tuple[str, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["deck"] = forms.ChoiceField(label="Deck (one of yours)", choices=decks)


class ClaimForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label="Guest code",
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )
