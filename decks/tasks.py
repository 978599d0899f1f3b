"""Where Celery's autodiscovery finds the decks app's tasks: each feature keeps its own `tasks.py`."""

from decks.events.tasks import event_check
from decks.formats.tasks import card_decks_recheck_task
from decks.formats.tasks import format_decks_recheck_task
from decks.goldfish.tasks import goldfish_chunk
from decks.goldfish.tasks import goldfish_replay

__all__ = ["card_decks_recheck_task", "event_check", "format_decks_recheck_task", "goldfish_chunk", "goldfish_replay"]
