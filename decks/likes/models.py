"""Likes: a player bookmarks a deck they may read (not their own). The deck's `likes` counts them.
Views: one row per deck, visitor and day, so `views` counts a visitor once a day whichever worker answers."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from decks.lists.models import Deck


class DeckLike(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_likes")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="liked_by")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        constraints = [models.UniqueConstraint(fields=["user", "deck"], name="deck_like_once")]

    def __str__(self) -> str:
        return f"{self.user_id} likes {self.deck_id}"


class DeckView(models.Model):
    """`visitor` (an account, `user:<id>`, or a keyed hash of a signed-out visitor's address) saw the deck on `day`.
    Rows of earlier days are dropped as new views come; the count stays on the deck."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="+")
    visitor = models.CharField(max_length=64)
    day = models.DateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deck", "visitor", "day"], name="deck_view_once_a_day")]

    def __str__(self) -> str:
        return f"{self.visitor} saw {self.deck_id} on {self.day}"
