"""Likes and views of decks.

- Liking writes one DeckLike (the unique constraint makes a double click one like) and adds
  one to the deck's `likes` in the same transaction; unliking removes both. The counter is
  changed only by `F()` updates, so two likes at once both count.
- Only a deck the player may read, and not their own (a like is someone else's vote).
- A new like tells the deck's owner (notify_social: gathered while unread, bounded per player and day).
- A view is a visit of the deck's page by anyone but its owner, counted once a day per visitor (an account, or
  an address when signed out): a DeckView row per deck, visitor and day, whose unique constraint decides, in the
  database every worker shares (the cache was each gunicorn worker's own, so one visitor's reloads counted
  once per worker).
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import connection
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac

from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import notify_social
from decks.exceptions import DeckRequestError
from decks.likes.models import DeckLike
from decks.likes.models import DeckView
from decks.models import Deck

# A counted view drops the deck's rows of earlier days once in this many counted views.
VIEW_ROWS_PRUNED_EVERY = 20


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
    """Count a visit of the deck's page; False for its owner or a visitor already counted today. Two queries for
    a new view (its row, the count), one for a visitor seen today."""
    signed_in = viewer is not None and viewer.is_authenticated
    if signed_in and viewer.pk == deck.owner_id:
        return False
    # An address is kept only as a keyed hash, for the day.
    who = f"user:{viewer.pk}" if signed_in else "addr:" + salted_hmac("deck-view", address).hexdigest()[:40]
    today = timezone.localdate()
    if not _view_row_added(deck_id=deck.pk, visitor=who, day=today):
        return False
    Deck.objects.filter(pk=deck.pk).update(views=F("views") + 1)
    deck.views += 1
    if deck.views % VIEW_ROWS_PRUNED_EVERY == 0:
        DeckView.objects.filter(deck_id=deck.pk, day__lt=today).delete()  # earlier days' rows decide nothing
    return True


def _view_row_added(*, deck_id: object, visitor: str, day: date) -> bool:
    """Insert the day's row unless it is there: True when this call added it. One statement, ON CONFLICT DO
    NOTHING (PostgreSQL, SQLite 3.24+), so two requests at once count once and a repeat needs no savepoint."""
    table = connection.ops.quote_name(DeckView._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (deck_id, visitor, day) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
            [DeckView._meta.get_field("deck").get_db_prep_value(deck_id, connection), visitor, day],
        )
        return cursor.rowcount == 1
