"""The one place where card rows become rules objects (rules.cards.CardData, CardPool).

`card_pool_for_game` reads a whole game's cards in one query with `values()`:
no model instances, no per-card queries, so validating a deck costs the same
whatever its size. Everything after that runs in the engine, in memory.
"""

import time
from collections.abc import Mapping
from typing import Any

from django.db.models import Count, F, Max, Sum

from cardcollections.models import Card
from rules.cards import CardData, CardPool
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
    return CardData(
        game=game,
        set_code=set_code,
        icons=icons if game == "chapter-and-verse" else {},
        **{name: row[name] for name in _PLAIN_COLUMNS},
        **{name: tuple(row[name] or ()) for name in _LIST_COLUMNS},
    )


def card_data(card: Card) -> CardData:
    """One card as the engine sees it (reads card.game and card.card_set: select_related them)."""
    row = {name: getattr(card, name) for name in _COLUMNS}
    return _card_data_from_row(card.game.slug, card.card_set.code, row)


# game slug -> (checked at, catalog stamp, pool). A pool is immutable, so
# sharing it between threads is safe.
_POOLS: dict[str, tuple[float, tuple[Any, ...], CardPool]] = {}
# How long a process trusts its pool before asking the database whether the
# catalog changed. A change made in this process is seen at once (the signals
# in cardcollections/catalog/signals.py forget the pools); one made by another process
# (a loadcatalog run, another web worker's admin edit) within this many seconds.
POOL_RECHECK_SECONDS = 5.0


def catalog_stamp(game_slug: str) -> tuple[Any, ...]:
    """Changes whenever a card of the game is added, changed or removed (one small query)."""
    stamp = Card.objects.filter(game__slug=game_slug).aggregate(
        cards=Count("id"), modified=Max("modified"), set_ids=Sum("card_set_id")
    )
    return tuple(sorted(stamp.items()))


def card_pool_for_game(game_slug: str) -> CardPool:
    """Every card of the game, canonical printing of each title first.

    Canonical = earliest released set (sets without a date last), then set code,
    then the order cards were loaded in. Building a pool costs more than
    validating a deck with it, so each process keeps the last pool of each game
    and rebuilds it only when the catalog changed.
    """
    now = time.monotonic()
    cached = _POOLS.get(game_slug)
    if cached is not None and now - cached[0] < POOL_RECHECK_SECONDS:
        return cached[2]
    stamp = catalog_stamp(game_slug)
    pool = cached[2] if cached is not None and cached[1] == stamp else _load_pool(game_slug)
    _POOLS[game_slug] = (now, stamp, pool)
    return pool


def forget_card_pools() -> None:
    """Drop every cached pool of this process (the catalog changed here)."""
    _POOLS.clear()


def _load_pool(game_slug: str) -> CardPool:
    rows = (
        Card.objects.filter(game__slug=game_slug)
        .order_by(F("card_set__released").asc(nulls_last=True), "card_set__code", "id")
        .values("card_set__code", *_COLUMNS)
    )
    return CardPool.of(game_slug, (_card_data_from_row(game_slug, row["card_set__code"], row) for row in rows))
