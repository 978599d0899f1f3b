"""Celery tasks of tournament formats: re-check the saved decks of a changed format, or after a card edit."""

from celery import shared_task

from cardcollections.jobs.policy import RELIABLE_OPTIONS
from cardcollections.jobs.policy import task_limits
from decks.formats.card_changes import CARD_RECHECK_TASK
from decks.formats.card_changes import card_decks_recheck
from decks.formats.notices import RECHECK_TASK
from decks.formats.notices import format_decks_recheck

# A re-check of a game's or a format's saved decks is minutes of work at most.
RELIABLE = {**RELIABLE_OPTIONS, **task_limits(600, 570)}


@shared_task(
    name=RECHECK_TASK,
    **RELIABLE,
)
def format_decks_recheck_task(format_slug: str) -> dict[str, int]:
    """Validate every saved deck of a changed tournament format again; notify owners of decks it made illegal.

    Idempotent: a second run finds those decks already illegal and writes no second notice.
    """
    return format_decks_recheck(format_slug=format_slug)


@shared_task(name=CARD_RECHECK_TASK, **RELIABLE)
def card_decks_recheck_task(game_slug: str, titles: list[str]) -> dict[str, int]:
    """Validate a game's saved decks and registrations again after an approved card edit the rules read."""
    return card_decks_recheck(game_slug=game_slug, titles=titles)
