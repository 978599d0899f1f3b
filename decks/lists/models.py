"""Saved decks, their version history, and the notices a format change leaves on them.

A deck's list is JSON: `[{"set", "number", "title", "count"}, ...]`, one entry
per printing, sorted by title then printing (see `decks.lists.services`). JSON
rather than rows pointing at `Card` so that a catalog reload never has to
delete a deck, and so a version is the same shape as the current list: a card
that leaves the catalog becomes an `unknown-card` finding, not a crash.
"""

import uuid
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

from cardcollections.models import Game

if TYPE_CHECKING:
    from decks.stock.selectors import Buildable


class DeckVisibility(models.TextChoices):
    PRIVATE = "private", "Private (only me)"
    UNLISTED = "unlisted", "Unlisted (anyone with the link)"
    PUBLIC = "public", "Public (listed)"


class Deck(models.Model):
    # Not columns: set on a page's decks by a selector (with_format_names) or a view (the list's stock
    # shares), named for the type checker.
    format_name: str
    buildable: "Buildable | None"
    # A UUID, not a counter: an unlisted deck is "anyone with the link", so its
    # address must not be guessable, and ids of private decks must not leak.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    format = models.CharField(max_length=60, help_text="a base format of the game or a tournament format's slug")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, default="")
    visibility = models.CharField(max_length=10, choices=DeckVisibility.choices, default=DeckVisibility.PRIVATE)
    cards = models.JSONField(default=list, blank=True)
    card_count = models.PositiveIntegerField(default=0)
    # The considering board: candidates in the same shape as `cards`, which
    # validation, stock, charts, goldfish and the printed sheet never read.
    considering = models.JSONField(default=list, blank=True)
    # The owner's own order (decks.organise): a folder, tags (DeckTag), archived (hidden from lists).
    folder = models.ForeignKey(
        "decks.DeckFolder", on_delete=models.SET_NULL, null=True, blank=True, related_name="decks"
    )
    archived = models.BooleanField(default=False, help_text="hidden from the deck lists, still openable by its link")
    # The number of the latest DeckVersion (which holds the same list as `cards`).
    version = models.PositiveIntegerField(default=1)
    # The result of the engine at the last save or re-check (ValidationResult.to_dict()).
    legal = models.BooleanField(default=False)
    validation = models.JSONField(default=dict, blank=True)
    built = models.BooleanField(default=False, help_text="sleeved on the table: its cards are reserved")
    built_at = models.DateTimeField(null=True, blank=True)
    cloned_from = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="clones")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # Counters for sorting public decks (decks/likes/): changed only by conditional F() updates, never by a save.
    likes = models.PositiveIntegerField(default=0, help_text="players who like (bookmarked) it")
    views = models.PositiveIntegerField(default=0, help_text="visits of its page by others (one per visitor an hour)")

    class Meta:
        ordering = ["-updated"]
        indexes = [
            models.Index(fields=["owner", "-updated"], name="deck_owner_updated"),
            models.Index(fields=["visibility", "-updated"], name="deck_visibility_updated"),
            models.Index(fields=["format"], name="deck_format"),
        ]

    def __str__(self) -> str:
        return self.name


class DeckVersion(models.Model):
    """One saved list of a deck. Version 1 is the list the deck was created with; every save adds one."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=120)
    format = models.CharField(max_length=60)
    cards = models.JSONField(default=list, blank=True)
    card_count = models.PositiveIntegerField(default=0)
    considering = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deck_version_number_unique")]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"


class DeckNotice(models.Model):
    """Shown on the owner's decks page: a change to the deck's tournament format made it illegal."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="notices")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_notices")
    format = models.CharField(max_length=60)
    message = models.CharField(max_length=500)
    findings = models.JSONField(default=list, blank=True)
    dismissed = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["owner", "dismissed"], name="deck_notice_owner_open")]

    def __str__(self) -> str:
        return self.message


class DeckTitle(models.Model):
    """A deck's copies of one title, over every printing: `Deck.cards` counted by title as the rules count.

    Kept beside the JSON list (rewritten with every new version) so that "how much of
    this list can I build" is one aggregate query over many decks, not a JSON read of each.
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="titles")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    title_key = models.CharField(max_length=200)
    copies = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deck", "title_key"], name="deck_title_unique")]

    def __str__(self) -> str:
        return f"{self.copies} {self.title_key}"
