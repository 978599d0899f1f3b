"""Putting a deck's missing cards on its owner's wishlist.

A wish is by title (any printing fills a deck slot) and asks for the copies still
missing: not owned, or owned but held by another built deck. An existing wish
for the title is raised to that count, never lowered; a wish for one printing is
left alone. Everything happens in one transaction through the collections app's
wishlist services.
"""

from dataclasses import dataclass

from django.db import transaction

from cardcollections.collection.services import MAX_QUANTITY
from cardcollections.collection.services import CollectionError
from cardcollections.collection.services import wishlist_set
from cardcollections.collection.services import wishlist_update
from cardcollections.models import WishlistEntry
from decks.exceptions import DeckRequestError
from decks.models import Deck
from decks.stock.selectors import deck_stock
from rules.text import title_key as make_title_key


@dataclass(frozen=True)
class Wish:
    """One title after the call: the copies missing and what the wishlist now asks for."""

    title: str
    key: str
    missing: int
    wanted: int
    changed: bool  # created or raised by this call


def deck_missing_wishlist_add(*, deck: Deck, title_key: str | None = None) -> list[Wish]:
    """Wish for the deck's missing copies: of one title (`title_key`, any spelling of it) or of every title.

    Raises DeckRequestError("title_key") for a title the deck does not have. A
    title with nothing missing is left out of the answer. Doing it twice changes
    nothing the second time.
    """
    stock = deck_stock(deck=deck)
    if title_key is not None:
        key = make_title_key(title_key)
        stock = [t for t in stock if t.key == key]
        if not key or not stock:
            raise DeckRequestError("title_key", "That card is not in this deck.")
    needs = [t for t in stock if t.missing]
    if not needs:
        return []
    done: list[Wish] = []
    with transaction.atomic():
        existing = {
            w.title_key: w
            for w in WishlistEntry.objects.select_for_update()
            .filter(owner=deck.owner, game=deck.game, card__isnull=True, title_key__in=[t.key for t in needs])
            .order_by("pk")
        }
        for need in needs:
            target = min(need.missing, MAX_QUANTITY)
            entry = existing.get(need.key)
            if entry is None:
                try:
                    entry = wishlist_set(owner=deck.owner, game=deck.game, title=need.title, wanted=target)
                except CollectionError as exc:  # the title left the catalog: nothing is kept
                    raise DeckRequestError("title_key", str(exc)) from exc
                assert entry is not None  # a wish for more than none is kept
                done.append(Wish(need.title, need.key, need.missing, entry.wanted, True))
            elif entry.wanted < target:
                wishlist_update(entry=entry, wanted=target)
                done.append(Wish(need.title, need.key, need.missing, target, True))
            else:
                done.append(Wish(need.title, need.key, need.missing, entry.wanted, False))
    return done
