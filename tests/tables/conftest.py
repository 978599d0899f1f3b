"""Tables: the fixed-deck games' boxes loaded, and each test with an empty position cache."""

import pytest
from django.core.cache import cache

from tables.positions import forget_positions
from tests.decks.battles.conftest import load_starter_catalogs

BOMB = "book-of-mormon-battles"


@pytest.fixture
def boxes(db):
    load_starter_catalogs()


@pytest.fixture(autouse=True)
def _fresh_positions():
    forget_positions()
    cache.clear()  # the move budgets count per user id, and ids come back in the next test
    yield
    forget_positions()
