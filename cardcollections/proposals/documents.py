"""Proposal documents: what a proposal holds (a catalog document of its cards), how form and CSV
text becomes catalog values, how a proposal is checked (loadcatalog's own checks), and the diff.

A proposal's cards are in catalog-file form (docs/contracts/catalog-format.md), so the loader's checks, with
their JSON paths, are the proposal's checks, and approving is loading them.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Collection
from collections.abc import Iterable
from typing import Any

from cardcollections.catalog.mapping import fields_from_card
from cardcollections.catalog.models import Card
from rules.catalog import Catalog
from rules.catalog import CatalogError
from rules.catalog import CatalogProblem
from rules.catalog import card_document
from rules.catalog import fields_for
from rules.catalog import parse_catalog
from rules.catalog_fields import Field
from rules.catalog_fields import Invalid

# Set by the site, never by a proposal: where the facts come from, the catalog file's image path, extra data.
PROTECTED = ("image", "extra", "provenance", "source")
HEAD = ("set", "number", "title")
# A bulk file: at most this many cards (a review page shows them all).
BULK_MAX_CARDS = 500


def editable_fields(game: str) -> tuple[Field, ...]:
    """The fields of a card of `game` a proposal may set besides set, number and title."""
    return tuple(f for f in fields_for(game) if f.name not in PROTECTED)


def is_flag(f: Field) -> bool:
    return isinstance(f.default, bool)


def text_value(f: Field, text: str) -> Any:
    """A field's value from the text of a form input or a CSV cell.

    The text as it is when the field takes it; else the text read as JSON (3, true, a list, an
    object); else, when the field takes it, the text read as a plain list ("Faith Verse, Prayer") or a
    plain object ("faith: 2, strength: 1"); else the text, so that the catalog check names what the
    field wants.
    """
    if is_flag(f):
        return text.strip().lower() in ("true", "1", "yes", "on", "y")
    if _takes(f, text):
        return text
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass  # nested too deeply: the text itself, which the check refuses
    plain = _plain_value(text)
    return plain if plain is not None and _takes(f, plain) else text


def plain_help(f: Field) -> str:
    """How to write a list or object field's value in a form input: plainly where the field takes that."""
    if _takes(f, ["Faith Verse", "Prayer"]):
        return "Words separated by commas, such as Faith Verse, Prayer (or a JSON list)."
    if f.fresh is not None and isinstance(f.fresh(), dict):
        return "Names and numbers, such as faith: 2, strength: 1 (or a JSON object)."
    example = ', such as [{"kind": "prayer", "n": 2}]' if f.name == "effects" else ", as a catalog file writes it"
    return f"JSON{example}."


def _takes(f: Field, value: Any) -> bool:
    try:
        f.check(value)
    except Invalid:
        return False
    return True


def _plain_value(text: str) -> list[str] | dict[str, Any] | None:
    """Comma- or line-separated words as a list, or `name: value` pairs as an object (a value that reads
    as a JSON number or word is that); None for text that is neither."""
    parts = [part.strip() for part in text.replace("\n", ",").split(",")]
    if not any(parts):
        return None
    parts = [part for part in parts if part]
    if not all(":" in part for part in parts):
        return parts if not any(":" in part for part in parts) else None
    pairs: dict[str, Any] = {}
    for part in parts:
        name, _, raw = part.partition(":")
        raw = raw.strip()
        try:
            pairs[name.strip()] = json.loads(raw)
        except (ValueError, RecursionError):
            pairs[name.strip()] = raw
    return pairs


def value_text(value: Any) -> str:
    """A value as a form input shows it (the inverse of text_value): a list of words or an object of
    numbers in the plain form when that reads back the same, else JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    plain = _plain_text(value)
    if plain is not None and _reads_back(plain, value):
        return plain
    return json.dumps(value, ensure_ascii=False)


def _reads_back(plain: str, value: Any) -> bool:
    """Whether text_value reads `plain` back as `value`: text that is JSON, or starts like it (which the form
    checks as JSON), is not read plainly."""
    if plain.lstrip().startswith(("[", "{")):
        return False
    try:
        json.loads(plain)
    except (ValueError, RecursionError):
        return _plain_value(plain) == value
    return False


def _plain_text(value: Any) -> str | None:
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    if isinstance(value, dict) and value and all(isinstance(v, int | float) for v in value.values()):
        return ", ".join(f"{k}: {json.dumps(v)}" for k, v in value.items())
    return None


def card_doc(card: Card) -> dict[str, Any]:
    """A stored card in canonical catalog form (what loadcatalog would load to make it)."""
    return card_document(card.game.slug, card.card_set.code, card.number, card.title, fields_from_card(card))


def editable_doc(card: Card) -> dict[str, Any]:
    """A stored card's catalog form without the fields a proposal may not set."""
    return {k: v for k, v in card_doc(card).items() if k not in PROTECTED}


# An edit's document also lists the fields the edit changes: approving applies those over the card as it
# is then, so an edit approved meanwhile (or a catalog load) is not undone by a copy of the card as it was.
EDITS = "edits"
# A bulk proposal's document also lists the rows that were new cards when it was uploaded: approving
# refuses if one has become a card since, rather than overwrite it.
NEW_CARDS = "new_cards"


def edit_fields(base: dict[str, Any], proposed: dict[str, Any]) -> list[str]:
    """The fields an edit changes: set, changed or cleared, from the card as it was (`base`)."""
    return sorted(k for k in base.keys() | proposed.keys() if base.get(k) != proposed.get(k))


def proposed_document(proposal: Any) -> dict[str, Any]:
    """The catalog document the proposal would load now: an edit's own changes over its card as it is
    now; a new card, a bulk file or an edit made before edits were recorded, as proposed."""
    document = {k: v for k, v in proposal.document.items() if k not in (EDITS, NEW_CARDS)}
    if NEW_CARDS in proposal.document:
        # A bulk file: a row for a card already in the catalog changes the fields it gives, over the card
        # as it is now; the rest stay as they are.
        return {**document, "cards": _over_current(proposal, document["cards"])}
    edits = proposal.document.get(EDITS)
    if edits is None or proposal.card is None:
        return document
    proposed = document["cards"][0]
    merged = {k: v for k, v in editable_doc(proposal.card).items() if k not in edits}
    merged.update({k: proposed[k] for k in edits if k in proposed})
    return {**document, "cards": [merged]}


def _over_current(proposal: Any, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    new = {tuple(key) for key in proposal.document[NEW_CARDS]}
    keys = {(d["set"], d["number"]) for d in rows} - new
    found = Card.objects.filter(game=proposal.game, number__in={n for _, n in keys}).select_related("card_set", "game")
    current = {(c.card_set.code, c.number): c for c in found if (c.card_set.code, c.number) in keys}
    return [{**editable_doc(current[k]), **d} if (k := (d["set"], d["number"])) in current else d for d in rows]


def proposed_fields(proposal: Any) -> dict[str, Any]:
    """The fields the proposal sets, as the services take them again: an edit's changes (None clears a field)."""
    proposed = proposal.document["cards"][0]
    edits = proposal.document.get(EDITS)
    if edits is None or proposal.card is None:
        return {k: v for k, v in proposed.items() if not (proposal.card and k in ("set", "number"))}
    return {k: proposed.get(k) for k in edits}


def card_values(card: Card | None) -> dict[str, Any]:
    """A stored card's title and catalog fields, as the diff compares them ({} for no card)."""
    if card is None:
        return {}
    return {"title": card.title, **fields_from_card(card)}


def single_path(path: str) -> str:
    """A problem's path in a one-card proposal: `icons.faith`, not `cards[0].icons.faith`."""
    return path.removeprefix("cards[0].").removeprefix("cards[0]")


def check_document(document: Any, *, known_set_codes: Collection[str]) -> Catalog:
    """The proposal's document checked as loadcatalog checks a file (CatalogError with every problem)."""
    catalog = parse_catalog(document, known_set_codes=known_set_codes)
    if len(catalog.cards) > BULK_MAX_CARDS:
        raise CatalogError([CatalogProblem("cards", f"at most {BULK_MAX_CARDS} cards in one proposal")])
    if not catalog.cards:
        raise CatalogError([CatalogProblem("cards", "the file has no cards")])
    problems = [
        CatalogProblem(f"cards[{i}].{key}", "is set by the site, not by a proposal")
        for i, card in enumerate(document["cards"])
        for key in card
        if key in PROTECTED
    ]
    if problems:
        raise CatalogError(problems)
    return catalog


def csv_document(game: str, text: str) -> tuple[dict[str, Any], dict[int, int]]:
    """A CSV of cards (a header of set, number, title and field names; a row a card) as a catalog document.

    Returns the document and each card's line number, so problems can name the line.
    Empty cells are left out (the field's default applies).
    """
    reader = csv.reader(io.StringIO(text))
    rows: list[tuple[int, list[str]]] = []
    try:
        rows.extend((reader.line_num, row) for row in reader if any(cell.strip() for cell in row))
    except csv.Error as exc:  # a cell over csv's field limit (128 KiB), a NUL...: the line it stopped on
        raise CatalogError([CatalogProblem(f"line {reader.line_num}", f"not valid CSV ({exc})")]) from exc
    if not rows:
        raise CatalogError([CatalogProblem("line 1", "the file is empty; the first line names the columns")])
    header_line, header = rows[0]
    fields = {f.name: f for f in editable_fields(game)}
    names = [name.strip() for name in header]
    problems = [
        CatalogProblem(f"line {header_line}", f"unknown column {name!r}")
        for name in names
        if name not in fields and name not in HEAD
    ]
    problems += [CatalogProblem(f"line {header_line}", f"the column {h!r} is missing") for h in HEAD if h not in names]
    if problems:
        raise CatalogError(problems)
    cards: list[dict[str, Any]] = []
    lines: dict[int, int] = {}
    for line, row in rows[1:]:
        if len(row) > len(names):
            problems.append(CatalogProblem(f"line {line}", f"{len(row)} cells; the header names {len(names)} columns"))
            continue
        card: dict[str, Any] = {}
        for name, cell in zip(names, row, strict=False):
            if cell.strip() == "":
                continue
            card[name] = cell.strip() if name in HEAD else text_value(fields[name], cell)
        lines[len(cards)] = line
        cards.append(card)
    if problems:
        raise CatalogError(problems)
    return {"game": game, "sets": [], "cards": cards}, lines


def with_lines(problems: Iterable[CatalogProblem], lines: dict[int, int]) -> list[CatalogProblem]:
    """Problems of a CSV's document, their `cards[i]` paths turned into line numbers."""
    out = []
    for p in problems:
        path = p.path
        if path.startswith("cards["):
            index, _, rest = path[len("cards[") :].partition("]")
            if index.isdigit() and int(index) in lines:
                path = f"line {lines[int(index)]}" + (f": {rest.lstrip('.')}" if rest else "")
        out.append(CatalogProblem(path, p.message))
    return out


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """[{field, before, after}] for every field whose value differs; a new card (`before` empty) lists its set values."""
    keys = list(after) + [k for k in before if k not in after]
    return [
        {"field": key, "before": before.get(key), "after": after.get(key)}
        for key in keys
        if before.get(key) != after.get(key) and (before or after.get(key) not in _EMPTY)
    ]


_EMPTY: tuple[object, ...] = ("", None, [], {})
