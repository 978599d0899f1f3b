"""Celery task of goldfish: run one chunk of a job (an interface like a view, calling one service)."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from cardcollections.jobs.policy import job_task
from decks.goldfish.models import GoldfishJob
from decks.goldfish.services import CHUNK_TASK
from decks.goldfish.services import goldfish_chunk_run
from decks.goldfish.services import goldfish_job_fail
from decks.goldfish.services import goldfish_jobs_reap


@job_task(CHUNK_TASK, model=GoldfishJob, what="a chunk task", fail_job=goldfish_job_fail, job_argument="job_id")
def goldfish_chunk(self, job_id: str, index: int) -> str:
    """Run chunk `index` of goldfish job `job_id`; finalise the job if it was the last."""
    task_id = self.request.id or f"direct-{job_id}-{index}"
    try:
        return goldfish_chunk_run(job_id=job_id, index=index, task_id=task_id)
    except SoftTimeLimitExceeded:
        goldfish_job_fail(job_id=job_id, message=f"chunk {index} ran longer than {GoldfishJob.job_soft_time_limit} s")
        return "failed"


@shared_task(name="decks.reap_goldfish_jobs", ignore_result=True)
def reap_goldfish_jobs() -> int:
    """Fail the goldfish jobs whose work died (a message of the beat schedule before `cardcollections.reap_jobs`)."""
    return goldfish_jobs_reap()
