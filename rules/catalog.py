"""The catalog file of shared/spec/catalog-format.md: checked, normalised, written back.

`parse_catalog` turns a decoded JSON document into plain data, or raises
`CatalogError` listing every problem with its JSON path
(`cards[17].icons.faith: must be an integer from 0 to 9`). Nothing here touches
a database: the loader writes what this returns, in one transaction.

`card_document` writes one card back in canonical form: required fields always,
optional fields only when they differ from their default, so that loading a
file and dumping it again gives the same document.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from rules.games import (
    BB_TYPES,
    BC_SIZES,
    BMB_COLORS,
    BMB_KINDS,
    BMB_POWERS,
    BMB_SHAPES,
    CV_EFFECT_KINDS,
    CV_STANDARD_WORKS,
    CV_THEMES,
    GAME_SLUGS,
    WPL_ALIGNMENTS,
    WPL_KINDS,
)

TITLE_MAX = 200


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
    # optional ones (text, copies, image, extra).
    fields: Mapping[str, Any]


@dataclass(frozen=True)
class Catalog:
    game: str
    sets: tuple[CatalogSet, ...]
    cards: tuple[CatalogCard, ...]


class _Invalid(Exception):
    def __init__(self, message: str, subpath: str = ""):
        super().__init__(message)
        self.message = message
        self.subpath = subpath


# ---------------------------------------------------------------- checkers
Checker = Callable[[Any], Any]


def _string(*, min_len: int = 0, max_len: int | None = None, choices: Collection[str] | None = None) -> Checker:
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise _Invalid("must be a string")
        value = value.strip()
        if choices is not None and value not in choices:
            raise _Invalid("must be one of " + ", ".join(choices))
        if len(value) < min_len:
            raise _Invalid("must not be empty" if min_len == 1 else f"must have at least {min_len} characters")
        if max_len is not None and len(value) > max_len:
            raise _Invalid(f"must have at most {max_len} characters")
        if "\x00" in value:
            raise _Invalid("must not contain NUL characters")
        return value

    return check


def _integer(lo: int | None = 0, hi: int | None = None) -> Checker:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Invalid(_range_text(lo, hi))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise _Invalid(_range_text(lo, hi))
        return value

    return check


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"must be an integer from {lo} to {hi}"
    if lo is not None:
        return f"must be an integer >= {lo}"
    return "must be an integer"


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Invalid("must be true or false")
    return value


def _string_list(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise _Invalid("must be a list of strings")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise _Invalid("must be a non-empty string", f"[{i}]")
        out.append(item.strip())
    return out


def _json_object(value: Any) -> dict:
    if not isinstance(value, dict):
        raise _Invalid("must be an object")
    return value


def _cv_icons(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise _Invalid("must be an object of theme to icon count")
    icons = {theme: 0 for theme in CV_THEMES}
    for theme, count in value.items():
        if theme not in CV_THEMES:
            raise _Invalid("unknown theme (themes are " + ", ".join(CV_THEMES) + ")", f".{theme}")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 9:
            raise _Invalid("must be an integer from 0 to 9", f".{theme}")
        icons[theme] = count
    return icons


_EFFECT_KEYS: dict[str, dict[str, Checker]] = {
    "discard": {"text": _string()},
    "quote": {},
    "prayer": {"n": _integer(1)},
    "keyword": {"words": _string_list},
    "unique": {},
    "cross-reference": {"reference": _string(min_len=1)},
    "quick-play": {"text": _string()},
    "text": {"text": _string()},
}
assert set(_EFFECT_KEYS) == set(CV_EFFECT_KINDS)


def _cv_effects(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise _Invalid("must be a list of effect objects")
    effects = []
    for i, effect in enumerate(value):
        if not isinstance(effect, dict):
            raise _Invalid("must be an object with a kind", f"[{i}]")
        kind = effect.get("kind")
        if kind not in _EFFECT_KEYS:
            raise _Invalid("must be one of " + ", ".join(CV_EFFECT_KINDS), f"[{i}].kind")
        keys = _EFFECT_KEYS[kind]
        out: dict[str, Any] = {"kind": kind}
        for key in effect:
            if key != "kind" and key not in keys:
                raise _Invalid(f"unknown key for a {kind} effect", f"[{i}].{key}")
        for key, check in keys.items():
            if key not in effect:
                raise _Invalid("is required", f"[{i}].{key}")
            try:
                out[key] = check(effect[key])
            except _Invalid as exc:
                raise _Invalid(exc.message, f"[{i}].{key}{exc.subpath}") from None
        if kind == "keyword" and not out["words"]:
            raise _Invalid("must name at least one word", f"[{i}].words")
        effects.append(out)
    return effects


def _wpl_bonuses(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise _Invalid("must be a list of {with, points} objects")
    out = []
    for i, bonus in enumerate(value):
        if not isinstance(bonus, dict):
            raise _Invalid("must be an object with with and points", f"[{i}]")
        for key in bonus:
            if key not in ("with", "points"):
                raise _Invalid("unknown key", f"[{i}].{key}")
        try:
            with_title = _string(min_len=1)(bonus.get("with"))
        except _Invalid as exc:
            raise _Invalid(exc.message, f"[{i}].with") from None
        try:
            points = _integer(None)(bonus.get("points"))
        except _Invalid as exc:
            raise _Invalid(exc.message, f"[{i}].points") from None
        out.append({"with": with_title, "points": points})
    return out


def _alignment(value: Any) -> str | None:
    if value is None:
        return None
    return _string(choices=WPL_ALIGNMENTS)(value)


def _date(value: Any) -> dt.date | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise _Invalid("must be a date YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise _Invalid("must be a date YYYY-MM-DD") from None


# ---------------------------------------------------------------- fields
REQUIRED = object()


@dataclass(frozen=True)
class Field:
    name: str
    check: Checker
    default: Any = REQUIRED
    # For games with card kinds: the kinds this field belongs to (None: all).
    kinds: tuple[str, ...] | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


def _empty_list() -> list:
    return []


COMMON_FIELDS: tuple[Field, ...] = (
    Field("text", _string(), ""),
    Field("copies", _integer(1), 1),
    Field("image", _string(), ""),
    Field("extra", _json_object, None),
)

GAME_FIELDS: dict[str, tuple[Field, ...]] = {
    "chapter-and-verse": (
        Field("sacrifice", _integer(0, 20)),
        Field("icons", _cv_icons, None),
        Field("markers", _string_list, None),
        Field("scripture", _string()),
        Field("reference", _string(min_len=1)),
        Field("standard_work", _string(choices=CV_STANDARD_WORKS)),
        Field("advanced", _boolean, False),
        Field("effects", _cv_effects, None),
    ),
    "bible-battles": (
        Field("type", _string(choices=BB_TYPES)),
        Field("effort", _integer(0)),
        Field("offense", _integer(0)),
        Field("defense", _integer(0)),
        Field("food", _integer(0), 0),
        Field("wisdom", _integer(0), 0),
        Field("unique", _boolean, False),
        Field("mounted", _boolean, False),
        Field("abilities", _string(), ""),
    ),
    "book-of-mormon-battles": (
        Field("kind", _string(choices=BMB_KINDS)),
        Field("value", _integer(0), kinds=("character",)),
        Field("color", _string(choices=BMB_COLORS), kinds=("character",)),
        Field("shape", _string(choices=BMB_SHAPES), kinds=("character",)),
        Field("power", _string(choices=BMB_POWERS), kinds=("power",)),
    ),
    "warriors-of-the-promised-land": (
        Field("kind", _string(choices=WPL_KINDS)),
        Field("icons", _string_list, None),
        Field("alignment", _alignment, None),
        Field("points", _integer(None), kinds=("warrior",)),
        Field("prophet", _boolean, False, kinds=("warrior",)),
        Field("bonuses", _wpl_bonuses, None, kinds=("warrior",)),
        Field("armory", _string(min_len=1), kinds=("armory",)),
    ),
    "battle-cards": (
        Field("strength", _integer(0)),
        Field("skill", _integer(0)),
        Field("magic", _integer(0)),
        Field("terror", _integer(0)),
        Field("value", _integer(0)),
        Field("size", _string(choices=BC_SIZES)),
    ),
}
# Mutable defaults are written as None above and made fresh per card.
_FRESH_DEFAULTS: dict[str, Callable[[], Any]] = {
    "icons": dict,
    "markers": _empty_list,
    "effects": _empty_list,
    "bonuses": _empty_list,
    "extra": dict,
}


def _default(game: str, f: Field) -> Any:
    if f.default is None and f.name in _FRESH_DEFAULTS:
        if game == "chapter-and-verse" and f.name == "icons":
            return {theme: 0 for theme in CV_THEMES}
        return _FRESH_DEFAULTS[f.name]()
    return f.default


def fields_for(game: str) -> tuple[Field, ...]:
    """Every field a card of `game` may carry besides set, number and title."""
    return COMMON_FIELDS + GAME_FIELDS[game]


def _kind_of(game: str, card: Mapping[str, Any]) -> str | None:
    if game in ("book-of-mormon-battles", "warriors-of-the-promised-land"):
        kind = card.get("kind")
        return kind.strip() if isinstance(kind, str) else None
    return None


# ---------------------------------------------------------------- parsing
def parse_catalog(document: Any, *, known_set_codes: Collection[str] = ()) -> Catalog:
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
            card = _parse_card(game, raw, f"cards[{i}]", problems)
            if card is None:
                continue
            if card.set_code not in set_codes:
                problems.append(CatalogProblem(f"cards[{i}].set", f"unknown set {card.set_code!r}: list it under sets"))
            key = (card.set_code, card.number)
            if key in seen:
                problems.append(
                    CatalogProblem(
                        f"cards[{i}].number",
                        f"{card.set_code} {card.number} is already cards[{seen[key]}]; "
                        "a number is unique within its set",
                    )
                )
            else:
                seen[key] = i
            cards.append(card)
    if problems:
        raise CatalogError(problems)
    return Catalog(game=game, sets=tuple(sets), cards=tuple(cards))


def _parse_sets(raw: Any, problems: list[CatalogProblem]) -> list[CatalogSet]:
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
            ("code", _string(min_len=1, max_len=20), True),
            ("name", _string(min_len=1, max_len=200), True),
            ("released", _date, False),
        ):
            if key not in item:
                if required:
                    problems.append(CatalogProblem(f"{path}.{key}", "is required"))
                values[key] = None
                continue
            try:
                values[key] = check(item[key])
            except _Invalid as exc:
                problems.append(CatalogProblem(f"{path}.{key}{exc.subpath}", exc.message))
        if len(problems) > before:
            continue
        if values["code"] in codes:
            problems.append(CatalogProblem(f"{path}.code", f"set {values['code']!r} is listed twice"))
            continue
        codes.add(values["code"])
        sets.append(CatalogSet(values["code"], values["name"], values["released"]))
    return sets


def _parse_card(game: str, raw: Any, path: str, problems: list[CatalogProblem]) -> CatalogCard | None:
    if not isinstance(raw, dict):
        problems.append(CatalogProblem(path, "must be an object"))
        return None
    before = len(problems)
    fields = fields_for(game)
    known = {"set", "number", "title"} | {f.name for f in fields}
    for key in raw:
        if key not in known:
            problems.append(CatalogProblem(f"{path}.{key}", f"unknown key for a {game} card"))

    head: dict[str, str] = {}
    for key, check in (
        ("set", _string(min_len=1, max_len=20)),
        ("number", _string(min_len=1, max_len=20)),
        ("title", _string(min_len=1, max_len=TITLE_MAX)),
    ):
        if key not in raw:
            problems.append(CatalogProblem(f"{path}.{key}", "is required"))
            continue
        try:
            head[key] = check(raw[key])
        except _Invalid as exc:
            problems.append(CatalogProblem(f"{path}.{key}", exc.message))

    kind = _kind_of(game, raw)
    values: dict[str, Any] = {}
    for f in fields:
        applies = f.kinds is None or kind is None or kind in f.kinds
        if f.name not in raw:
            if f.required and applies:
                problems.append(CatalogProblem(f"{path}.{f.name}", "is required" + _kind_note(f, kind)))
            values[f.name] = _default(game, f) if not f.required else None
            continue
        if not applies:
            problems.append(
                CatalogProblem(f"{path}.{f.name}", f"only {' and '.join(f.kinds or ())} cards have {f.name}")
            )
            continue
        try:
            values[f.name] = f.check(raw[f.name])
        except _Invalid as exc:
            problems.append(CatalogProblem(f"{path}.{f.name}{exc.subpath}", exc.message))
    if len(problems) > before:
        return None
    return CatalogCard(head["set"], head["number"], head["title"], values)


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
        if f.name == "icons" and game == "chapter-and-verse":
            value = {theme: n for theme, n in (value or {}).items() if n}
            doc[f.name] = value
            continue
        if f.required or f.name in ("markers", "effects"):
            doc[f.name] = value if value is not None else _default(game, f)
            continue
        if value is None or value == _default(game, f) or value in ([], {}):
            continue
        doc[f.name] = value
    return doc


def set_document(code: str, name: str, released: dt.date | None) -> dict[str, Any]:
    doc: dict[str, Any] = {"code": code, "name": name}
    if released is not None:
        doc["released"] = released.isoformat()
    return doc
