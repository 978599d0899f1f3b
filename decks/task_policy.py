"""What every Celery task of the decks app is declared with (docs/reliability.md).

Late acks with re-queue when the pool process dies (each job's atomic claim makes a
re-run safe), JSON arguments, time limits well under half the visibility timeout
(a chunk or a re-check is seconds of work, at most minutes).
"""

from collections.abc import Callable
from typing import Any

from celery import Task
from celery import shared_task
from django.db import OperationalError

# A chunk or a re-check is seconds of work; ten minutes means something is wrong.
SOFT_TIME_LIMIT = 570
TIME_LIMIT = 600

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


class FailsItsJob(Task):
    """A task whose failure for good (retries spent, a bug) marks its job failed, so no progress bar waits for ever.

    Declared with `job_task`, which names the job (`what`) and the service that fails it (`fail_job`,
    called with `message=` and the job's id as the keyword `job_argument`); the job's id is the
    task's first argument.
    """

    what = "the task"
    fail_job: Callable[..., Any]
    job_argument: str

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        if args:
            # Read from the class: a function stored on it is not bound to the task.
            type(self).fail_job(
                **{self.job_argument: str(args[0])}, message=f"{self.what} failed: {type(exc).__name__}: {exc}"
            )


def job_task(
    name: str, *, what: str, fail_job: Callable[..., Any], job_argument: str
) -> Callable[[Callable[..., Any]], Task]:
    """The decorator of a bound task that runs one job: RELIABLE, and failing its job (FailsItsJob) when it fails for good."""
    # Celery makes the decorator's extra options class attributes of the task.
    return shared_task(
        name=name, base=FailsItsJob, bind=True, what=what, fail_job=fail_job, job_argument=job_argument, **RELIABLE
    )
