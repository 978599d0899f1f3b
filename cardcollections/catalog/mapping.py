"""Catalog-file fields <-> Card columns: the one place that knows both names."""

import functools
from typing import TYPE_CHECKING
from typing import Any

from cardcollections.models import Card

if TYPE_CHECKING:
    from cardcollections.catalog.selectors import CardRow  # a list page's card, read as a Card is
from rules.catalog import fields_for
from rules.games import GAME_SLUGS
from rules.games.chapter_and_verse import CV_THEMES

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
        if value is None and f.name in ("icons", "markers", "effects", "bonuses", "rulings"):
            value = []
        if value is None and f.name in ("text", "abilities", "color", "shape", "power", "armory"):
            value = ""
        columns[_COLUMN.get(f.name, f.name)] = value
    return columns


def fields_from_card(card: "Card | CardRow") -> dict[str, Any]:
    """The catalog fields of a stored card (the inverse of columns_from_fields).

    `card` may be anything shaped like a Card for these attributes (the card
    API's list rows are, see selectors.catalog.CardRow): only the columns of
    `card_columns()` and `card.game.slug` are read.
    """
    game = card.game.slug
    values: dict[str, Any] = {}
    for f in fields_for(game):
        if game == "chapter-and-verse" and f.name == "icons":
            values["icons"] = card.icons
            continue
        values[f.name] = getattr(card, _COLUMN.get(f.name, f.name))
    return values


def _game_columns(game: str) -> frozenset[str]:
    # What fields_from_card reads for a card of `game`, and Card.is_unique
    # (effects, unique, type) whatever the game.
    columns = {"id", "number", "title", "effects", "unique", "type"}
    for f in fields_for(game):
        if game == "chapter-and-verse" and f.name == "icons":
            columns |= {f"icon_{theme}" for theme in CV_THEMES}  # Card.icons
        else:
            columns.add(_COLUMN.get(f.name, f.name))
    return frozenset(columns)


_GAME_COLUMNS = {game: _game_columns(game) for game in GAME_SLUGS}


@functools.cache
def card_columns(games: frozenset[str] = frozenset(GAME_SLUGS)) -> tuple[str, ...]:
    """The Card columns that the catalog fields, `icons` and `is_unique` of cards of `games` are made of.

    A list that reads just these (not scans, faces, search and tag keys, nor
    other games' columns) carries every value the card API shows.
    """
    return tuple(sorted(frozenset().union(*(_GAME_COLUMNS[game] for game in games))))
