"""Cards for the calculator pages: a search as you type (card images: cardcollections.catalog.selectors)."""

from __future__ import annotations

from cardcollections.models import Card

SEARCH_RESULTS = 12


def battle_card_search(*, game: str, query: str) -> list[Card]:
    """Up to SEARCH_RESULTS cards of `game` whose title holds `query` (one query; the whole game if blank)."""
    cards = Card.objects.filter(game__slug=game).select_related("card_set").order_by("title", "id")
    if query.strip():
        cards = cards.filter(title__icontains=query.strip())
    return list(cards[:SEARCH_RESULTS])
