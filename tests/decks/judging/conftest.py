"""Judge calls' fixtures: alice's event and its players (tests/decks/events/fixtures.py)."""

import pytest

from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import bob_deck  # noqa: F401
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401
from tests.decks.events.fixtures import registered  # noqa: F401
from tests.decks.events.fixtures import seven  # noqa: F401


@pytest.fixture
def lent(cv, alice):  # noqa: F811
    return deck_create(owner=alice, game=cv, name="Class deck", format_slug="advanced", decklist=legal_cv_text())
