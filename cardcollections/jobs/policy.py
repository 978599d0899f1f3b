"""What every Celery task that runs a job is declared with (shared/RELIABILITY.md, Celery).

Late acks with re-queue when the pool process dies (each job's atomic claim makes a re-run safe), JSON
arguments, and each task's own time limits, declared by its kind of job (`Job.job_time_limit`): the same
figure tells the reaper and the stale claim when a running job's attempt is dead, so a task limited to 10
minutes is not waited for 25 (the global CELERY_TASK_TIME_LIMIT is only the ceiling every task stays under).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from datetime import timedelta
from typing import Any

from celery import Task
from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

from cardcollections.jobs.models import Job

# The reliability options of every job task, without the limits (each kind has its own).
RELIABLE_OPTIONS: dict[str, Any] = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    # A database hiccup: try again (same task id, so a claim is taken over).
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "max_retries": 5,
}


def task_limits(time_limit: int, soft_time_limit: int | None = None) -> dict[str, int]:
    """A task's own limits: the soft one a minute (or a twentieth) before the hard one unless given."""
    soft = soft_time_limit if soft_time_limit is not None else time_limit - max(1, min(60, time_limit // 20))
    if not 0 < soft < time_limit:
        raise ValueError(f"a soft time limit ({soft}) must be under the hard one ({time_limit})")
    return {"time_limit": time_limit, "soft_time_limit": soft}


# The options of a task that sends one mail: reliable, and an SMTP server down or slow (OSError) tried again
# later too. Its result is not kept.
MAIL_OPTIONS: dict[str, Any] = {
    **RELIABLE_OPTIONS,
    "autoretry_for": (OSError, OperationalError),
    **task_limits(120, 100),
    "ignore_result": True,
}


def job_stale_before(model: type[Job], *, now: datetime | None = None) -> datetime:
    """A running job of `model` claimed before this moment has outlived its task's own hard limit: its attempt is dead."""
    return (now or timezone.now()) - timedelta(seconds=model.job_time_limit)


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
                **{self.job_argument: args[0]}, message=f"{self.what} failed: {type(exc).__name__}: {exc}"
            )


def job_task(
    name: str,
    *,
    model: type[Job],
    what: str,
    fail_job: Callable[..., Any],
    job_argument: str,
    **options: Any,
) -> Callable[[Callable[..., Any]], Task]:
    """The decorator of a bound task that runs one job of `model`: RELIABLE_OPTIONS, the kind's own time limits,
    and failing its job (FailsItsJob) when it fails for good."""
    # Celery makes the decorator's extra options class attributes of the task.
    return shared_task(
        name=name,
        base=FailsItsJob,
        bind=True,
        what=what,
        fail_job=fail_job,
        job_argument=job_argument,
        **{**RELIABLE_OPTIONS, **task_limits(model.job_time_limit, model.job_soft_time_limit), **options},
    )
