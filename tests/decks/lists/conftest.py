"""The deck list tests' fixtures: a tournament format from the events tests."""

from tests.decks.events.fixtures import cv, spring  # noqa: F401
