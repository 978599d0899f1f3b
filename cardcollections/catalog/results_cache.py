"""Catalog results (the catalog page's rendered grid, the card API's list), kept in the cache until the catalog changes.

With 10,000 cards a page of results costs a count, a sorted page and the
rendering of some 50 cards; it is the same for everyone who asks the same query
string, and changes only when the catalog does. The key holds the catalog
stamp (cardcollections/catalog/memo.py), so a change to the catalog makes new
keys and the old entries age out. Results filtered by a player's own copies
are never kept.

Any visitor can ask a new query string (another filter value, another page
size) and so make a new entry, each up to a page of 200 cards. What bounds
the cache is a budget: at most KEPT_PER_WINDOW results are newly kept in each
CATALOG_RESULTS_SECONDS window (counted in the cache itself, so across
workers), so at most twice that many are kept at once; past it results are
still served, only not kept until the next window. The front pages (a catalog
with no filter, or every card with none) are few and the most asked: they are
kept whatever the budget, so one visitor spending it leaves them kept for all.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import Any
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from cardcollections.catalog.memo import current_stamp
from cardsite.cache import count as cache_count
from rules.games import GAME_SLUGS

T = TypeVar("T")


def results_key(request: HttpRequest, *, scope: str, game_slug: str | None) -> str | None:
    """The cache key of the request's results in `scope` (the order of its parameters does not matter), or
    None for results never kept: a signed-in player's `owned` filter lists that player's own copies.

    `game_slug` names the catalog the results come from; None or a name that is
    no game's stands for every catalog (such a query's own checks refuse it).
    """
    signed_in = request.user.is_authenticated
    if signed_in and request.GET.get("owned"):
        return None
    game = game_slug if game_slug in GAME_SLUGS else None
    # The parameters' order does not matter, but a repeated one's values keep theirs: the last is the one read.
    items = sorted((key, request.GET.getlist(key)) for key in request.GET)
    text = repr((scope, game, current_stamp(game), signed_in, items))
    # Bounded by the games and scopes: no parameter, or only a real game's name.
    front = not items or items == [("game", [game])]
    prefix = FRONT_PAGE if front else "catalog-results:"
    return prefix + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# How many results may be newly kept in one CATALOG_RESULTS_SECONDS window (see the module's docstring).
KEPT_PER_WINDOW = 2000
# The keys of front pages, kept outside the budget.
FRONT_PAGE = "catalog-results-front:"


def kept_results(key: str | None, build: Callable[[], T]) -> T:
    """The value kept under `key`, or `build()`'s, kept while the budget allows (a None key: built, never kept)."""
    seconds = settings.CATALOG_RESULTS_SECONDS if key is not None else 0
    kept: Any = cache.get(key) if seconds else None
    if kept is None:
        kept = build()
        if key is not None and seconds and (key.startswith(FRONT_PAGE) or _within_budget(seconds)):
            cache.set(key, kept, seconds)
    return kept


def _within_budget(seconds: int) -> bool:
    """Counts one more result kept in this window: whether it is within KEPT_PER_WINDOW (counted atomically)."""
    return cache_count(cache, f"catalog-results-kept:{int(time.time()) // seconds}", 2 * seconds) <= KEPT_PER_WINDOW
