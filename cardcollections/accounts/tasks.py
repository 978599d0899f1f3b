"""Celery task of accounts: send one password reset request's mail (docs/reliability.md: late acks)."""

from celery import shared_task

from cardcollections.accounts.services import PASSWORD_RESET_TASK
from cardcollections.accounts.services import password_reset_mail_send
from cardcollections.jobs.policy import MAIL_OPTIONS


@shared_task(name=PASSWORD_RESET_TASK, **MAIL_OPTIONS)
def password_reset_mail(email: str) -> int:
    """Mail a reset link to each account at `email`; nothing for an address no account has."""
    return password_reset_mail_send(email=email)
