"""Learning pages' forms: choosing verses, the daily goal, a drill's answer."""

from __future__ import annotations

from typing import Any

from django import forms

from cardsite.api.numbers import StrictIntegerFormField
from learning.models import MAX_DAILY_GOAL
from rules.learning import DRILL_KINDS
from rules.learning import GRADE_NAMES
from rules.numbers import ID_MAX
from rules.quoting import MAX_TYPED_CHARS


class GoalForm(forms.Form):
    daily_reviews = StrictIntegerFormField(
        name="daily_reviews", min_value=1, max_value=MAX_DAILY_GOAL, label="Reviews a day", initial=20
    )


class AddVersesForm(forms.Form):
    """A deck of the player's, a catalog set, or the player's collection; the choices are the player's decks and the
    sets with verses, and the collection's count of cards with verses."""

    def __init__(
        self, *args: Any, decks: list[tuple[str, str]], sets: list[tuple[str, str]], owned: int, **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.fields["deck"] = forms.ChoiceField(required=False, label="One of your decks", choices=[("", "—"), *decks])
        self.fields["card_set"] = forms.ChoiceField(
            required=False, label="or a catalog set", choices=[("", "—"), *sets]
        )
        self.fields["collection"] = forms.BooleanField(
            required=False,
            label=f"or every verse of your collection ({owned} card{'s' if owned != 1 else ''} with a verse)",
            disabled=not owned,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if sum(bool(data.get(name)) for name in ("deck", "card_set", "collection")) != 1:
            raise forms.ValidationError("Choose one deck, one set, or your collection.")
        return data


class DrillAnswerForm(forms.Form):
    """A drill's answer: which verse and drill (hidden), the review's uuid (made when the drill was shown, so the
    same answer posted twice is stored once), and what was typed or the grade the player chose."""

    uuid = forms.UUIDField(widget=forms.HiddenInput)
    verse = StrictIntegerFormField(name="verse", min_value=1, max_value=ID_MAX, widget=forms.HiddenInput)
    kind = forms.ChoiceField(choices=list(DRILL_KINDS.items()), widget=forms.HiddenInput)
    blanks = forms.RegexField(regex=r"^\d{1,4}(,\d{1,4}){0,199}$", required=False, widget=forms.HiddenInput)
    answer = forms.CharField(
        required=False,
        max_length=MAX_TYPED_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}),
    )
    grade = forms.ChoiceField(choices=[(name, name.title()) for name in GRADE_NAMES.values()], required=False)

    def blank_positions(self) -> tuple[int, ...]:
        text = self.cleaned_data.get("blanks") or ""
        return tuple(int(i) for i in text.split(",")) if text else ()
