"""The one reaper of every kind of job, run by celery beat (an interface calling one service)."""

from celery import shared_task

from cardcollections.jobs.services import jobs_reap


@shared_task(name="cardcollections.reap_jobs", ignore_result=True)
def reap_jobs() -> dict[str, int]:
    """Celery beat's periodic call: fail the jobs of every kind whose work died."""
    return jobs_reap()
