"""The three fixed-deck games' starter catalogs, loaded through the real loader (as `loadcatalog` does)."""

import json

import pytest

from cardcollections.catalog.services import catalog_load
from tests.decks.goldfish.conftest import queued  # noqa: F401 (a fixture: battalion jobs are goldfish jobs)
from tests.rules.checkers.pools import CATALOGS

FIXED_DECK_GAMES = ("book-of-mormon-battles", "warriors-of-the-promised-land", "battle-cards")


def load_starter_catalogs() -> None:
    for game in FIXED_DECK_GAMES:
        catalog_load(document=json.loads((CATALOGS / f"{game}.json").read_text(encoding="utf-8")))


@pytest.fixture
def fixed_deck_catalogs(db):
    load_starter_catalogs()
