"""The tournament tests' fixtures: alice's event and its players, from tests/decks/events/fixtures.py."""

from tests.decks.events.fixtures import bob_deck  # noqa: F401
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401
from tests.decks.events.fixtures import registered  # noqa: F401
from tests.decks.events.fixtures import sent  # noqa: F401
from tests.decks.events.fixtures import seven  # noqa: F401
from tests.decks.events.fixtures import spring  # noqa: F401
