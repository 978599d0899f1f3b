"""Celery task of notifications: send one notification's mail, or a digest (docs/reliability.md: late acks, idempotent)."""

from celery import shared_task

from cardcollections.jobs.policy import MAIL_OPTIONS
from cardcollections.notifications.services import EMAIL_TASK
from cardcollections.notifications.services import notification_email_send


@shared_task(name=EMAIL_TASK, **MAIL_OPTIONS)
def notification_email(notification_id: int, digest: bool = False) -> bool:
    """Mail one notification to its user (a `digest`: with the others still waiting); a second delivery sends
    nothing (the rows' `emailed` claim)."""
    return notification_email_send(notification_id=notification_id, digest=digest)
