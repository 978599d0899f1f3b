"""Warriors of the Promised Land's catalog fields: warriors (points, prophet, bonuses) and armories."""

from __future__ import annotations

from typing import Any

from rules.catalog_fields import Field
from rules.catalog_fields import Problems
from rules.catalog_fields import boolean
from rules.catalog_fields import empty_list
from rules.catalog_fields import integer
from rules.catalog_fields import object_key
from rules.catalog_fields import objects
from rules.catalog_fields import string
from rules.catalog_fields import string_list
from rules.games.warriors_of_the_promised_land import WPL_ALIGNMENTS
from rules.games.warriors_of_the_promised_land import WPL_KINDS


def _bonus(bonus: dict[str, Any]) -> dict[str, Any]:
    found = Problems()
    for key in bonus:
        if key not in ("with", "points"):
            found.add("unknown key", f".{key}")
    out = {}
    for key, check in (("with", string(min_len=1)), ("points", integer(None))):
        with found.at():
            out[key] = object_key(bonus, key, check)
    found.raise_any()
    return out


def _bonuses(value: object) -> list[dict[str, Any]]:
    return objects(value, "must be a list of {with, points} objects", "must be an object with with and points", _bonus)


def _alignment(value: object) -> str | None:
    if value is None:
        return None
    return string(choices=WPL_ALIGNMENTS)(value)


FIELDS: tuple[Field, ...] = (
    Field("kind", string(choices=WPL_KINDS)),
    # A fresh {} when absent, as the loader has always stored it.
    Field("icons", string_list, None, fresh=dict),
    Field("alignment", _alignment, None),
    Field("points", integer(None), kinds=("warrior",)),
    Field("prophet", boolean, False, kinds=("warrior",)),
    Field("bonuses", _bonuses, None, kinds=("warrior",), fresh=empty_list),
    Field("armory", string(min_len=1), kinds=("armory",)),
)
