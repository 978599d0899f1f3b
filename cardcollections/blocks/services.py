"""Blocking a player and lifting the block (docs/social.md, "Blocking").

Blocking closes what the blocked player has open towards the blocker: their open trade offers to the blocker are
declined, and (through `signals.player_blocked`, in the same transaction) their follow of the blocker ends. What
other apps own (a follow, a table seat) is refused from then on by their own services, which ask
`cardcollections.blocks.selectors.player_blocks`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction

from cardcollections.blocks.models import PlayerBlock
from cardcollections.blocks.signals import player_blocked
from cardcollections.trades.models import Trade
from cardcollections.trades.services import trade_decline
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError

# The most players one account may block (each block is a row every check reads by index; a bound on the list).
MAX_BLOCKS = 1000


class BlockError(ServiceError):
    """A block or unblock was refused; `field` is "username"."""

    field = "username"


def _player(username: object) -> User:
    name = username.strip() if isinstance(username, str) else ""
    player = get_user_model().objects.filter(username__iexact=name, is_active=True).first() if name else None
    if player is None:
        raise BlockError("No player has that name.", kind=NOT_FOUND)
    return player


def player_block(*, blocker: User, username: object) -> PlayerBlock:
    """`blocker` blocks the player named `username` (any case); blocking twice answers the block made first.
    Their open offers to `blocker` are declined. BlockError: no such player, oneself, or MAX_BLOCKS reached."""
    blocked = _player(username)
    if blocked.pk == blocker.pk:
        raise BlockError("You cannot block yourself.")
    with transaction.atomic():
        found = PlayerBlock.objects.filter(blocker=blocker, blocked=blocked).first()
        if found is not None:
            return found
        if PlayerBlock.objects.filter(blocker=blocker).count() >= MAX_BLOCKS:
            raise BlockError(f"You may block at most {MAX_BLOCKS} players; unblock one first.")
        try:
            with transaction.atomic():
                block = PlayerBlock.objects.create(blocker=blocker, blocked=blocked)
        except IntegrityError:  # the same block made at the same moment
            return PlayerBlock.objects.get(blocker=blocker, blocked=blocked)
        for trade in Trade.objects.filter(proposer=blocked, recipient=blocker, status=Trade.Status.PROPOSED):
            trade_decline(trade=trade, user=blocker)
        player_blocked.send(sender=PlayerBlock, blocker=blocker, blocked=blocked)
    return block


def player_unblock(*, blocker: User, username: object) -> bool:
    """Lift `blocker`'s block of the player named `username`; False when there was none."""
    blocked = _player(username)
    deleted, _ = PlayerBlock.objects.filter(blocker=blocker, blocked=blocked).delete()
    return bool(deleted)
