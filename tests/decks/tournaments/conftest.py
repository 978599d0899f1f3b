"""The tournament tests' fixtures: alice's event and its players, from tests/decks/events/fixtures.py."""

from tests.decks.events.fixtures import bob_deck, cv, event, registered, sent, seven, spring  # noqa: F401
