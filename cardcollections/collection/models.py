"""Each user's collection, wishlist, trade list, ledger, sharing settings and import jobs.

The ledger is the truth: a CollectionEntry's quantity only ever changes through
services.collection.collection_apply, which writes one LedgerEntry per change in
the same transaction, so the sum of a row's ledger deltas is its quantity.
Quantities can never go negative: CHECK constraints in the database, not only a
test in Python, because concurrent trades can race past any Python check.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models import Q
from django.db.models import QuerySet

from cardcollections.catalog.models import Card
from cardcollections.catalog.models import Game
from cardcollections.jobs.models import Job
from cardcollections.jobs.models import JobStatus


class Condition(models.TextChoices):
    """Card condition, as Deckbox and Moxfield write it (blank: not stated)."""

    UNSTATED = "", "Not stated"
    MINT = "M", "Mint"
    NEAR_MINT = "NM", "Near Mint"
    LIGHTLY_PLAYED = "LP", "Lightly Played"
    MODERATELY_PLAYED = "MP", "Moderately Played"
    HEAVILY_PLAYED = "HP", "Heavily Played"
    DAMAGED = "D", "Damaged"


class CollectionEntry(models.Model):
    """How many copies of one printing in one condition a user owns, and how many of them are for trade."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="collection_entries")
    condition = models.CharField(max_length=2, choices=Condition.choices, blank=True, default="")
    quantity = models.PositiveIntegerField(default=0)
    for_trade = models.PositiveIntegerField(default=0)
    notes = models.CharField(max_length=500, blank=True, default="")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "card", "condition"], name="uniq_collection_entry"),
            models.CheckConstraint(condition=Q(quantity__gte=0), name="collection_quantity_not_negative"),
            models.CheckConstraint(condition=Q(for_trade__gte=0), name="collection_for_trade_not_negative"),
            models.CheckConstraint(condition=Q(for_trade__lte=F("quantity")), name="collection_for_trade_le_owned"),
        ]
        indexes = [models.Index(fields=["card", "owner"])]
        verbose_name_plural = "collection entries"

    def __str__(self) -> str:
        cond = f" [{self.condition}]" if self.condition else ""
        return f"{self.owner_id}: {self.quantity} x card {self.card_id}{cond}"


class WishlistEntry(models.Model):
    """A wanted quantity, by printing (`card`) or by title (any printing of `title_key` in `game`)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="wishlist_entries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    title_key = models.CharField(max_length=200)
    title = models.CharField(max_length=200)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, null=True, blank=True, related_name="wishlist_entries")
    wanted = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(wanted__gt=0), name="wishlist_wanted_positive"),
            models.UniqueConstraint(
                fields=["owner", "card"], condition=Q(card__isnull=False), name="uniq_wishlist_printing"
            ),
            models.UniqueConstraint(
                fields=["owner", "game", "title_key"], condition=Q(card__isnull=True), name="uniq_wishlist_title"
            ),
        ]
        indexes = [models.Index(fields=["game", "title_key"])]
        ordering = ["title_key", "id"]

    def __str__(self) -> str:
        return f"{self.owner_id} wants {self.wanted} x {self.title}"


class LedgerReason(models.TextChoices):
    MANUAL = "manual", "Manual edit"
    IMPORT = "import", "Import (add)"
    REPLACE = "replace", "Import (replace)"
    TRADE = "trade", "Trade"


class LedgerEntry(models.Model):
    """One change to one collection row: who made it, when, why, and the quantity after it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ledger_entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    condition = models.CharField(max_length=2, choices=Condition.choices, blank=True, default="")
    delta = models.IntegerField()
    balance = models.PositiveIntegerField(help_text="the quantity after this change")
    reason = models.CharField(max_length=10, choices=LedgerReason.choices)
    trade = models.ForeignKey("collections.Trade", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    import_job = models.ForeignKey("ImportJob", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=~Q(delta=0), name="ledger_delta_not_zero")]
        indexes = [models.Index(fields=["owner", "card", "condition", "id"])]
        ordering = ["-id"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.owner_id} {self.delta:+d} card {self.card_id} ({self.reason})"


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private: only me"
    LINK = "link", "Anyone with the link"
    PUBLIC = "public", "Public"


def new_share_token() -> str:
    return secrets.token_urlsafe(24)


class CollectionSettings(models.Model):
    """Who may see a user's collection. A missing row means private (the default)."""

    owner = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_settings")
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE)
    # The owner's trade list and wishlist shown in other players' matches (issue #34): their choice, off by default
    # whatever the visibility; a missing row is off too.
    in_matches = models.BooleanField(default=False)
    share_token = models.CharField(max_length=64, unique=True, default=new_share_token)

    class Meta:
        verbose_name_plural = "collection settings"

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.visibility}"


class ImportJob(Job):
    """A collection import: validated with progress, then applied in one transaction (or not at all).

    A kind of job (cardcollections.jobs): claimed, failed and reaped as every other kind."""

    Status = JobStatus

    # The kind's declaration (cardcollections.jobs.models.Job).
    job_what = "import"
    job_time_limit = 1200
    job_soft_time_limit = 1140
    job_stopped_message = "The worker running this import stopped. Nothing was changed; import the file again."
    # Its own reaper: an import run inside a request is dead sooner than one run by a worker.
    job_reaper = "cardcollections.imports.services.import_jobs_reap"
    job_unclaimed_message = "No worker took this import within {hours} hours. Nothing was changed; try again later."
    # The estimated worker time of a row (checked, then written in one transaction), for the owner's
    # work budget (cardsite/api/work.py) and the queue: rounded up from the import tests' timings.
    SECONDS_PER_ROW = 0.002

    class Mode(models.TextChoices):
        ADD = "add", "Add to my collection"
        REPLACE = "replace", "Replace my collection of this game"

    class Format(models.TextChoices):
        CSV = "csv", "CSV (Count,Name,Set,Number,Condition,Notes)"
        DECKLIST = "decklist", "Deck-list text"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="import_jobs")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.CSV)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.ADD)
    # `replace` with a file of no cards empties the game's collection: only when the request says so.
    confirm_empty = models.BooleanField(default=False)
    text = models.TextField()
    total_rows = models.PositiveIntegerField(default=0)
    progress = models.FloatField(default=0.0)
    # Every bad row: [{"line", "message", "suggestions"}]; empty when it succeeded.
    errors = models.JSONField(default=list, blank=True)
    # What was applied: {"rows", "cards", "added", "removed"}.
    summary = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(progress__gte=0) & Q(progress__lte=1), name="import_progress_0_1")
        ]
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"import {self.pk} ({self.status})"

    @classmethod
    def job_failed_fields(cls, message: str) -> dict[str, Any]:
        # The uploaded text is dropped once the job has ended (up to 10 MB a job, never needed again).
        return {"progress": 1.0, "text": "", "errors": [{"line": None, "message": message[:500], "suggestions": []}]}

    @classmethod
    def job_claim_fields(cls) -> dict[str, Any]:
        return {"progress": 0.0}

    @classmethod
    def job_busy_seconds(cls, busy: QuerySet[Any]) -> float:
        return sum(busy.values_list("total_rows", flat=True)) * cls.SECONDS_PER_ROW

    @property
    def finished_ok(self) -> bool:
        return self.status == self.Status.DONE

    @property
    def percent(self) -> int:
        return round(self.progress * 100)
