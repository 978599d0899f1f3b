"""Reading follows and the feed: the new public decks and new versions of the players someone follows."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db.models import QuerySet

from decks.models import DeckVersion
from decks.models import DeckVisibility
from decks.models import Follow


def player_get(*, username: str) -> User | None:
    """An active player by username (None for no one, or an unreadable name)."""
    if not isinstance(username, str) or not 0 < len(username) <= 150:
        return None
    return get_user_model().objects.filter(username=username, is_active=True).first()


def follows_of(*, follower: User) -> QuerySet[Follow]:
    return Follow.objects.filter(follower=follower).select_related("followed")


def is_following(*, follower: User, followed_id: int) -> bool:
    return Follow.objects.filter(follower=follower, followed_id=followed_id).exists()


def feed_for(*, follower: User) -> QuerySet[DeckVersion]:
    """Every saved version (1: a new deck) of the public decks of the players `follower` follows, newest first.

    Only decks public now: a deck made private leaves the feed with all its versions.
    """
    return (
        DeckVersion.objects.filter(deck__owner__followers__follower=follower, deck__visibility=DeckVisibility.PUBLIC)
        .select_related("deck", "deck__owner", "deck__game")
        .prefetch_related("deck__tags")  # each item shows its deck's tags: one query, not one an item
        .order_by("-created", "-id")
    )
