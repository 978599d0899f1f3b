"""Reading comments: who may see a deck's comments, and one comment by its deck."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet

from decks.goldfish.selectors import card_ids_by_printing
from decks.models import Deck
from decks.models import DeckComment
from decks.models import DeckVisibility

# PostgreSQL's integer: a larger id names nothing (and must not reach the database).
MAX_ID = 2**63 - 1


def comments_visible(*, deck: Deck, user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """A public deck's comments are everyone's to read; once it is not public, only its owner's."""
    if deck.visibility == DeckVisibility.PUBLIC:
        return True
    return user is not None and user.is_authenticated and deck.owner_id == user.pk


def deck_comments(*, deck: Deck) -> QuerySet[DeckComment]:
    return DeckComment.objects.filter(deck=deck).select_related("author", "deck")


def deck_comment_get(*, deck: Deck, comment_id: Any) -> DeckComment | None:
    if not isinstance(comment_id, int) or not 0 < comment_id <= MAX_ID:
        return None
    return deck_comments(deck=deck).filter(pk=comment_id).first()


def comment_printing_ids(*, comments: Iterable[DeckComment], game_slug: str) -> dict[tuple[str, str], int] | None:
    """The card ids the comments' [[card]] links need, in one query for them all; None when none links a card."""
    if not any("[[" in c.body for c in comments):
        return None
    return card_ids_by_printing(game=game_slug)
