"""A goldfish deck holds at most what a real deck can: a list of 60 lines of 999 copies is refused, saying so."""

import pytest

from decks.goldfish.checks import MAX_GOLDFISH_CARDS
from decks.models import GoldfishJob
from tests.decks.conftest import verse_title

pytestmark = pytest.mark.django_db

QUERIES = [{"name": "a verse", "filter": {}, "at_least": 1}]


@pytest.mark.parametrize("mode", ["exact", "simulate", "play"])
def test_a_deck_of_tens_of_thousands_of_cards_is_a_400_naming_the_cap(client, cv_catalog, mode):
    decklist = "\n".join(f"999 {verse_title(i)}" for i in range(1, 61))
    body = {"game": "chapter-and-verse", "decklist": decklist, "mode": mode, "turns": 30, "trials": 1612}
    if mode != "play":
        body["queries"] = QUERIES
    response = client.post("/api/v1/goldfish/", body, content_type="application/json")
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["field"] == "decklist"
    assert "59,940 cards" in answer["message"] and f"at most {MAX_GOLDFISH_CARDS}" in answer["message"]
    assert not GoldfishJob.objects.exists()


def test_a_deck_at_the_cap_is_accepted(client, cv_catalog_400):
    per_title, titles = 4, MAX_GOLDFISH_CARDS // 4
    decklist = "\n".join(f"{per_title} {verse_title(i)}" for i in range(1, titles + 1))
    body = {"game": "chapter-and-verse", "decklist": decklist, "mode": "exact", "turns": 3, "queries": QUERIES}
    response = client.post("/api/v1/goldfish/", body, content_type="application/json")
    assert response.status_code == 200, response.content
