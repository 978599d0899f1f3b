"""Cards for the calculator pages: a search as you type, and the ids of the cards a position names."""

from __future__ import annotations

from collections.abc import Iterable

from cardcollections.models import Card

SEARCH_RESULTS = 12


def battle_card_search(*, game: str, query: str) -> list[Card]:
    """Up to SEARCH_RESULTS cards of `game` whose title holds `query` (one query; the whole game if blank)."""
    cards = Card.objects.filter(game__slug=game).select_related("card_set").order_by("title", "id")
    if query.strip():
        cards = cards.filter(title__icontains=query.strip())
    return list(cards[:SEARCH_RESULTS])


def battle_card_ids(*, game: str, titles: Iterable[str]) -> dict[str, int]:
    """{title as the catalog spells it, case-folded: the id of its first printing} for the card images."""
    rows = Card.objects.filter(game__slug=game, title__in=set(titles)).order_by("id").values_list("pk", "title")
    ids: dict[str, int] = {}
    for pk, title in rows:
        ids.setdefault(title.casefold(), pk)
    return ids
