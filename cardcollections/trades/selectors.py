"""Reading trades: a user's offers and history, and the matching of wishlists with trade lists (of the players who
chose to be in matches)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field

from django.contrib.auth.models import User
from django.db.models import Prefetch
from django.db.models import Q
from django.db.models import QuerySet

from cardcollections.models import CollectionEntry
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.models import WishlistEntry

# Only owners who chose to be found (CollectionSettings.in_matches): a private collection's trade list and wishlist
# were shown to anyone who wishlisted every card (issue #34).
IN_MATCHES = {"owner__collection_settings__in_matches": True}


def trades_for(*, user: User) -> QuerySet[Trade]:
    """Every trade the user is a party to, newest first, with lines and cards (a fixed number of queries)."""
    lines = TradeLine.objects.select_related("card", "card__card_set", "card__game").order_by("side", "id")
    return (
        Trade.objects.filter(Q(proposer=user) | Q(recipient=user))
        .select_related("proposer", "recipient", "parent")
        .prefetch_related(Prefetch("lines", queryset=lines))
        .order_by("-id")
    )


def trade_for(*, user: User, pk: int) -> Trade | None:
    """The trade if the user is a party to it; None otherwise (so a stranger cannot tell it exists)."""
    return trades_for(user=user).filter(pk=pk).first()


@dataclass
class Match:
    """Another user, and the cards that match between you: theirs for trade, or yours they want."""

    user: User
    items: list[dict] = field(default_factory=list)


def _wish_matches(wish: WishlistEntry, entry: CollectionEntry) -> bool:
    if wish.card_id is not None:
        return entry.card_id == wish.card_id
    return entry.card.game_id == wish.game_id and entry.card.title_key == wish.title_key


def _by_user(pairs: Iterable[tuple[User, CollectionEntry, WishlistEntry]]) -> list[Match]:
    """One Match per other user, holding their (offer, wish) pairs in the order given."""
    by_user: dict[int, Match] = {}
    for other, entry, wish in pairs:
        match = by_user.setdefault(other.pk, Match(other))
        match.items.append({"entry": entry, "wish": wish, "card": entry.card, "available": entry.for_trade})
    return list(by_user.values())


def matches_for_my_wishlist(*, user: User) -> list[Match]:
    """Who has cards on my wishlist in their trade list (two queries)."""
    wishes = list(WishlistEntry.objects.filter(owner=user).select_related("card"))
    if not wishes:
        return []
    printings = {w.card_id for w in wishes if w.card_id}
    titles = {w.title_key for w in wishes if w.card_id is None}
    offers = (
        CollectionEntry.objects.filter(for_trade__gt=0, owner__is_active=True, **IN_MATCHES)
        .exclude(owner=user)
        .filter(Q(card_id__in=printings) | Q(card__title_key__in=titles))
        .select_related("owner", "card", "card__card_set", "card__game")
        .order_by("owner__username", "card__title", "id")
    )
    # Each offer with the first of my wishes it matches.
    pairs = ((entry, next((w for w in wishes if _wish_matches(w, entry)), None)) for entry in offers)
    return _by_user((entry.owner, entry, wish) for entry, wish in pairs if wish is not None)


def matches_for_my_offers(*, user: User) -> list[Match]:
    """Who wants what I offer for trade (two queries)."""
    offers = list(
        CollectionEntry.objects.filter(owner=user, for_trade__gt=0).select_related(
            "card", "card__card_set", "card__game"
        )
    )
    if not offers:
        return []
    cards = {e.card_id for e in offers}
    titles = {e.card.title_key for e in offers}
    wishes = (
        WishlistEntry.objects.filter(owner__is_active=True, **IN_MATCHES)
        .exclude(owner=user)
        .filter(Q(card_id__in=cards) | Q(card__isnull=True, title_key__in=titles))
        .select_related("owner", "card")
        .order_by("owner__username", "title_key", "id")
    )
    # Each of their wishes with every row of mine it matches: each printing and condition I offer
    # (the first row alone hid the rest of the copies).
    by_card: dict[int, list[CollectionEntry]] = {}
    by_title: dict[tuple[int, str], list[CollectionEntry]] = {}
    for e in offers:
        by_card.setdefault(e.card_id, []).append(e)
        by_title.setdefault((e.card.game_id, e.card.title_key), []).append(e)
    return _by_user(
        (wish.owner, entry, wish)
        for wish in wishes
        for entry in (
            by_card.get(wish.card_id, []) if wish.card_id else by_title.get((wish.game_id, wish.title_key), [])
        )
    )
