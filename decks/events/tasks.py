"""Celery task of events: the organiser's re-check of every registration (an interface calling one service)."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from cardcollections.jobs.policy import job_task
from decks.events.services import CHECK_TASK
from decks.events.services import event_check_fail
from decks.events.services import event_check_run
from decks.events.services import events_checks_reap
from decks.models import EventCheck


@job_task(CHECK_TASK, model=EventCheck, what="the check", fail_job=event_check_fail, job_argument="check_id")
def event_check(self, check_id: str) -> str:
    """Re-check every registration of an EventCheck's event (idempotent: the job is claimed atomically)."""
    try:
        check = event_check_run(check_id=check_id, task_id=self.request.id)
    except SoftTimeLimitExceeded:
        event_check_fail(check_id=check_id, message=f"the check ran longer than {EventCheck.job_soft_time_limit} s")
        return "failed"
    return check.status if check is not None else "skipped"


@shared_task(name="decks.reap_event_checks", ignore_result=True)
def reap_event_checks() -> int:
    """Fail the re-checks whose work died (a message of the beat schedule before `cardcollections.reap_jobs`)."""
    return events_checks_reap()
