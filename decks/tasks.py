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

# A chunk is sized to a few seconds; ten minutes means something is wrong.
CHUNK_SOFT_TIME_LIMIT = 570
CHUNK_TIME_LIMIT = 600


class GoldfishChunkTask(Task):
    """Whatever makes a chunk task fail for good (retries spent, a bug) fails its job, so no job waits for ever."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        if args:
            goldfish_job_fail(job_id=str(args[0]), message=f"a chunk task failed: {type(exc).__name__}: {exc}")


@shared_task(
    base=GoldfishChunkTask,
    name=CHUNK_TASK,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=CHUNK_SOFT_TIME_LIMIT,
    time_limit=CHUNK_TIME_LIMIT,
    # A database hiccup: try again (same task id, so the claim is taken over).
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def goldfish_chunk(self, job_id: str, index: int) -> str:
    """Run chunk `index` of goldfish job `job_id`; finalise the job if it was the last."""
    task_id = self.request.id or f"direct-{job_id}-{index}"
    try:
        return goldfish_chunk_run(job_id=job_id, index=index, task_id=task_id)
    except SoftTimeLimitExceeded:
        goldfish_job_fail(job_id=job_id, message=f"chunk {index} ran longer than {CHUNK_SOFT_TIME_LIMIT} s")
        return "failed"
