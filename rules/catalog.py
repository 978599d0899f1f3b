"""The catalog file of docs/contracts/catalog-format.md: checked, normalised, written back.

`parse_catalog` turns a decoded JSON document into plain data, or raises
`CatalogError` listing every problem with its JSON path
(`cards[17].icons.faith: must be an integer from 0 to 9`). Nothing here touches
a database: the loader writes what this returns, in one transaction.

`card_document` writes one card back in canonical form: required fields always,
optional fields only when they differ from their default, so that loading a
file and dumping it again gives the same document. The fields themselves are
rules/catalog_fields.py's, each game's from its package.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.catalog_fields import COMMON_FIELDS
from rules.catalog_fields import Field
from rules.catalog_fields import Invalid
from rules.catalog_fields import string
from rules.games import GAME_SLUGS
from rules.games.registry import game_rules

TITLE_MAX = 200
_YYYY_MM_DD = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class CatalogProblem:
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}


class CatalogError(Exception):
    def __init__(self, problems: list[CatalogProblem]):
        super().__init__("; ".join(str(p) for p in problems[:5]))
        self.problems = problems


@dataclass(frozen=True)
class CatalogSet:
    code: str
    name: str
    released: dt.date | None


@dataclass(frozen=True)
class CatalogCard:
    set_code: str
    number: str
    title: str
    # Every field of the game with its default applied, plus the common
    # optional ones (text, copies, image, extra, provenance, source, rulings).
    fields: Mapping[str, Any]


@dataclass(frozen=True)
class Catalog:
    game: str
    sets: tuple[CatalogSet, ...]
    cards: tuple[CatalogCard, ...]


def _date(value: object) -> dt.date | None:
    if value is None:
        return None
    # Exactly YYYY-MM-DD: fromisoformat also takes "20080327" and "2008-W13-4", which dump back otherwise.
    if not isinstance(value, str) or not _YYYY_MM_DD.fullmatch(value.strip()):
        raise Invalid("must be a date YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise Invalid("must be a date YYYY-MM-DD") from None


def fields_for(game: str) -> tuple[Field, ...]:
    """Every field a card of `game` may carry besides set, number and title."""
    return COMMON_FIELDS + game_rules(game).catalog_fields


def _kind_of(fields: tuple[Field, ...], card: Mapping[str, Any]) -> str | None:
    # Games with card kinds (Book of Mormon Battles, Warriors) have a "kind" field.
    if any(f.name == "kind" for f in fields):
        kind = card.get("kind")
        return kind.strip() if isinstance(kind, str) else None
    return None


# ---------------------------------------------------------------- parsing
def parse_catalog(document: object, *, known_set_codes: Collection[str] = ()) -> Catalog:
    """Check a whole catalog document; raise CatalogError with every problem found."""
    problems: list[CatalogProblem] = []
    if not isinstance(document, dict):
        raise CatalogError([CatalogProblem("", "the catalog must be a JSON object with game, sets and cards")])
    for key in document:
        if key not in ("game", "sets", "cards"):
            problems.append(CatalogProblem(key, "unknown key (a catalog has game, sets and cards)"))
    game = document.get("game")
    if game not in GAME_SLUGS:
        problems.append(CatalogProblem("game", "must be one of " + ", ".join(GAME_SLUGS)))
        raise CatalogError(problems)

    sets = _parse_sets(document.get("sets", []), problems)
    set_codes = {s.code for s in sets} | set(known_set_codes)
    cards_raw = document.get("cards", [])
    cards: list[CatalogCard] = []
    if not isinstance(cards_raw, list):
        problems.append(CatalogProblem("cards", "must be a list of cards"))
    else:
        seen: dict[tuple[str, str], int] = {}
        for i, raw in enumerate(cards_raw):
            head, card = _parse_card(game, raw, f"cards[{i}]", problems)
            # A card with problems of its own still has its set and number checked: every problem is reported.
            set_code, number = head.get("set"), head.get("number")
            if set_code is not None and set_code not in set_codes:
                problems.append(CatalogProblem(f"cards[{i}].set", f"unknown set {set_code!r}: list it under sets"))
            if set_code is not None and number is not None:
                key = (set_code, number)
                if key in seen:
                    problems.append(
                        CatalogProblem(
                            f"cards[{i}].number",
                            f"{set_code} {number} is already cards[{seen[key]}]; a number is unique within its set",
                        )
                    )
                else:
                    seen[key] = i
            if card is not None:
                cards.append(card)
    if problems:
        raise CatalogError(problems)
    return Catalog(game=game, sets=tuple(sets), cards=tuple(cards))


def _parse_sets(raw: object, problems: list[CatalogProblem]) -> list[CatalogSet]:
    if not isinstance(raw, list):
        problems.append(CatalogProblem("sets", "must be a list of sets"))
        return []
    sets: list[CatalogSet] = []
    codes: set[str] = set()
    for i, item in enumerate(raw):
        path = f"sets[{i}]"
        if not isinstance(item, dict):
            problems.append(CatalogProblem(path, "must be an object with code, name and released"))
            continue
        before = len(problems)
        for key in item:
            if key not in ("code", "name", "released"):
                problems.append(CatalogProblem(f"{path}.{key}", "unknown key"))
        values: dict[str, Any] = {}
        for key, check, required in (
            ("code", string(min_len=1, max_len=20), True),
            ("name", string(min_len=1, max_len=200), True),
            ("released", _date, False),
        ):
            if key not in item:
                if required:
                    problems.append(CatalogProblem(f"{path}.{key}", "is required"))
                values[key] = None
                continue
            try:
                values[key] = check(item[key])
            except Invalid as exc:
                _report(exc, f"{path}.{key}", problems)
        if len(problems) > before:
            continue
        if values["code"] in codes:
            problems.append(CatalogProblem(f"{path}.code", f"set {values['code']!r} is listed twice"))
            continue
        codes.add(values["code"])
        sets.append(CatalogSet(values["code"], values["name"], values["released"]))
    return sets


def _parse_card(
    game: str, raw: object, path: str, problems: list[CatalogProblem]
) -> tuple[dict[str, str], CatalogCard | None]:
    """(its set, number and title as far as they are valid, the card or None if it has a problem)."""
    if not isinstance(raw, dict):
        problems.append(CatalogProblem(path, "must be an object"))
        return {}, None
    before = len(problems)
    fields = fields_for(game)
    known = {"set", "number", "title"} | {f.name for f in fields}
    for key in raw:
        if key not in known:
            problems.append(CatalogProblem(f"{path}.{key}", f"unknown key for a {game} card"))

    head: dict[str, str] = {}
    for key, check in (
        ("set", string(min_len=1, max_len=20)),
        ("number", string(min_len=1, max_len=20)),
        ("title", string(min_len=1, max_len=TITLE_MAX)),
    ):
        if key not in raw:
            problems.append(CatalogProblem(f"{path}.{key}", "is required"))
            continue
        try:
            head[key] = check(raw[key])
        except Invalid as exc:
            _report(exc, f"{path}.{key}", problems)

    kind = _kind_of(fields, raw)
    values: dict[str, Any] = {}
    for f in fields:
        applies = f.kinds is None or kind is None or kind in f.kinds
        if f.name not in raw:
            if f.required and applies:
                problems.append(CatalogProblem(f"{path}.{f.name}", "is required" + _kind_note(f, kind)))
            values[f.name] = f.default_value() if not f.required else None
            continue
        if not applies:
            problems.append(
                CatalogProblem(f"{path}.{f.name}", f"only {' and '.join(f.kinds or ())} cards have {f.name}")
            )
            continue
        try:
            values[f.name] = f.check(raw[f.name])
        except Invalid as exc:
            _report(exc, f"{path}.{f.name}", problems)
    if values.get("provenance") == "published" and not values.get("source"):
        problems.append(CatalogProblem(f"{path}.source", "is required for a published card (the URL of its source)"))
    if len(problems) > before:
        return head, None
    return head, CatalogCard(head["set"], head["number"], head["title"], values)


def _report(exc: Invalid, path: str, problems: list[CatalogProblem]) -> None:
    """Every problem a checker found, each with its JSON path."""
    problems.extend(CatalogProblem(f"{path}{subpath}", message) for message, subpath in exc.problems)


def _kind_note(f: Field, kind: str | None) -> str:
    return f" for a {kind} card" if f.kinds and kind else ""


# ---------------------------------------------------------------- writing
def card_document(game: str, set_code: str, number: str, title: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """One card in canonical catalog form: defaults left out, required fields kept."""
    doc: dict[str, Any] = {"set": set_code, "number": number, "title": title}
    kind = values.get("kind")
    for f in fields_for(game):
        if f.kinds is not None and kind not in f.kinds:
            continue
        value = values.get(f.name)
        if f.write is not None:
            doc[f.name] = f.write(value)
            continue
        if f.required or f.always:
            doc[f.name] = value if value is not None else f.default_value()
            continue
        if value is None or value == f.default_value() or value in ([], {}):
            continue
        doc[f.name] = value
    return doc


def set_document(code: str, name: str, released: dt.date | None) -> dict[str, Any]:
    doc: dict[str, Any] = {"code": code, "name": name}
    if released is not None:
        doc["released"] = released.isoformat()
    return doc
