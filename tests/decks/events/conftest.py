"""The event tests' fixtures: those of fixtures.py (which tests/decks/formats/ imports too)."""

from tests.decks.events.fixtures import bob_deck  # noqa: F401
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401
from tests.decks.events.fixtures import registered  # noqa: F401
from tests.decks.events.fixtures import sent  # noqa: F401
from tests.decks.events.fixtures import seven  # noqa: F401
from tests.decks.events.fixtures import spring  # noqa: F401
