"""The one place where card rows become rules objects (rules.cards.CardData, CardPool).

`card_pool_for_game` reads a whole game's cards in one query with `values()`:
no model instances, no per-card queries, so validating a deck costs the same
whatever its size. Everything after that runs in the engine, in memory.
"""

from collections.abc import Mapping
from typing import Any

from django.db.models import F

from cardcollections.catalog.memo import per_catalog
from cardcollections.models import Card
from rules.cards import CardData
from rules.cards import CardPool
from rules.games.chapter_and_verse import CV_THEMES

# The columns CardData takes as they are.
_PLAIN_COLUMNS = (
    "number",
    "title",
    "text",
    "copies",
    # CardData also counts a unique-person or a Unique effect as Unique (Card.is_unique).
    "unique",
    "advanced",
    "type",
    "kind",
    "value",
    "sacrifice",
    "scripture",
    "reference",
    "effort",
    "offense",
    "defense",
    "food",
    "wisdom",
    "mounted",
    "abilities",
    "strength",
    "skill",
    "magic",
    "terror",
    "size",
    "color",
    "shape",
    "power",
    "alignment",
    "points",
    "prophet",
    "armory",
)
# JSON lists, which CardData holds as tuples (an empty column as an empty one).
_LIST_COLUMNS = ("markers", "effects", "icon_names", "bonuses")
# The columns CardData is built from (besides game and set, which come by join).
_COLUMNS = (*_PLAIN_COLUMNS, *_LIST_COLUMNS, *(f"icon_{theme}" for theme in CV_THEMES))


def _card_data_from_row(game: str, set_code: str, row: Mapping[str, Any]) -> CardData:
    icons = {theme: row[f"icon_{theme}"] for theme in CV_THEMES if row[f"icon_{theme}"]}
    lists: dict[str, Any] = {name: tuple(row[name] or ()) for name in _LIST_COLUMNS}  # Any: the row's columns
    return CardData(
        game=game,
        set_code=set_code,
        icons=icons if game == "chapter-and-verse" else {},
        **{name: row[name] for name in _PLAIN_COLUMNS},
        **lists,
    )


def card_data(card: Card) -> CardData:
    """One card as the engine sees it (reads card.game and card.card_set: select_related them)."""
    row = {name: getattr(card, name) for name in _COLUMNS}
    return _card_data_from_row(card.game.slug, card.card_set.code, row)


def card_pool_for_game(game_slug: str) -> CardPool:
    """Every card of the game, canonical printing of each title first.

    Canonical = earliest released set (sets without a date last), then set code,
    then the order cards were loaded in. Building a pool costs more than
    validating a deck with it, so each process keeps the last pool of each game
    and rebuilds it only when the catalog changed (cardcollections/catalog/memo.py).
    """
    return per_catalog(game_slug, "pool", lambda: _load_pool(game_slug))


def _load_pool(game_slug: str) -> CardPool:
    rows = (
        Card.objects.filter(game__slug=game_slug)
        .order_by(F("card_set__released").asc(nulls_last=True), "card_set__code", "id")
        .values("card_set__code", *_COLUMNS)
    )
    return CardPool.of(game_slug, (_card_data_from_row(game_slug, row["card_set__code"], row) for row in rows))
