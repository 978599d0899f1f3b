"""A player's block of another: nothing comes from the blocked player to them (docs/social.md, "Blocking")."""

from django.conf import settings
from django.db import models


class PlayerBlock(models.Model):
    """`blocker` blocked `blocked`: no trade offers, comments on the blocker's decks, follows or table invitations
    from `blocked` to `blocker` (`cardcollections.blocks.selectors.player_blocks`). The blocked player is not told."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["blocker", "-created"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="player_block_once"),
            models.CheckConstraint(condition=~models.Q(blocker=models.F("blocked")), name="player_block_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"
