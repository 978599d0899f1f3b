"""Proposal forms: a card's fields as the game defines them, a source and a scan; the review; a bulk file.

Each catalog field is one input; its text becomes the field's value as a CSV cell's does
(documents.text_value), so the catalog's checks, not the form, say what is wrong.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS

from cardcollections.catalog.models import Card
from cardcollections.catalog.models import CardSet
from cardcollections.catalog.models import Game
from cardcollections.proposals import documents
from cardcollections.proposals.services import NOTE_MAX
from cardcollections.proposals.services import SOURCE_MAX
from rules.catalog import CatalogProblem

_SCAN_HELP = "Optional: a PNG, JPEG, WebP or GIF of the card, checked as the catalog's scans are."
# Fields whose text runs to a sentence or a verse: a box of a few lines, not one line.
_LONG_TEXT = {"scripture", "text", "abilities"}


class ProposalForm(forms.Form):
    """A new card of `game` (`card` None) or an edit of `card`, prefilled from `values` (catalog form)."""

    def __init__(self, *args, game: Game, card: Card | None = None, values: dict[str, Any] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game, self.card = game, card
        values = values if values is not None else (documents.editable_doc(card) if card else {})
        if card is None:
            sets = CardSet.objects.filter(game=game).order_by("-released", "code")
            self.fields["set"] = forms.ChoiceField(choices=[(s.code, f"{s.name} ({s.code})") for s in sets])
            self.fields["number"] = forms.CharField(max_length=20)
        self.fields["title"] = forms.CharField(max_length=200)
        self.catalog_fields = {f.name: f for f in documents.editable_fields(game.slug)}
        for name, f in self.catalog_fields.items():
            label = name.replace("_", " ").capitalize()
            choices = getattr(f.check, "choices", None)
            if documents.is_flag(f):
                self.fields[name] = forms.BooleanField(label=label, required=False)
            elif choices:
                options = [("", "—")] + [(c, c.replace("-", " ").capitalize()) for c in choices]
                self.fields[name] = forms.ChoiceField(label=label, required=False, choices=options)
            elif f.fresh is not None:
                self.fields[name] = forms.CharField(
                    label=label,
                    required=False,
                    widget=forms.Textarea(attrs={"rows": 2}),
                    help_text=documents.plain_help(f),
                )
            else:
                widget = forms.Textarea(attrs={"rows": 3}) if name in _LONG_TEXT else None
                self.fields[name] = forms.CharField(label=label, required=False, strip=False, widget=widget)
        self.fields["source"] = forms.CharField(
            max_length=SOURCE_MAX, help_text="Where these facts come from: a link, or a note such as “my printed copy”."
        )
        self.fields["scan"] = forms.FileField(required=False, help_text=_SCAN_HELP)
        for name, value in values.items():
            if name in self.fields and name not in ("set", "scan"):
                self.initial[name] = (
                    value
                    if name in self.catalog_fields and documents.is_flag(self.catalog_fields[name])
                    else documents.value_text(value)
                )
        if "set" in values and "set" in self.fields:
            self.initial["set"] = values["set"]

    def clean(self) -> dict[str, Any]:
        """A list or object field whose text is broken JSON says so (the catalog check would only say that
        it wants an object)."""
        data = super().clean()
        assert data is not None  # Form.clean gives cleaned_data; the stubs allow a subclass's None
        for name, f in self.catalog_fields.items():
            text = data.get(name)
            if f.fresh is None or not isinstance(text, str) or not text.strip().startswith(("{", "[")):
                continue
            try:
                json.loads(text)
            except ValueError as exc:
                where = f" at line {exc.lineno}, column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
                reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "too deep or too large"
                self.add_error(name, f"This is not valid JSON{where}: {reason}. Keys and words go in double quotes.")
            except RecursionError:
                self.add_error(name, "This is not valid JSON: it is nested too deeply.")
        return data

    @property
    def has_field_errors(self) -> bool:
        return any(name != NON_FIELD_ERRORS for name in self.errors)

    def card_fields(self) -> dict[str, Any]:
        """The proposed card in catalog form (after is_valid). An empty input or an unticked box is None:
        the field is left out (in an edit, cleared), as an unset flag is false; so a flag a kind of card
        does not have (a prophet armory card) is never sent."""
        data = self.cleaned_data
        out: dict[str, Any] = {"title": data["title"]}
        if self.card is None:
            out["set"], out["number"] = data["set"], data["number"].strip()
        for name, f in self.catalog_fields.items():
            value = data.get(name)
            if documents.is_flag(f):
                out[name] = True if value else None
            elif value is not None and value.strip() != "":
                out[name] = documents.text_value(f, value)
            else:
                out[name] = None
        return out

    def add_problems(self, problems: list[CatalogProblem]) -> None:
        """The service's problems on their inputs (`icons.faith` on Icons), the rest on the form."""
        for p in problems:
            name = p.path.split(".", 1)[0].split("[", 1)[0]
            message = f"{p.path}: {p.message}" if name != p.path else p.message
            self.add_error(name if name in self.fields else None, message)


REVIEW_ACTIONS = [("approve", "Approve"), ("reject", "Reject"), ("changes", "Ask for changes")]


class ReviewForm(forms.Form):
    action = forms.ChoiceField(choices=REVIEW_ACTIONS)
    note = forms.CharField(
        max_length=NOTE_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="The reason for a rejection, or the changes you ask for (the proposer sees it).",
    )

    def without_approve(self) -> ReviewForm:
        """The form as shown to the moderator who proposed it: no Approve to pick (the service refuses it anyway)."""
        field = self.fields["action"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [c for c in REVIEW_ACTIONS if c[0] != "approve"]
        return self


class BulkForm(forms.Form):
    game = forms.ModelChoiceField(queryset=Game.objects.all(), to_field_name="slug", empty_label=None)
    file = forms.FileField(
        help_text="A CSV (a header of set, number, title and field names) or a catalog file (.json)."
    )
    source = forms.CharField(max_length=SOURCE_MAX, help_text="Where these cards come from: a link or a note.")
