"""Catalog-file fields <-> Card columns: the one place that knows both names."""

from typing import Any

from cardcollections.models import Card
from rules.catalog import fields_for
from rules.games import CV_THEMES

# File field -> column, where the two names differ.
_COLUMN = {"image": "image_ref", "icons": "icon_names"}


def columns_from_fields(game: str, values: dict[str, Any]) -> dict[str, Any]:
    """Column values for a card of `game` from its checked catalog fields."""
    columns: dict[str, Any] = {}
    for f in fields_for(game):
        value = values.get(f.name)
        if game == "chapter-and-verse" and f.name == "icons":
            for theme in CV_THEMES:
                columns[f"icon_{theme}"] = (value or {}).get(theme, 0)
            continue
        if value is None and f.name in ("extra",):
            value = {}
        if value is None and f.name in ("icons", "markers", "effects", "bonuses"):
            value = []
        if value is None and f.name in ("text", "abilities", "color", "shape", "power", "armory"):
            value = ""
        columns[_COLUMN.get(f.name, f.name)] = value
    return columns


def fields_from_card(card: Card) -> dict[str, Any]:
    """The catalog fields of a stored card (the inverse of columns_from_fields)."""
    game = card.game.slug
    values: dict[str, Any] = {}
    for f in fields_for(game):
        if game == "chapter-and-verse" and f.name == "icons":
            values["icons"] = card.icons
            continue
        values[f.name] = getattr(card, _COLUMN.get(f.name, f.name))
    return values
