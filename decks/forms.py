from typing import Any

from django import forms

from cardcollections.models import CardSet, Game
from rules.formats import BASE_FORMATS


def _base_format_choices() -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for formats in BASE_FORMATS.values():
        for f in formats:
            seen.setdefault(f.slug, f.name)
    return list(seen.items())


class SetChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: CardSet) -> str:
        return f"{obj.game.name}: {obj.name} ({obj.code})"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class TournamentFormatForm(forms.Form):
    name = forms.CharField(max_length=120)
    slug = forms.SlugField(max_length=60, help_text="Players and scripts name the format by this, e.g. spring-open.")
    game = forms.ModelChoiceField(queryset=Game.objects.order_by("position"), to_field_name="slug")
    base_format = forms.ChoiceField(choices=_base_format_choices, help_text="The game's rules this format builds on.")
    legal_sets = SetChoiceField(
        queryset=CardSet.objects.select_related("game").order_by("game__position", "released", "code"),
        required=False,
        help_text="Leave empty to allow every set.",
        widget=forms.SelectMultiple(attrs={"size": 8}),
    )
    banned_titles = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 4}), help_text="One title a line."
    )
    restricted_titles = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="One title a line; at most one copy of each.",
    )
    min_size = forms.IntegerField(min_value=0, max_value=10_000, required=False, help_text="Replaces the base minimum.")
    max_size = forms.IntegerField(min_value=1, max_value=10_000, required=False, help_text="Replaces the base maximum.")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["banned_titles"] = _lines(data.get("banned_titles") or "")
        data["restricted_titles"] = _lines(data.get("restricted_titles") or "")
        return data
