"""The deck list tests' fixtures: a tournament format from the events tests."""

from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import spring  # noqa: F401
