"""Reading likes: the decks a player liked (that they may still read), and whether they like one."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.db.models import QuerySet

from decks.likes.models import DeckLike
from decks.models import Deck
from decks.models import DeckVisibility


def decks_liked(*, user: User) -> QuerySet[Deck]:
    """The decks `user` liked, the latest like first; a deck made private since is left out."""
    return (
        Deck.objects.filter(liked_by__user_id=user.pk)
        .exclude(visibility=DeckVisibility.PRIVATE)
        .select_related("game", "owner")
        .prefetch_related("tags")  # a list shows each deck's tags: one query, not one a deck
        .order_by("-liked_by__created")
    )


def deck_liked_by(*, deck: Deck, user: User | AnonymousUser) -> bool:
    return user.is_authenticated and DeckLike.objects.filter(deck=deck, user_id=user.pk).exists()
