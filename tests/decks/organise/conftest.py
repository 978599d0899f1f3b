"""The organise tests' game: Chapter and Verse, loaded (tests/decks/conftest.py)."""

import pytest

from cardcollections.models import Game


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")
