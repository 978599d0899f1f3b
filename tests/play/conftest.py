"""The fixed-deck games' boxes, loaded through the real loader, for the play endpoint and pages."""

import pytest

from tests.decks.battles.conftest import load_starter_catalogs


@pytest.fixture
def boxes(db):
    load_starter_catalogs()
