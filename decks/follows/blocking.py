"""A block ends the blocked player's follow of the blocker (docs/social.md, "Blocking"): the receiver of
`cardcollections.blocks.signals.player_blocked`, run in the block's transaction (connected in DecksConfig.ready)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.dispatch import receiver

from cardcollections.blocks.signals import player_blocked
from decks.follows.models import Follow


@receiver(player_blocked)
def follow_ends_with_a_block(sender: Any, *, blocker: User, blocked: User, **kwargs: Any) -> None:
    Follow.objects.filter(follower=blocked, followed=blocker).delete()
