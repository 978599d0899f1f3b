"""Celery tasks of tournament formats: re-check the saved decks of a changed format, or after a card edit."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from cardcollections.jobs.policy import RELIABLE_OPTIONS
from cardcollections.jobs.policy import job_task
from cardcollections.jobs.policy import task_limits
from decks.formats.card_changes import CARD_RECHECK_TASK
from decks.formats.card_changes import card_decks_recheck
from decks.formats.notices import RECHECK_TASK
from decks.formats.notices import format_recheck_fail
from decks.formats.notices import format_recheck_run
from decks.models import FormatRecheck

# A re-check of a game's or a format's saved decks is minutes of work at most.
RELIABLE = {**RELIABLE_OPTIONS, **task_limits(600, 570)}


@job_task(
    RECHECK_TASK, model=FormatRecheck, what="the re-check", fail_job=format_recheck_fail, job_argument="recheck_id"
)
def format_decks_recheck_task(self, recheck_id: str) -> str:
    """Validate every saved deck of a changed tournament format again; notify owners of decks it made illegal.

    Idempotent: the job is claimed atomically, and a second run finds those decks already illegal.
    """
    try:
        recheck = format_recheck_run(recheck_id=recheck_id, task_id=self.request.id)
    except SoftTimeLimitExceeded:
        format_recheck_fail(recheck_id=recheck_id, message=f"ran longer than {FormatRecheck.job_soft_time_limit} s")
        return "failed"
    return recheck.status if recheck is not None else "skipped"


@shared_task(name=CARD_RECHECK_TASK, **RELIABLE)
def card_decks_recheck_task(game_slug: str, titles: list[str]) -> dict[str, int]:
    """Validate a game's saved decks and registrations again after an approved card edit the rules read."""
    return card_decks_recheck(game_slug=game_slug, titles=titles)
