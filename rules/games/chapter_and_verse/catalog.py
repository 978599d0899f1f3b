"""Chapter and Verse's catalog fields: sacrifice, theme icons, markers, scripture and effects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.catalog_fields import Checker
from rules.catalog_fields import Field
from rules.catalog_fields import Invalid
from rules.catalog_fields import Problems
from rules.catalog_fields import boolean
from rules.catalog_fields import empty_list
from rules.catalog_fields import integer
from rules.catalog_fields import object_key
from rules.catalog_fields import objects
from rules.catalog_fields import string
from rules.catalog_fields import string_list
from rules.games.chapter_and_verse import CV_EFFECT_KINDS
from rules.games.chapter_and_verse import CV_STANDARD_WORKS
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.chapter_and_verse.effects import STRUCTURE_KEYS
from rules.games.chapter_and_verse.effects import STRUCTURED_KINDS
from rules.games.chapter_and_verse.effects import check_structure


def _no_icons() -> dict[str, int]:
    return {theme: 0 for theme in CV_THEMES}


def _icons(value: object) -> dict[str, int]:
    if not isinstance(value, dict):
        raise Invalid("must be an object of theme to icon count")
    icons = _no_icons()
    found = Problems()
    for theme, count in value.items():
        if theme not in CV_THEMES:
            found.add("unknown theme (themes are " + ", ".join(CV_THEMES) + ")", f".{theme}")
        elif isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 9:
            found.add("must be an integer from 0 to 9", f".{theme}")
        else:
            icons[theme] = count
    found.raise_any()
    return icons


def _icons_written(value: Mapping[str, int] | None) -> dict[str, int]:
    # Only the themes a card has icons of.
    return {theme: n for theme, n in (value or {}).items() if n}


_EFFECT_KEYS: dict[str, dict[str, Checker]] = {
    "discard": {"text": string()},
    "quote": {},
    "prayer": {"n": integer(1)},
    "keyword": {"words": string_list},
    "unique": {},
    "cross-reference": {"reference": string(min_len=1)},
    "quick-play": {"text": string()},
    "text": {"text": string()},
}
assert set(_EFFECT_KEYS) == set(CV_EFFECT_KINDS)


def _effect(effect: dict[str, Any]) -> dict[str, Any]:
    kind = effect.get("kind")
    if kind not in _EFFECT_KEYS:
        raise Invalid("must be one of " + ", ".join(CV_EFFECT_KINDS), ".kind")
    keys = _EFFECT_KEYS[kind]
    out: dict[str, Any] = {"kind": kind}
    # Discard, Quick Play and text effects may also say what the engine runs (docs/card-effects.md).
    structured = STRUCTURE_KEYS if kind in STRUCTURED_KINDS else {}
    found = Problems()
    for key in effect:
        if key != "kind" and key not in keys and key not in structured:
            found.add(f"unknown key for a {kind} effect", f".{key}")
    for key, check in keys.items():
        if key not in effect:
            found.add("is required", f".{key}")
            continue
        with found.at():
            out[key] = object_key(effect, key, check)
    if structured:
        with found.at():
            check_structure(kind, effect, out)
    if kind == "keyword" and out.get("words") == []:
        found.add("must name at least one word", ".words")
    found.raise_any()
    return out


def _effects(value: object) -> list[dict[str, Any]]:
    return objects(value, "must be a list of effect objects", "must be an object with a kind", _effect)


FIELDS: tuple[Field, ...] = (
    Field("sacrifice", integer(0, 20)),
    Field("icons", _icons, None, fresh=_no_icons, write=_icons_written),
    Field("markers", string_list, None, fresh=empty_list, always=True),
    Field("scripture", string()),
    Field("reference", string(min_len=1)),
    Field("standard_work", string(choices=CV_STANDARD_WORKS)),
    Field("advanced", boolean, False),
    Field("effects", _effects, None, fresh=empty_list, always=True),
)
