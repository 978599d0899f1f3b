"""Writing comments: post on a public deck, edit (the author, for 15 minutes), delete (the author, the deck's
owner or a moderator). A new comment tells the deck's owner."""

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from cardcollections.blocks.selectors import player_blocks
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import notify_social
from cardsite.api.errors import NOT_ALLOWED
from cardsite.api.errors import ServiceError
from decks.exceptions import DeckRequestError
from decks.models import Deck
from decks.models import DeckComment
from decks.models import DeckVisibility
from rules.text import storable

EDIT_WINDOW = timedelta(minutes=15)
MAX_COMMENT = 2000


class CommentNotAllowed(ServiceError):
    """The caller may see the comment (or the deck) but not do this: a 403."""

    kind = NOT_ALLOWED


def _check_body(body: str) -> str:
    if not storable(body):
        raise DeckRequestError("body", "A comment cannot hold null characters or lone surrogates.")
    if not body.strip():
        raise DeckRequestError("body", "A comment needs some text.")
    if len(body) > MAX_COMMENT:
        raise DeckRequestError("body", f"A comment has at most {MAX_COMMENT:,} characters.")
    return body.strip()


def is_moderator(user: User) -> bool:
    return bool(user.is_staff or user.has_perm("decks.delete_deckcomment"))


def comment_can_edit(*, comment: DeckComment, user: User) -> bool:
    return comment.author_id == user.pk and timezone.now() - comment.created <= EDIT_WINDOW


def comment_can_delete(*, comment: DeckComment, user: User) -> bool:
    return comment.author_id == user.pk or comment.deck.owner_id == user.pk or is_moderator(user)


def comment_create(*, deck: Deck, author: User, body: str) -> DeckComment:
    """A comment by `author` on `deck`, which must be public (comments are for decks shared with everyone)."""
    if deck.visibility != DeckVisibility.PUBLIC:
        raise CommentNotAllowed("Comments are open on public decks only.")
    if player_blocks(sender=author, recipient=deck.owner):
        raise CommentNotAllowed("The deck's owner does not take comments from you.")
    body = _check_body(body)
    with transaction.atomic():
        comment = DeckComment.objects.create(deck=deck, author=author, body=body)
        # The deck's owner is told (not for their own comment; gathered while unread, bounded per player and day).
        notify_social(
            deck.owner,
            actor=author,
            kind=NotificationKind.DECK_COMMENTED,
            subject=f"deck:{deck.pk}",
            action=f"commented on your deck “{deck.name}”.",
            url=f"{reverse('deck-detail', args=[deck.pk])}#comment-{comment.pk}",
        )
    return comment


def comment_edit(*, comment: DeckComment, user: User, body: str) -> DeckComment:
    if comment.author_id != user.pk:
        raise CommentNotAllowed("Only the comment's author may edit it.")
    if not comment_can_edit(comment=comment, user=user):
        raise CommentNotAllowed(f"A comment can be edited for {EDIT_WINDOW.seconds // 60} minutes after it is posted.")
    comment.body = _check_body(body)
    comment.edited = timezone.now()
    comment.save(update_fields=["body", "edited"])
    return comment


def comment_delete(*, comment: DeckComment, user: User) -> None:
    if not comment_can_delete(comment=comment, user=user):
        raise CommentNotAllowed("Only the comment's author, the deck's owner or a moderator may delete it.")
    comment.delete()
