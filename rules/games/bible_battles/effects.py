"""Bible Battles abilities as data (docs/card-effects.md, "Bible Battles"): what the play-out runs.

A card's printed `abilities` stay text; its `effects` list says what the engine
does with them, one object per ability:
- `costs-less`: cards of `types` cost you `n` less effort while this card is in
  play (at least 1, as printed: "minimum 1"; a card that costs 0 stays at 0);
- `wisdom-each-turn`: at the beginning of your turn gain `n` wisdom, or with
  `per-title`, n for each card in play with one of those titles (Temple);
- `opponents`: acts on combat, sieges or opponents only: nothing happens in a
  solo game, and the ability counts as modelled;
- `text`: free text, not run; the play-out lists the card as unmodelled.
Each may carry the ability's `text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.catalog_fields import Checker
from rules.catalog_fields import Invalid
from rules.catalog_fields import Problems
from rules.catalog_fields import integer
from rules.catalog_fields import object_key
from rules.catalog_fields import objects
from rules.catalog_fields import string
from rules.catalog_fields import string_list
from rules.games.bible_battles import BB_TYPES


def _types(value: object) -> list[str]:
    types = string_list(value)
    found = Problems()
    for i, t in enumerate(types):
        if t not in BB_TYPES:
            found.add("must be one of " + ", ".join(BB_TYPES), f"[{i}]")
    found.raise_any()
    if not types:
        raise Invalid("must name at least one type")
    return types


def _titles(value: object) -> list[str]:
    titles = string_list(value)
    if not titles:
        raise Invalid("must name at least one title")
    return titles


# kind -> (required keys, optional keys); every kind may carry `text`.
BB_EFFECT_KEYS: dict[str, tuple[dict[str, Checker], dict[str, Checker]]] = {
    "costs-less": ({"types": _types, "n": integer(1, 9)}, {}),
    "wisdom-each-turn": ({"n": integer(1, 9)}, {"per-title": _titles}),
    "opponents": ({}, {}),
    "text": ({}, {}),
}


def _effect(effect: dict[str, Any]) -> dict[str, Any]:
    kind = effect.get("kind")
    if kind not in BB_EFFECT_KEYS:
        raise Invalid("must be one of " + ", ".join(BB_EFFECT_KEYS), ".kind")
    required, optional = BB_EFFECT_KEYS[kind]
    allowed = {"kind", "text", *required, *optional}
    found = Problems()
    for key in effect:
        if key not in allowed:
            found.add(f"unknown key for a {kind} effect", f".{key}")
    out: dict[str, Any] = {"kind": kind}
    checks = {"text": string(), **required, **optional}
    for key, check in checks.items():
        if key in effect:
            with found.at():
                out[key] = object_key(effect, key, check)
        elif key in required:
            found.add("is required", f".{key}")
    found.raise_any()
    return out


def bb_effects(value: object) -> list[dict[str, Any]]:
    """The catalog checker of a Bible Battles card's `effects`."""
    return objects(value, "must be a list of effect objects", "must be an object with a kind", _effect)


def is_modelled(card: Any) -> bool:
    """A card without abilities, or whose abilities are all encoded (no `text` effect, at least one effect)."""
    if not card.abilities:
        return True
    return bool(card.effects) and all(e.get("kind") != "text" for e in card.effects)


def compile_effects(card: Any, cards: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """(costs-less as (type, n) pairs, wisdom-each-turn as (n, kinds counted or None) pairs) for the plan."""
    less: list[tuple[str, int]] = []
    wisdom: list[tuple[int, tuple[int, ...] | None]] = []
    for effect in card.effects:
        kind = effect.get("kind")
        if kind == "costs-less":
            less.extend((t, int(effect["n"])) for t in effect["types"])
        elif kind == "wisdom-each-turn":
            titles = effect.get("per-title")
            counted = None
            if titles:
                wanted = {str(t).casefold() for t in titles}
                counted = tuple(j for j, c in enumerate(cards) if c.title.casefold() in wanted)
            wisdom.append((int(effect["n"]), counted))
    return tuple(less), tuple(wisdom)
