"""Forms of the deck pages: importing a list (text, JSON, or a file of either)."""

import json
from typing import Any
from typing import cast

from django import forms

from cardsite.api.errors import UnreadableText
from cardsite.api.parsers import check_text
from decks.formats.selectors import format_choices
from decks.models import DeckVisibility
from decks.validation.services import MAX_DECKLIST_CHARS
from rules.games import GAMES
from rules.games import GAMES_BY_SLUG

# A deck file is a few kilobytes; the pasted-text bound applies to files too.
MAX_IMPORT_BYTES = MAX_DECKLIST_CHARS
IMPORT_EXTENSIONS = (".txt", ".json", ".dek", ".text")


def _format_choices() -> list[tuple[str, Any]]:
    choices: list[tuple[str, Any]] = [("", "The game's default (or the file's format)")]
    by_game = format_choices()
    for game in GAMES:
        options = [(c.slug, f"{c.name} ({c.slug})") for c in by_game.get(game.slug, [])]
        if options:
            choices.append((game.name, options))
    return choices


class DeckImportForm(forms.Form):
    decklist = forms.CharField(
        label="Deck list",
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "decklist-input"}),
        help_text="Text (“3 By Small Means”, one card a line) or a JSON deck document.",
    )
    file = forms.FileField(label="…or a file", required=False, help_text="A .txt or .json deck list.")
    game = forms.ChoiceField(
        choices=[("", "From the file (JSON)")] + [(g.slug, g.name) for g in GAMES],
        required=False,
    )
    format = forms.ChoiceField(required=False)
    name = forms.CharField(max_length=120, required=False, help_text="Taken from a JSON file when left empty.")
    visibility = forms.ChoiceField(choices=DeckVisibility.choices, initial=DeckVisibility.PRIVATE, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["format"]).choices = _format_choices()

    def _text(self) -> str:
        upload = self.cleaned_data.get("file")
        pasted = self.cleaned_data.get("decklist") or ""
        if upload is None:
            if not pasted.strip():
                raise forms.ValidationError({"decklist": "Paste a deck list or choose a file."})
            if len(pasted) > MAX_DECKLIST_CHARS:
                raise forms.ValidationError({"decklist": f"A deck list has at most {MAX_DECKLIST_CHARS:,} characters."})
            return pasted
        if pasted.strip():
            raise forms.ValidationError({"file": "Give either pasted text or a file, not both."})
        if not upload.name.lower().endswith(IMPORT_EXTENSIONS):
            raise forms.ValidationError({"file": "Choose a .txt or .json file."})
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError({"file": f"The file is larger than {MAX_IMPORT_BYTES:,} bytes."})
        data = upload.read(MAX_IMPORT_BYTES + 1)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError({"file": "The file is not UTF-8 text."}) from None
        if not text.strip():
            raise forms.ValidationError({"file": "The file is empty."})
        return text

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives cleaned_data; the stubs allow a subclass's None
        if self.errors:
            return data
        text = self._text()
        source = "file" if data.get("file") is not None else "decklist"
        game, format_slug, name = data.get("game") or "", data.get("format") or "", (data.get("name") or "").strip()
        decklist: str | None = text
        description = ""
        cards: Any = None
        considering: Any = None
        if text.lstrip().startswith(("{", "[")):
            try:
                document = json.loads(text)
            except (ValueError, RecursionError) as exc:
                raise forms.ValidationError({source: f"This looks like JSON but is not: {exc}"}) from None
            try:
                # "\ud800" is valid JSON, but no page can echo it back in a finding, nor a column store it
                # (the name and the format have their own checks below).
                for key in ("cards", "considering"):
                    if isinstance(document, dict):
                        check_text(document.get(key), key)
                if isinstance(document, list):
                    check_text(document, "cards")
            except UnreadableText as exc:
                raise forms.ValidationError({source: f"The JSON at {exc.path}: {exc.message}"}) from None
            if isinstance(document, dict):
                if not isinstance(document.get("cards"), list):
                    raise forms.ValidationError(
                        {source: 'A JSON deck is an object with a "cards" list (deck-format.md).'}
                    )
                named_game, named_format, named = document.get("game"), document.get("format"), document.get("name")
                if named_game is not None:
                    if not isinstance(named_game, str) or named_game not in GAMES_BY_SLUG:
                        raise forms.ValidationError(
                            {source: f'"game" in the JSON is not a known game: {named_game!r}.'}
                        )
                    if game and named_game != game:
                        raise forms.ValidationError(
                            {
                                "game": f"The list is a {GAMES_BY_SLUG[named_game].name} deck, not {GAMES_BY_SLUG[game].name}."
                            }
                        )
                    game = named_game
                if not format_slug and isinstance(named_format, str) and named_format.strip():
                    if "\x00" in named_format or len(named_format) > 60:
                        raise forms.ValidationError(
                            {source: f'"format" in the JSON is not a format: {named_format!r}.'}
                        )
                    format_slug = named_format.strip()
                if not name and isinstance(named, str) and named.strip():
                    name = named.replace("\x00", "").strip()[:120]
                if document.get("description") is not None:
                    if not isinstance(document["description"], str):
                        raise forms.ValidationError({source: '"description" in the JSON is text.'})
                    description = document["description"]  # checked (length) where the deck is made
                cards = document["cards"]
                considering = document.get("considering")
                if considering is not None and not isinstance(considering, list):
                    raise forms.ValidationError({source: '"considering" in the JSON is a list like "cards".'})
            elif isinstance(document, list):
                cards = document
            else:
                raise forms.ValidationError({source: 'A JSON deck is an object with a "cards" list (deck-format.md).'})
            decklist = None
        if not game:
            raise forms.ValidationError({"game": "Pick the deck's game (a text list does not say it)."})
        data.update(
            game=game,
            format_slug=format_slug or None,
            deck_name=name or "Imported deck",
            text=decklist,
            cards=cards,
            considering=considering,
            description=description,
            source=source,
            visibility=data.get("visibility") or DeckVisibility.PRIVATE,
        )
        return data
