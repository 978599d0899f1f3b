"""Reading blocks: whom a player blocked, and the one check every feature that lets one player reach another asks."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from cardcollections.blocks.models import PlayerBlock


def player_blocks(*, sender: Any, recipient: Any) -> bool:
    """True when `recipient` has blocked `sender`: then nothing may go from `sender` to `recipient` (a trade offer,
    a comment on their deck, a follow, a table invitation). An anonymous or missing sender is never blocked here
    (what an anonymous visitor may do is decided elsewhere). One query on an index."""
    if sender is None or recipient is None or not getattr(sender, "pk", None) or not getattr(recipient, "pk", None):
        return False
    return PlayerBlock.objects.filter(blocker_id=recipient.pk, blocked_id=sender.pk).exists()


def player_blocks_made(*, user: Any) -> QuerySet[PlayerBlock]:
    """The players `user` blocked, newest first, with their names."""
    return PlayerBlock.objects.filter(blocker_id=user.pk).select_related("blocked").order_by("-created", "-pk")
