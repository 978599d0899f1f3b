"""Celery task of accounts: send one password reset request's mail (docs/reliability.md: late acks)."""

from celery import shared_task

from cardcollections.accounts.services import PASSWORD_RESET_TASK
from cardcollections.accounts.services import password_reset_mail_send


@shared_task(
    name=PASSWORD_RESET_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    time_limit=120,
    soft_time_limit=100,
    # An SMTP server down or slow: try again later.
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=5,
    ignore_result=True,
)
def password_reset_mail(email: str) -> int:
    """Mail a reset link to each account at `email`; nothing for an address no account has."""
    return password_reset_mail_send(email=email)
