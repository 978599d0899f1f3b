"""Forms of tournament formats: a format's name, game, base format, deck sizes and legal sets."""

from dataclasses import fields
from typing import Any
from typing import cast

from django import forms
from django.http import QueryDict

from cardcollections.models import CardSet
from cardcollections.models import Game
from decks.formats.services import MAX_TITLES
from decks.formats.services import FormatRules
from decks.formats.services import too_many_titles
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
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=f"One title a line; at most {MAX_TITLES}.",
    )
    restricted_titles = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=f"One title a line, at most {MAX_TITLES}; at most one copy of each.",
    )
    min_size = forms.IntegerField(min_value=0, max_value=10_000, required=False, help_text="Replaces the base minimum.")
    max_size = forms.IntegerField(min_value=1, max_value=10_000, required=False, help_text="Replaces the base maximum.")

    def _capped_titles(self, field: str) -> str:
        text = self.cleaned_data.get(field) or ""
        lines = _lines(text)
        message = too_many_titles(field, len(lines))
        if message is not None:
            # Show the first ones again, not the whole list: the page stays small.
            data = cast(QueryDict, self.data).copy()  # a bound form's data: the request's QueryDict
            data[self.add_prefix(field)] = "\n".join(lines[:MAX_TITLES])
            self.data = data
            raise forms.ValidationError(f"{message} Only the first {MAX_TITLES} are shown again.")
        return text

    def clean_banned_titles(self) -> str:
        return self._capped_titles("banned_titles")

    def clean_restricted_titles(self) -> str:
        return self._capped_titles("restricted_titles")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives cleaned_data; the stubs allow a subclass's None
        data["banned_titles"] = _lines(data.get("banned_titles") or "")
        data["restricted_titles"] = _lines(data.get("restricted_titles") or "")
        return data

    def rules(self) -> FormatRules:
        """The rules the form was given, as the services take them (after is_valid)."""
        # The form has a field of each rule, under the same name.
        return FormatRules(**{rule.name: self.cleaned_data[rule.name] for rule in fields(FormatRules)})


class TournamentFormatEditForm(TournamentFormatForm):
    """Edit a format's rules: its slug and game stay (decks and events name it by its slug)."""

    def __init__(self, *args: Any, game: Game, **kwargs: Any):
        super().__init__(*args, **kwargs)
        del self.fields["slug"]
        del self.fields["game"]
        cast(forms.ModelMultipleChoiceField, self.fields["legal_sets"]).queryset = (
            CardSet.objects.filter(game=game).select_related("game").order_by("released", "code")
        )

    @classmethod
    def initial_of(cls, fmt: Any) -> dict[str, Any]:
        return {
            "name": fmt.name,
            "base_format": fmt.base_format,
            "legal_sets": list(fmt.legal_sets.all()),
            "banned_titles": "\n".join(fmt.banned_titles),
            "restricted_titles": "\n".join(fmt.restricted_titles),
            "min_size": fmt.min_size,
            "max_size": fmt.max_size,
        }
