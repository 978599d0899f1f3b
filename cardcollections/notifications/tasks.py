"""Celery task of notifications: send one notification's mail (docs/reliability.md: late acks, idempotent)."""

from celery import shared_task

from cardcollections.notifications.services import EMAIL_TASK
from cardcollections.notifications.services import notification_email_send


@shared_task(
    name=EMAIL_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    time_limit=120,
    soft_time_limit=100,
    # An SMTP server down or slow: try again later (the claim was given back).
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=5,
    ignore_result=True,
)
def notification_email(notification_id: int) -> bool:
    """Mail one notification to its user; a second delivery sends nothing (the row's `emailed` claim)."""
    return notification_email_send(notification_id=notification_id)
