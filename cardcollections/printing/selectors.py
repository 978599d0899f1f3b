"""Reading what is printed: a catalog set's cards, and print jobs (a job is its owner's only)."""

from __future__ import annotations

from typing import Any

from cardcollections.catalog.selectors import CATALOG_ORDER
from cardcollections.models import Card
from cardcollections.models import CardSet
from cardcollections.printing.models import PrintJob


def print_job_for(*, owner: Any, pk: Any) -> PrintJob | None:
    """The owner's job `pk`, or None (someone else's job is as missing as one that does not exist)."""
    if not getattr(owner, "is_authenticated", False):
        return None
    return PrintJob.objects.filter(owner=owner, pk=pk).select_related("game").first()


def set_print_list(*, pk: Any) -> tuple[CardSet, list[tuple[Card, int]]] | None:
    """The set and one of each of its cards in catalog order (with their game and set), or None."""
    card_set = CardSet.objects.select_related("game").filter(pk=pk).first()
    if card_set is None:
        return None
    cards = Card.objects.filter(card_set=card_set).select_related("game", "card_set").order_by(*CATALOG_ORDER)
    return card_set, [(card, 1) for card in cards]
