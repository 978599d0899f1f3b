"""Cards for the calculator pages: a search as you type (card images: cardcollections.catalog.selectors)."""

from __future__ import annotations

from cardcollections.catalog.selectors import card_pick
from cardcollections.models import Card
from cardcollections.models import Game

SEARCH_RESULTS = 12


def battle_card_search(*, game: str, query: str) -> list[Card]:
    """Up to SEARCH_RESULTS cards of `game` for `query`: the whole game in title order if blank, else the card
    picker's search (titles that start with it, then that hold it, then near misses: "strpling" finds Stripling
    Warriors; issue #36)."""
    if query.strip():
        row = Game.objects.filter(slug=game).first()
        return [] if row is None else card_pick(game=row, query=query, limit=SEARCH_RESULTS)
    return list(
        Card.objects.filter(game__slug=game).select_related("card_set").order_by("title", "id")[:SEARCH_RESULTS]
    )
