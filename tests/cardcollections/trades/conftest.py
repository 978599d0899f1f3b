"""The trade tests' cards: alice holds three By Small Means, bob two Pride Cycle."""

import pytest

from cardcollections.collection.services import collection_change


@pytest.fixture
def stocked(alice, bob, cv_cards) -> dict:
    """`cv_cards`, once alice holds three By Small Means and bob two Pride Cycle (each module adds its own)."""
    collection_change(owner=alice, card=cv_cards["means"], delta=3)
    collection_change(owner=bob, card=cv_cards["pride"], delta=2)
    return cv_cards
