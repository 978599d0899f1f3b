"""Following and unfollowing players; a new follow tells the player followed."""

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.urls import reverse
from django.utils.http import urlencode

from cardcollections.blocks.selectors import player_blocks
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import notify_social
from decks.exceptions import DeckRequestError
from decks.models import Follow


def follow_add(*, follower: User, followed: User) -> Follow:
    """`follower` follows `followed` (again: nothing changes)."""
    if follower.pk == followed.pk:
        raise DeckRequestError("username", "You cannot follow yourself.")
    if player_blocks(sender=follower, recipient=followed):
        raise DeckRequestError("username", f"{followed.get_username()} does not take follows from you.")
    try:
        with transaction.atomic():
            follow, new = Follow.objects.get_or_create(follower=follower, followed=followed)
            if new:
                notify_social(
                    followed,
                    actor=follower,
                    kind=NotificationKind.PLAYER_FOLLOWED,
                    subject="follow",
                    action="followed you: your new public decks come to their feed.",
                    url=f"{reverse('deck-public')}?{urlencode({'player': follower.get_username()})}",
                )
    except IntegrityError:  # the same follow made at the same moment by another request
        follow = Follow.objects.get(follower=follower, followed=followed)
    return follow


def follow_remove(*, follower: User, followed: User) -> bool:
    """Stop following; False if `follower` did not follow `followed`."""
    deleted, _ = Follow.objects.filter(follower=follower, followed=followed).delete()
    return bool(deleted)
