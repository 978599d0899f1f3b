"""Celery task of notifications: send one notification's mail (docs/reliability.md: late acks, idempotent)."""

from celery import shared_task

from cardcollections.jobs.policy import MAIL_OPTIONS
from cardcollections.notifications.services import EMAIL_TASK
from cardcollections.notifications.services import notification_email_send


@shared_task(name=EMAIL_TASK, **MAIL_OPTIONS)
def notification_email(notification_id: int) -> bool:
    """Mail one notification to its user; a second delivery sends nothing (the row's `emailed` claim)."""
    return notification_email_send(notification_id=notification_id)
