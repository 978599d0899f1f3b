"""Goldfish jobs (docs/contracts/goldfish.md): a `simulate` or `play` request split into chunks for the workers.

A job holds the checked request and the engine's plan (JSON primitives, so a
worker needs nothing else); each `GoldfishChunk` is one task's share of the
plan: a range `[first, last)` of the engine's own chunks. The engine's chunks
are fixed by the plan, so how they are grouped into tasks never changes the
numbers.
"""

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import QuerySet
from django.db.models import Sum

from cardcollections.jobs.models import UNFINISHED as UNFINISHED  # a job or chunk in one of these may still change
from cardcollections.jobs.models import Job
from cardcollections.jobs.models import JobStatus

# A goldfish job goes through the states of every kind of job (cardcollections.jobs), and so do its chunks.
GoldfishStatus = JobStatus


class GoldfishJob(Job):
    """One `simulate` or `play` request. `owner` is null for an anonymous job: anyone with its UUID may read it.

    A kind of job (cardcollections.jobs) whose work is split: each chunk is claimed on its own (GoldfishChunk),
    so the job's own `claim` stays empty, and the job reaps itself by its chunks' heartbeats.
    """

    # The kind's declaration (cardcollections.jobs.models.Job); its chunk task has the default limits.
    job_what = "goldfish job"
    job_reaper = "decks.goldfish.services.goldfish_jobs_reap"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="goldfish_jobs"
    )
    mode = models.CharField(max_length=20)
    request = models.JSONField()
    plan = models.JSONField()
    trials = models.PositiveBigIntegerField()
    # The estimated worker time, counted against its caller's budget while the job is unfinished.
    seconds = models.FloatField(default=0.0)
    # An anonymous job's caller address (cardsite/api/work.py counts its unfinished work); blank for an owner's.
    client = models.CharField(max_length=64, blank=True, default="")
    # Set when the job is final; while it runs the selector derives progress from the chunks.
    progress = models.FloatField(default=0.0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["owner", "-created"], name="goldfish_job_owner_created"),
            models.Index(fields=["client", "status"], name="goldfish_job_client_status"),
        ]

    def __str__(self) -> str:
        return f"goldfish {self.mode} {self.id} ({self.status})"

    @classmethod
    def job_failed_fields(cls, message: str) -> dict[str, Any]:
        return {"error": message[:2000]}

    @classmethod
    def job_busy_seconds(cls, busy: QuerySet[Any]) -> float:
        return busy.aggregate(seconds=Sum("seconds"))["seconds"] or 0.0


class GoldfishChunk(models.Model):
    """One task's share of a job: the engine's chunks `first` to `last - 1`.

    `task_id` is the Celery task id of the attempt that claimed it, and
    `attempt` counts claims: a re-delivery of the same message (its pool
    process was killed) takes the chunk over, and only the latest attempt may
    write its counts.
    """

    job = models.ForeignKey(GoldfishJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first = models.PositiveIntegerField()
    last = models.PositiveIntegerField()
    trials = models.PositiveBigIntegerField()
    status = models.CharField(max_length=12, choices=GoldfishStatus.choices, default=GoldfishStatus.QUEUED)
    progress = models.FloatField(default=0.0)
    counts = models.JSONField(null=True, blank=True)
    task_id = models.CharField(max_length=255, blank=True, default="")
    attempt = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["job", "index"]
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="goldfish_chunk_unique_index"),
            models.CheckConstraint(condition=models.Q(first__lt=models.F("last")), name="goldfish_chunk_not_empty"),
        ]

    def __str__(self) -> str:
        return f"chunk {self.index} of {self.job_id} ({self.status})"
