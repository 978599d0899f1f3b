"""Celery tasks of the decks app: interfaces like views, each calling one service.

RELIABILITY.md: late acks with re-queue when the pool process dies (the chunk
claim makes a re-run safe), JSON arguments, time limits well under half the
visibility timeout (a chunk is seconds of work, at most minutes).
"""

from typing import Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import OperationalError

from decks.services.goldfish import CHUNK_TASK, goldfish_chunk_run, goldfish_job_fail

# A chunk or a re-check is seconds of work; ten minutes means something is wrong.
SOFT_TIME_LIMIT = 570
TIME_LIMIT = 600
CHUNK_SOFT_TIME_LIMIT = EVENT_CHECK_SOFT_TIME_LIMIT = SOFT_TIME_LIMIT

# What every task here is declared with.
RELIABLE = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "soft_time_limit": SOFT_TIME_LIMIT,
    "time_limit": TIME_LIMIT,
    # A database hiccup: try again (same task id, so a claim is taken over).
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "max_retries": 5,
}


class GoldfishChunkTask(Task):
    """Whatever makes a chunk task fail for good (retries spent, a bug) fails its job, so no job waits for ever."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        if args:
            goldfish_job_fail(job_id=str(args[0]), message=f"a chunk task failed: {type(exc).__name__}: {exc}")


@shared_task(
    base=GoldfishChunkTask,
    name=CHUNK_TASK,
    bind=True,
    **RELIABLE,
)
def goldfish_chunk(self, job_id: str, index: int) -> str:
    """Run chunk `index` of goldfish job `job_id`; finalise the job if it was the last."""
    task_id = self.request.id or f"direct-{job_id}-{index}"
    try:
        return goldfish_chunk_run(job_id=job_id, index=index, task_id=task_id)
    except SoftTimeLimitExceeded:
        goldfish_job_fail(job_id=job_id, message=f"chunk {index} ran longer than {CHUNK_SOFT_TIME_LIMIT} s")
        return "failed"


# ---------------------------------------------------------------- events: the organiser's re-check
from decks.services.events import CHECK_TASK, event_check_fail, event_check_run  # noqa: E402
from decks.services.notices import RECHECK_TASK, format_decks_recheck  # noqa: E402


class EventCheckTask(Task):
    """A check whose task failed for good (retries spent, a bug) is marked failed, so no progress bar waits for ever."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        if args:
            event_check_fail(check_id=str(args[0]), message=f"the check failed: {type(exc).__name__}: {exc}")


@shared_task(
    base=EventCheckTask,
    name=CHECK_TASK,
    bind=True,
    **RELIABLE,
)
def event_check(self, check_id: str) -> str:
    """Re-check every registration of an EventCheck's event (idempotent: the job is claimed atomically)."""
    try:
        check = event_check_run(check_id=check_id, task_id=self.request.id)
    except SoftTimeLimitExceeded:
        event_check_fail(check_id=check_id, message=f"the check ran longer than {EVENT_CHECK_SOFT_TIME_LIMIT} s")
        return "failed"
    return check.status if check is not None else "skipped"


@shared_task(
    name=RECHECK_TASK,
    **RELIABLE,
)
def format_decks_recheck_task(format_slug: str) -> dict[str, int]:
    """Validate every saved deck of a changed tournament format again; notify owners of decks it made illegal.

    Idempotent: a second run finds those decks already illegal and writes no second notice.
    """
    return format_decks_recheck(format_slug=format_slug)
