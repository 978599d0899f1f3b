"""Tables: the fixed-deck games' boxes loaded, and each test with an empty position cache."""

import pytest
from django.contrib.auth import get_user_model
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


@pytest.fixture
def carol(db):
    return get_user_model().objects.create_user("carol", password="carol-password-1")


@pytest.fixture
def moved(boxes, alice, bob):
    """A friendly table of two people: alice (seat 0) has chosen her battle card (move 1); bob still has to."""
    from tests.tables.test_clocks import move
    from tests.tables.test_takebacks import make

    table = make(alice, bob)
    move(table, 0, [alice, bob], "alice-move-1")
    table.refresh_from_db()
    return table
