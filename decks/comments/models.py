"""Comments on public decks: Markdown like a deck's write-up, editable for a while by their author."""

from django.conf import settings
from django.db import models

from decks.lists.models import Deck


class DeckComment(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_comments")
    body = models.TextField()
    created = models.DateTimeField(auto_now_add=True)
    edited = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["deck", "created"], name="deck_comment_deck_created")]

    def __str__(self) -> str:
        return f"{self.author_id} on {self.deck_id}"
