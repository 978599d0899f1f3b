"""Mastery (docs/learning.md, "Mastery"): the signatures on a player's Mastery cards, and whether their mastery
page is shown to others.

- `Signature`: after a game played at a table, an opponent signed a verse the player quoted word for word there.
  One per player, verse and table: the table's id is kept as it is, without a key to the tables app, which stands
  above learning (`.importlinter`: tables imports learning, never the reverse).
- `MasterySharing`: the player's choice to show their mastery page to others; without a row it is theirs alone.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from cardcollections.models import Card


class Signature(models.Model):
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mastery_signatures")
    signer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mastery_signed")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    verse_key = models.CharField(max_length=40)
    table_id = models.UUIDField()
    game = models.CharField(max_length=40)
    signed = models.DateTimeField()

    class Meta:
        ordering = ["-signed", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "verse_key", "table_id"], name="signature_once_per_game"),
            models.CheckConstraint(condition=~models.Q(player=models.F("signer")), name="signature_not_by_self"),
        ]
        indexes = [models.Index(fields=["player", "-signed"], name="signature_player_signed")]

    def __str__(self) -> str:
        return f"{self.signer_id} signed {self.card_id} for {self.player_id}"


class MasterySharing(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mastery_sharing")
    public = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.user_id}: {'public' if self.public else 'private'}"
