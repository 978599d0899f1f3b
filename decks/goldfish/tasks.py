"""Celery task of goldfish: run one chunk of a job (an interface like a view, calling one service)."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from cardcollections.jobs.policy import RELIABLE_OPTIONS
from cardcollections.jobs.policy import job_task
from cardcollections.jobs.policy import task_limits
from decks.goldfish.models import GoldfishJob
from decks.goldfish.services import CHUNK_TASK
from decks.goldfish.services import REPLAY_TASK
from decks.goldfish.services import goldfish_chunk_run
from decks.goldfish.services import goldfish_job_fail
from decks.goldfish.services import goldfish_jobs_reap
from decks.goldfish.services import goldfish_replay_run


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


@shared_task(name=REPLAY_TASK, ignore_result=True, **RELIABLE_OPTIONS, **task_limits(60, 50))
def goldfish_replay(token: str, data: dict, user_id: int | None) -> str:
    """Play a replay the page queued (too dear for the web request) and keep its result for the page to fetch."""
    return goldfish_replay_run(token=token, data=data, user_id=user_id)
