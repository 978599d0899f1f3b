"""Likes: a player bookmarks a deck they may read (not their own). The deck's `likes` counts them."""

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
