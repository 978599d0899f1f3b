"""Celery task of collection imports: run one import job, and start a job inline or in a worker."""

import logging
from typing import Any

from celery import Task
from celery import shared_task
from django.db import transaction

from cardcollections.imports.services import import_job_fail
from cardcollections.imports.services import import_job_run
from cardcollections.imports.services import import_job_runs_inline
from cardcollections.imports.services import import_job_seconds
from cardcollections.imports.services import import_jobs_reap
from cardsite.api.work import work_queue

logger = logging.getLogger(__name__)


def _failed(exc: BaseException) -> str:
    return f"The import failed: {type(exc).__name__}: {exc}"


class CollectionImportTask(Task):
    """A job whose task raised is marked failed with the reason, so no progress bar waits for ever."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        if args:
            import_job_fail(job_id=int(args[0]), message=_failed(exc))


# The name is the one the task had before features got their own packages, so queued messages still run.
@shared_task(
    base=CollectionImportTask,
    name="cardcollections.tasks.run_collection_import",
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    time_limit=1200,
    soft_time_limit=1140,
)
def run_collection_import(self, job_id: int) -> str:
    """Run one import job (idempotent: the job is claimed atomically; a duplicate delivery does nothing,
    and the message of an attempt whose process died takes its own claim over)."""
    job = import_job_run(job_id=job_id, task_id=self.request.id)
    return job.status if job is not None else "skipped"


def collection_import_start(job) -> None:
    """Run a small import now; queue a big one for a worker once the job row is committed.

    An inline run that raises ends as the task's would: the job is failed with the reason.
    """
    if import_job_runs_inline(job):
        try:
            import_job_run(job_id=job.pk)
        except Exception as exc:
            logger.exception("Import job %s failed", job.pk)
            import_job_fail(job_id=job.pk, message=_failed(exc))
    else:
        job_id, queue = job.pk, work_queue(import_job_seconds(job.total_rows))
        transaction.on_commit(lambda: run_collection_import.apply_async(args=[job_id], queue=queue))
    job.refresh_from_db()


@shared_task(name="cardcollections.reap_import_jobs", ignore_result=True)
def reap_import_jobs() -> int:
    """Celery beat's periodic call: fail the imports whose work died."""
    return import_jobs_reap()
