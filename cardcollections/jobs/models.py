"""The abstract job every kind of background job subclasses, and the states a job goes through."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from django.db import models
from django.db.models import QuerySet


class JobStatus(models.TextChoices):
    """Where a background job stands: queued, claimed by a worker (running), or final (done, failed, cancelled)."""

    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


# A job in one of these may still change; the others are final.
UNFINISHED = (JobStatus.QUEUED, JobStatus.RUNNING)


class Job(models.Model):
    """A unit of background work claimed by one worker at a time (cardcollections.jobs.services).

    `claim` is the token of the attempt holding a running job (its Celery task id, so the message of an
    attempt whose process died takes its own claim over); `started` is when it was last claimed, and a job
    still running past its task's own hard limit (`job_time_limit`) belongs to a dead attempt.
    """

    status = models.CharField(max_length=12, choices=JobStatus.choices, default=JobStatus.QUEUED, db_index=True)
    claim = models.CharField(max_length=32, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    # ---- the kind's declaration (class attributes, not columns)
    # What the budget's messages call one job of the kind ("import", "re-check").
    job_what: ClassVar[str] = "job"
    # The hard and soft limits of the task that runs one job: the task is declared with them
    # (cardcollections.jobs.policy.job_task), and a job running longer than the hard one is stale.
    job_time_limit: ClassVar[int] = 600
    job_soft_time_limit: ClassVar[int] = 570
    # The field naming the caller whose budget a job counts against.
    job_owner_field: ClassVar[str] = "owner"
    # The reaper's messages (the second is formatted with `hours`).
    job_stopped_message: ClassVar[str] = "The worker running this job stopped. Run it again."
    job_unclaimed_message: ClassVar[str] = "No worker took this job within {hours} hours. Try again later."
    # A kind whose work is split (goldfish chunks) reaps itself: the dotted path of a function returning how
    # many jobs it failed. None: the generic reaper (cardcollections.jobs.services.job_kind_reap).
    job_reaper: ClassVar[str | None] = None

    class Meta:
        abstract = True

    @property
    def unfinished(self) -> bool:
        return self.status in UNFINISHED

    @classmethod
    def job_failed_fields(cls, message: str) -> dict[str, Any]:
        """The columns a failed job of the kind stores its reason in."""
        return {"error": message[:500]}

    @classmethod
    def job_claim_fields(cls) -> dict[str, Any]:
        """The columns a claim resets: a re-claimed job starts its work again."""
        return {}

    @classmethod
    def job_busy_seconds(cls, busy: QuerySet[Any]) -> float:
        """The estimated worker seconds of a caller's unfinished jobs of the kind (for the budget)."""
        return 0.0
