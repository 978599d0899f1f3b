"""A player's own order on their decks: folders (one level of subfolders) and free tags.

Both are the owner's private business: a folder is never shown to anyone
else, and a deck's tags only with a public or unlisted deck.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class DeckFolder(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_folders")
    name = models.CharField(max_length=120)
    # One level: a folder with a parent has no children (the services refuse them).
    parent = models.ForeignKey("self", on_delete=models.CASCADE, null=True, blank=True, related_name="children")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "parent", "name"], name="deck_folder_name_unique"),
            models.UniqueConstraint(
                fields=["owner", "name"], condition=Q(parent__isnull=True), name="deck_folder_top_name_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class DeckTag(models.Model):
    """One tag on one deck; `name` is stored in lower case so a filter matches however it was typed."""

    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="tags")
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["deck", "name"], name="deck_tag_unique")]
        indexes = [models.Index(fields=["name"], name="deck_tag_name")]

    def __str__(self) -> str:
        return self.name
