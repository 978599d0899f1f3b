"""Classes' forms: a new class (a name and a deck or a set), joining by code (with a first name for a guest)."""

from __future__ import annotations

from typing import Any

from django import forms

from learning.classes.models import MAX_CLASS_NAME
from learning.classes.models import MAX_GUEST_NAME


class ClassForm(forms.Form):
    name = forms.CharField(max_length=MAX_CLASS_NAME, label="Class name")
    allow_guests = forms.BooleanField(
        required=False, initial=True, label="Students may join with a first name only (no account, no email)"
    )

    def __init__(self, *args: Any, decks: list[tuple[str, str]], sets: list[tuple[str, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["deck"] = forms.ChoiceField(
            required=False, label="The verses of one of your decks", choices=[("", "—"), *decks]
        )
        self.fields["card_set"] = forms.ChoiceField(
            required=False, label="or of a catalog set", choices=[("", "—"), *sets]
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if bool(data.get("deck")) == bool(data.get("card_set")):
            raise forms.ValidationError("Choose one deck or one set.")
        return data


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label="Class code",
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )
    first_name = forms.CharField(
        max_length=MAX_GUEST_NAME,
        required=False,
        label="Your first name",
        help_text="Only your teacher sees it. Nothing else about you is asked or kept.",
    )
