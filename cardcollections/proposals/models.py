"""Card proposals: a player's new card or edit (or a moderator's bulk file) waiting for review, and
the approved revisions that make each card's history."""

from typing import Any

from django.conf import settings
from django.db import models

from cardcollections.catalog.models import Card
from cardcollections.catalog.models import Game

REVIEW_PERMISSION = "collections.review_cardproposal"
MODERATORS_GROUP = "Card moderators"


# Waiting for review: pending, or back with the proposer for changes.
OPEN_STATUSES = ("pending", "changes")


class CardProposal(models.Model):
    # Not a column: each proposed card beside the catalog, set by the API's detail view for its serializer,
    # named for the type checker.
    proposed: list[dict[str, Any]]

    class Kind(models.TextChoices):
        NEW = "new", "new card"
        EDIT = "edit", "edit of a card"
        BULK = "bulk", "bulk file"

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for review"
        CHANGES = "changes", "changes asked"
        APPROVED = "approved", "approved"
        REJECTED = "rejected", "rejected"

    proposer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_proposals")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="proposals")
    kind = models.CharField(max_length=4, choices=Kind.choices)
    # The card an edit changes (it keeps its id when the edit is applied).
    card = models.ForeignKey(Card, on_delete=models.CASCADE, null=True, blank=True, related_name="proposals")
    # A catalog document (docs/contracts/catalog-format.md) of the proposed cards, checked as loadcatalog checks it.
    document = models.JSONField(default=dict)
    source = models.CharField("source (a link or a note)", max_length=500)
    # The proposed scan, already checked and stripped of metadata (single-card proposals only).
    scan = models.FileField(upload_to="proposals/", blank=True, max_length=300)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    # The moderator's reason for a rejection, or the changes they ask for.
    review_note = models.TextField(blank=True, default="")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]
        permissions = [("review_cardproposal", "Can review card proposals")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def cards(self) -> list[dict]:
        return list(self.document.get("cards", []))

    @property
    def title(self) -> str:
        cards = self.cards
        if self.kind == self.Kind.BULK:
            return f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        return cards[0].get("title", "") if cards else ""


class CardRevision(models.Model):
    """One approved change of a card: who proposed it, who approved it, when, and what changed."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    proposal = models.ForeignKey(CardProposal, on_delete=models.SET_NULL, null=True, related_name="revisions")
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    created_card = models.BooleanField(default=False)
    # [{"field", "before", "after"}] in catalog-file terms.
    changes = models.JSONField(default=list)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"revision #{self.pk} of card {self.card_id}"
