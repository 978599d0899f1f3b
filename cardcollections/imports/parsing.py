"""Reading a collection import, CSV (Count,Name,Set,Number,Condition,Notes) or deck-list text, into checked rows.

`import_parse` reads and checks every row, reporting every bad row by line
number with the reason (and, for an unknown card, the closest titles); it
writes nothing. The rows are written by `cardcollections.imports.services`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from django.db.models import F

from cardcollections.adapters import card_pool_for_game
from cardcollections.collection.services import MAX_QUANTITY
from cardcollections.models import Card
from cardcollections.models import Condition
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.spreadsheets import spreadsheet_text
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import MAX_SUGGESTION_LOOKUPS
from rules.decklist.resolving import resolve
from rules.decklist.resolving import suggest_titles
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole
from rules.text import title_key

CSV_COLUMNS = ("Count", "Name", "Set", "Number", "Condition", "Notes")
MAX_ROWS = 50_000
# A row may hold what a collection row may: an export of any collection reads back.
MAX_COUNT = MAX_QUANTITY
PROGRESS_EVERY = 500

# Header names Deckbox, Moxfield and people write, for each of our columns.
_HEADER_ALIASES = {
    "count": ("count", "quantity", "qty", "amount"),
    "name": ("name", "title", "card", "card name"),
    "set": ("set", "edition", "set code", "edition code", "set name"),
    "number": ("number", "card number", "collector number", "#", "no"),
    "condition": ("condition",),
    "notes": ("notes", "note", "comment", "comments"),
}
_CONDITION_ALIASES: dict[str, str] = {
    **{c.value.casefold(): c.value for c in Condition if c.value},
    **{c.label.casefold(): c.value for c in Condition if c.value},
    "good (lightly played)": Condition.LIGHTLY_PLAYED,
    "good": Condition.LIGHTLY_PLAYED,
    "played": Condition.MODERATELY_PLAYED,
    "poor": Condition.DAMAGED,
    "dmg": Condition.DAMAGED,
    "": Condition.UNSTATED,
}


@dataclass(frozen=True)
class ImportRow:
    line: int
    card_id: int
    count: int
    condition: str = ""
    notes: str = ""


@dataclass(frozen=True)
class ImportProblem:
    line: int | None
    message: str
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message, "suggestions": list(self.suggestions)}


@dataclass
class ParseResult:
    rows: list[ImportRow] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)


def condition_from_text(text: str) -> str | None:
    """Our condition code for what a file writes ("Near Mint", "NM", "Good (Lightly Played)"), or None."""
    return _CONDITION_ALIASES.get(" ".join(text.split()).casefold())


def import_row_count(*, text: str, fmt: str) -> int:
    """Roughly how many rows a file has (non-blank lines, less the CSV header): decides inline or worker."""
    lines = sum(1 for line in text.splitlines() if line.strip())
    return max(0, lines - 1) if fmt == ImportJob.Format.CSV else lines


class _Catalog:
    """The game's cards, indexed the ways a file names them; suggestions only when asked."""

    def __init__(self, game: Game):
        self.game = game
        self.by_printing: dict[tuple[str, str], tuple[int, str, str]] = {}
        self.by_title: dict[str, list[tuple[int, str, str]]] = {}
        self.set_codes: dict[str, str] = {}
        rows = (
            Card.objects.filter(game=game)
            # The canonical printing first (undated sets last), as card_pool_for_game orders them.
            .order_by(F("card_set__released").asc(nulls_last=True), "card_set__code", "id")
            .values_list("id", "title", "title_key", "number", "card_set__code", "card_set__name")
        )
        for card_id, title, key, number, code, set_name in rows:
            item = (card_id, title, code)
            self.by_printing[(code.casefold(), number.strip().casefold())] = item
            self.by_title.setdefault(key, []).append(item)
            self.set_codes[code.casefold()] = code
            self.set_codes.setdefault(set_name.casefold(), code)
        self._suggestions: dict[str, tuple[str, ...]] = {}

    def suggest(self, text: str) -> tuple[str, ...]:
        key = title_key(text)
        if key not in self._suggestions:
            if len(self._suggestions) >= MAX_SUGGESTION_LOOKUPS:
                return ()
            self._suggestions[key] = suggest_titles(card_pool_for_game(self.game.slug), text)
        return self._suggestions[key]


def _parse_count(raw: str) -> int | None:
    try:
        return parse_whole(raw, field="Count", minimum=1, maximum=MAX_COUNT)
    except NotAWholeNumber:
        return None


def parse_csv(*, game: Game, text: str, on_progress: Callable[[float], None] | None = None) -> ParseResult:
    """Read a CSV file with a header naming Count, Name, Set, Number, Condition, Notes (in any order)."""
    result = ParseResult()
    text = text.removeprefix("\ufeff")
    # strict: an unterminated quote is an error with its line, not a field that swallows the rows after it.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    catalog = _Catalog(game)
    columns: dict[str, int] | None = None
    total = max(1, import_row_count(text=text, fmt=ImportJob.Format.CSV))
    seen = 0
    previous_line = 0
    try:
        for record in reader:
            line = previous_line + 1  # the record starts after the last one ended (quoted fields span lines)
            previous_line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if columns is None:
                columns = _header(record)
                if "count" not in columns or not ({"name"} <= set(columns) or {"set", "number"} <= set(columns)):
                    result.problems.append(
                        ImportProblem(line, f"Line {line}: the first line must be the header {','.join(CSV_COLUMNS)}.")
                    )
                    return result
                continue
            seen += 1
            if seen > MAX_ROWS:
                result.problems.append(ImportProblem(line, f"Line {line}: a file has at most {MAX_ROWS} rows."))
                return result
            row = _csv_row(record, columns, line, catalog)
            if isinstance(row, ImportProblem):
                result.problems.append(row)
            else:
                result.rows.append(row)
            if on_progress and seen % PROGRESS_EVERY == 0:
                on_progress(min(1.0, seen / total))
    except csv.Error as exc:
        result.problems.append(ImportProblem(previous_line + 1, f"Line {previous_line + 1}: not valid CSV ({exc})."))
    if columns is None:
        result.problems.append(
            ImportProblem(1, f"The file is empty; the first line is the header {','.join(CSV_COLUMNS)}.")
        )
    return result


def _header(record: list[str]) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, cell in enumerate(record):
        name = " ".join(cell.split()).casefold()
        for column, aliases in _HEADER_ALIASES.items():
            if name in aliases and column not in columns:
                columns[column] = index
    return columns


def _csv_row(record: list[str], columns: dict[str, int], line: int, catalog: _Catalog) -> ImportRow | ImportProblem:
    def cell(name: str) -> str:
        index = columns.get(name)
        # A cell our export protected from spreadsheets ('=...) reads back as the text it was.
        if index is None or index >= len(record):
            return ""
        # Notes are free text and come back as they were written, spaces and all; the other cells are values.
        value = record[index] if name == "notes" else record[index].strip()
        return spreadsheet_text(value)

    where = f"Line {line}: "
    raw_count = cell("count")
    count = _parse_count(raw_count)
    if count is None:
        return ImportProblem(line, f"{where}Count must be a whole number from 1 to {MAX_COUNT}, not {raw_count!r}.")
    condition = condition_from_text(cell("condition"))
    if condition is None:
        known = ", ".join(f"{c.value} ({c.label})" for c in Condition if c.value)
        return ImportProblem(
            line, f"{where}unknown condition {cell('condition')!r}; use one of {known}, or leave it empty."
        )
    notes = cell("notes")
    if len(notes) > 500:
        return ImportProblem(line, f"{where}notes are at most 500 characters.")
    name, set_text, number = cell("name")[:400], cell("set"), cell("number")
    game_name = catalog.game.name
    set_code = catalog.set_codes.get(set_text.casefold()) if set_text else None
    if set_text and set_code is None:
        return ImportProblem(line, f"{where}{game_name} has no set {set_text!r}.")
    if set_code and number:
        found = catalog.by_printing.get((set_code.casefold(), number.casefold()))
        if found is None:
            return ImportProblem(line, f"{where}{game_name} has no card ({set_code}) {number}.", _maybe(catalog, name))
        card_id, title, _ = found
        if name and title_key(name) != title_key(title):
            return ImportProblem(line, f"{where}({set_code}) {number} is {title}, not {name}.")
        return ImportRow(line, card_id, count, condition, notes)
    if not name:
        return ImportProblem(line, f"{where}name the card (Name), or its Set and Number.")
    printings = catalog.by_title.get(title_key(name), [])
    if set_code:
        printings = [p for p in printings if p[2] == set_code]
        if not printings:
            suggestions = catalog.suggest(name)
            hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
            return ImportProblem(
                line, f"{where}{game_name} set {set_code} has no card called {name}.{hint}", suggestions
            )
    if not printings:
        suggestions = catalog.suggest(name)
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        return ImportProblem(line, f"{where}no {game_name} card is called {name}.{hint}", suggestions)
    # No number: the title's first printing (in the set, if one was named).
    return ImportRow(line, printings[0][0], count, condition, notes)


def _maybe(catalog: _Catalog, name: str) -> tuple[str, ...]:
    return catalog.suggest(name) if name and not catalog.by_title.get(title_key(name)) else ()


def parse_decklist_text(*, game: Game, text: str) -> ParseResult:
    """Deck-list text ("3 Pride Cycle (CV1) 17"), read and resolved by the rules engine."""
    result = ParseResult()
    resolved = resolve(parse_decklist(text), card_pool_for_game(game.slug))
    for finding in resolved.findings:
        result.problems.append(ImportProblem(finding.line, finding.message, tuple(finding.get("suggestions") or ())))
    ids = {
        (code, number): pk
        for pk, code, number in Card.objects.filter(game=game).values_list("id", "card_set__code", "number")
    }
    for entry in resolved.entries:
        card_id = ids[(entry.card.set_code, entry.card.number)]
        result.rows.append(ImportRow(entry.line or 0, card_id, entry.count))
    return result


def import_parse(*, game: Game, text: str, fmt: str, on_progress: Callable[[float], None] | None = None) -> ParseResult:
    if fmt == ImportJob.Format.CSV:
        return parse_csv(game=game, text=text, on_progress=on_progress)
    if fmt == ImportJob.Format.DECKLIST:
        return parse_decklist_text(game=game, text=text)
    return ParseResult(problems=[ImportProblem(None, f"Unknown format {fmt!r}; use csv or decklist.")])
