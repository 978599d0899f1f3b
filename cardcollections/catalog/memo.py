"""Values computed from a game's whole catalog (card pools, tag lists), kept in this process until the catalog changes.

Each value remembers the catalog stamp it was computed from. The stamp (one
small query) is trusted for RECHECK_SECONDS: a change made in this process is
seen at once (the signals in cardcollections/catalog/signals.py call
`forget_catalog_values`); one made by another process (a loadcatalog run,
another web worker's admin edit) within that many seconds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any
from typing import TypeVar

from django.db.models import Count
from django.db.models import Max
from django.db.models import Sum

from cardcollections.models import Card
from rules.games import GAME_SLUGS

T = TypeVar("T")

RECHECK_SECONDS = 5.0

# game slug -> (checked at, stamp); (game slug, name) -> (stamp, value). Threads share the values:
# a value is either never changed in place or (the listed rows of card_listing_page) only added to
# and emptied, each step whole; the lock only keeps these two dicts whole.
_STAMPS: dict[str | None, tuple[float, tuple[Any, ...]]] = {}
_VALUES: dict[tuple[str | None, str], tuple[tuple[Any, ...], Any]] = {}
_LOCK = threading.Lock()


def catalog_stamp(game_slug: str | None) -> tuple[Any, ...]:
    """Changes whenever a card of the game (None: of any game) is added, changed or removed, or its set is
    changed (signals.py touches the set's cards) (one small query)."""
    cards = Card.objects.all() if game_slug is None else Card.objects.filter(game__slug=game_slug)
    stamp = cards.aggregate(cards=Count("id"), modified=Max("modified"), set_ids=Sum("card_set_id"))
    return tuple(sorted(stamp.items()))


def current_stamp(game_slug: str | None) -> tuple[Any, ...]:
    """The game's (None: every game's) catalog stamp, read again at most every RECHECK_SECONDS."""
    now = time.monotonic()
    known = _STAMPS.get(game_slug)
    if known is not None and now - known[0] < RECHECK_SECONDS:
        return known[1]
    stamp = catalog_stamp(game_slug)
    with _LOCK:
        _STAMPS[game_slug] = (now, stamp)
    return stamp


def per_catalog(game_slug: str | None, name: str, build: Callable[[], T]) -> T:
    """`build()`'s value for the game's (None: every game's) catalog as it is now: computed again only when
    the catalog changed. A name that is no game's is never kept, so what a process keeps stays bounded
    whatever slug a request brings."""
    if game_slug is not None and game_slug not in GAME_SLUGS:
        return build()
    stamp = current_stamp(game_slug)
    kept = _VALUES.get((game_slug, name))
    if kept is not None and kept[0] == stamp:
        return kept[1]
    value = build()
    with _LOCK:
        _VALUES[(game_slug, name)] = (stamp, value)
    return value


def forget_catalog_values() -> None:
    """Drop every kept stamp and value of this process (the catalog changed here)."""
    with _LOCK:
        _STAMPS.clear()
        _VALUES.clear()
