"""Celery task of collection imports: run one import job, and start a job inline or in a worker."""

import logging

from celery import shared_task
from django.db import transaction

from cardcollections.imports.services import import_job_fail
from cardcollections.imports.services import import_job_run
from cardcollections.imports.services import import_job_runs_inline
from cardcollections.imports.services import import_job_seconds
from cardcollections.imports.services import import_jobs_reap
from cardcollections.jobs.policy import job_task
from cardcollections.models import ImportJob
from cardsite.api.work import work_queue

logger = logging.getLogger(__name__)


def _failed(exc: BaseException) -> str:
    return f"The import failed: {type(exc).__name__}: {exc}"


# The name is the one the task had before features got their own packages, so queued messages still run.
# The limits are the kind's own (ImportJob.job_time_limit), which its stale window reads too.
@job_task(
    "cardcollections.tasks.run_collection_import",
    model=ImportJob,
    what="The import",
    fail_job=import_job_fail,
    job_argument="job_id",
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
            import_job_run(job_id=job.pk, inline=True)
        except Exception as exc:
            logger.exception("Import job %s failed", job.pk)
            import_job_fail(job_id=job.pk, message=_failed(exc))
    else:
        job_id, queue = job.pk, work_queue(import_job_seconds(job.total_rows))
        transaction.on_commit(lambda: run_collection_import.apply_async(args=[job_id], queue=queue))
    job.refresh_from_db()


@shared_task(name="cardcollections.reap_import_jobs", ignore_result=True)
def reap_import_jobs() -> int:
    """Fail the imports whose work died (a message of the beat schedule before `cardcollections.reap_jobs`)."""
    return import_jobs_reap()
