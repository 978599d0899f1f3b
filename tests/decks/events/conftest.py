"""The event tests' fixtures: those of fixtures.py (which tests/decks/formats/ imports too)."""

from tests.decks.events.fixtures import bob_deck, cv, event, registered, sent, seven, spring  # noqa: F401
