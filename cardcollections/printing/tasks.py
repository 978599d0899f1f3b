"""Celery task of print jobs: draw one job's sheet (an interface like a view, calling one service)."""

import logging

from django.db import transaction

from cardcollections.jobs.policy import job_task
from cardcollections.printing.models import PrintJob
from cardcollections.printing.services import print_job_fail
from cardcollections.printing.services import print_job_run
from cardsite.api.work import work_queue

logger = logging.getLogger(__name__)


@job_task(
    "cardcollections.draw_print_sheet",
    model=PrintJob,
    what="The print job",
    fail_job=print_job_fail,
    job_argument="job_id",
)
def draw_print_sheet(self, job_id: str) -> str:
    """Draw print job `job_id`'s sheet (idempotent: the job is claimed atomically; a duplicate delivery does nothing)."""
    job = print_job_run(job_id=job_id, task_id=self.request.id)
    return job.status if job is not None else "skipped"


def print_job_start(job: PrintJob) -> None:
    """Queue the job for a worker once its row is committed (the queue by its estimated time)."""
    job_id, queue = str(job.pk), work_queue(job.seconds)

    def enqueue() -> None:
        try:
            draw_print_sheet.apply_async(args=[job_id], queue=queue)
        except Exception as exc:  # a broker that is down: the job's page says so rather than waiting for ever
            logger.exception("print job %s could not be queued", job_id)
            print_job_fail(job_id=job_id, message=f"The job could not be queued: {type(exc).__name__}")

    transaction.on_commit(enqueue)
