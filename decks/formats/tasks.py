"""Celery task of tournament formats: re-check the saved decks of a changed format."""

from celery import shared_task

from decks.formats.notices import RECHECK_TASK, format_decks_recheck
from decks.task_policy import RELIABLE


@shared_task(
    name=RECHECK_TASK,
    **RELIABLE,
)
def format_decks_recheck_task(format_slug: str) -> dict[str, int]:
    """Validate every saved deck of a changed tournament format again; notify owners of decks it made illegal.

    Idempotent: a second run finds those decks already illegal and writes no second notice.
    """
    return format_decks_recheck(format_slug=format_slug)
