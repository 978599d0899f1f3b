"""Likes and views of decks.

- Liking writes one DeckLike (the unique constraint makes a double click one like) and adds
  one to the deck's `likes` in the same transaction; unliking removes both. The counter is
  changed only by `F()` updates, so two likes at once both count.
- Only a deck the player may read, and not their own (a like is someone else's vote).
- A new like tells the deck's owner (notify_social: gathered while unread, bounded per player and day).
- A view is a visit of the deck's page by anyone but its owner, counted once an hour per
  visitor (an account, or an address when signed out) with the cache's atomic add.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import IntegrityError
from django.db import transaction
from django.db.models import F
from django.urls import reverse

from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import notify_social
from decks.exceptions import DeckRequestError
from decks.likes.models import DeckLike
from decks.models import Deck

VIEW_WINDOW_SECONDS = 3600


class LikeRefused(DeckRequestError):
    """A like the player may not give (their own deck)."""


def _likes_now(deck: Deck) -> int:
    deck.likes = Deck.objects.filter(pk=deck.pk).values_list("likes", flat=True).get()
    return deck.likes


def deck_like(*, deck: Deck, user: User) -> int:
    """`user` likes `deck` (a second like changes nothing); the deck's likes now."""
    if deck.owner_id == user.pk:
        raise LikeRefused("deck", "You cannot like your own deck.")
    try:
        with transaction.atomic():
            DeckLike.objects.create(user_id=user.pk, deck=deck)
            Deck.objects.filter(pk=deck.pk).update(likes=F("likes") + 1)
            notify_social(
                deck.owner,
                actor=user,
                kind=NotificationKind.DECK_LIKED,
                subject=f"deck:{deck.pk}",
                action=f"liked your deck “{deck.name}”.",
                url=reverse("deck-detail", args=[deck.pk]),
            )
    except IntegrityError:
        pass  # already liked
    return _likes_now(deck)


def deck_unlike(*, deck: Deck, user: User) -> int:
    """`user` no longer likes `deck` (no like: nothing changes); the deck's likes now."""
    with transaction.atomic():
        removed, _ = DeckLike.objects.filter(user_id=user.pk, deck=deck).delete()
        if removed:
            Deck.objects.filter(pk=deck.pk, likes__gt=0).update(likes=F("likes") - 1)
    return _likes_now(deck)


def deck_view_record(*, deck: Deck, viewer: User | AnonymousUser, address: str) -> bool:
    """Count a visit of the deck's page; False for its owner or the same visitor within the hour."""
    signed_in = viewer is not None and viewer.is_authenticated
    if signed_in and viewer.pk == deck.owner_id:
        return False
    who = f"user:{viewer.pk}" if signed_in else f"addr:{address}"
    if not cache.add(f"deck-view:{deck.pk}:{who}", 1, VIEW_WINDOW_SECONDS):
        return False
    Deck.objects.filter(pk=deck.pk).update(views=F("views") + 1)
    deck.views += 1
    return True
