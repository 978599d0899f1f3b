"""Print jobs: a sheet too large to draw while its asker waits, drawn by a worker with a progress bar."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import QuerySet
from django.db.models import Sum

from cardcollections.catalog.models import Game
from cardcollections.jobs.models import Job


class PrintJob(Job):
    """One sheet to draw: the cards (ids and copies, in print order), the options, and when done the kept PDF.

    A kind of job (cardcollections.jobs): claimed, progressed, finished, failed and reaped as every other kind.
    Its id is a UUID: the job's page is its owner's only, and ids do not leak.
    """

    # The kind's declaration (cardcollections.jobs.models.Job).
    job_what = "print job"
    job_stopped_message = "The worker drawing this sheet stopped. Print it again."
    job_unclaimed_message = "No worker took this sheet within {hours} hours. Try again later."
    # The estimated worker time of one card of a sheet (its face, its place), for the budget and the queue:
    # rounded up from bench/print.py (a face not yet kept costs most).
    SECONDS_PER_CARD = 0.15

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="print_jobs")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    title = models.CharField(max_length=200)
    # Where the sheet came from, for its page's link back ("/decks/<id>/").
    source_url = models.CharField(max_length=300, blank=True, default="")
    cards = models.JSONField(default=list)  # [[card id, copies], ...] in print order
    total_cards = models.PositiveIntegerField(default=0)
    paper = models.CharField(max_length=10, default="a4")
    bleed = models.PositiveSmallIntegerField(default=0)
    backs = models.BooleanField(default=False)
    seconds = models.FloatField(default=0.0)
    progress = models.FloatField(default=0.0)
    # The kept sheet's name in the media storage, once done.
    result = models.CharField(max_length=300, blank=True, default="")
    error = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["owner", "status"], name="print_job_owner_status")]

    def __str__(self) -> str:
        return f"print {self.title} ({self.status})"

    @classmethod
    def job_failed_fields(cls, message: str) -> dict[str, Any]:
        return {"error": message[:2000]}

    @classmethod
    def job_claim_fields(cls) -> dict[str, Any]:
        return {"progress": 0.0}

    @classmethod
    def job_busy_seconds(cls, busy: QuerySet[Any]) -> float:
        return busy.aggregate(seconds=Sum("seconds"))["seconds"] or 0.0
