"""POST /api/v1/goldfish/replay/: one game of a play-out, turn by turn, the very game its run counted."""

import json

import pytest
from rest_framework.test import APIClient

from cardcollections.adapters import card_pool_for_game
from cardcollections.models import Card
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import resolve
from rules.goldfish.replay import goldfish_replay
from rules.goldfish.request import GoldfishDeck
from tests.decks.conftest import GOLDFISH_DECK as DECK

URL = "/api/v1/goldfish/replay/"
CV = "chapter-and-verse"


def body(**overrides) -> dict:
    out = {"game": CV, "decklist": DECK, "turns": 6, "trials": 500, "seed": 11, "game_number": 4, **overrides}
    return {k: v for k, v in out.items() if v is not None}


@pytest.fixture
def client() -> APIClient:
    return APIClient()


@pytest.mark.django_db
def test_it_answers_the_engines_replay_with_card_images(client, cv_catalog):
    response = client.post(URL, body(), format="json")
    assert response.status_code == 200, response.json()
    replay = response.json()
    resolved = resolve(parse_decklist(DECK), card_pool_for_game(CV))
    deck = GoldfishDeck(CV, tuple((e.card, e.count) for e in resolved.entries))
    expected = goldfish_replay(deck, 6, 500, 11, 4).to_dict()
    images = [card.pop("image") for card in replay["cards"]]
    assert replay == expected
    by_printing = {(c.card_set.code, c.number): c.pk for c in Card.objects.select_related("card_set")}
    assert images == [f"/cards/{by_printing[(c['set'], c['number'])]}/image/" for c in expected["cards"]]
    assert [record["turn"] for record in replay["log"]][:2] == [0, 1]
    assert replay["log"][1]["events"][0]["text"].startswith("Drew ")


@pytest.mark.django_db
def test_the_same_request_gives_the_same_game_and_mode_play_may_be_given(client, cv_catalog):
    first = client.post(URL, body(), format="json").json()
    assert client.post(URL, body(mode="play"), format="json").json() == first
    assert client.post(URL, body(game_number=5), format="json").json()["log"] != first["log"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"game_number": 0}, "game_number"),
        ({"game_number": 501}, "game_number"),  # past the run's trials
        ({"game_number": 1001, "trials": 10**6}, "game_number"),  # past the games a replay reaches
        ({"game_number": "3"}, "game_number"),
        ({"game_number": True}, "game_number"),
        ({"game_number": 10**40}, "game_number"),
        ({"game_number": 2.5}, "game_number"),
        ({"mode": "simulate"}, "mode"),
        ({"trials": None}, "trials"),
        ({"turns": 31}, "turns"),
        ({"seed": -1}, "seed"),
        ({"quote_rate": 2}, "quote_rate"),
        ({"decklist": "3 Bye Small Means"}, "decklist"),
        ({"decklist": "\ud800 By Small Means"}, "decklist"),
    ],
)
def test_a_bad_request_is_a_400_naming_the_field(client, cv_catalog, overrides, field):
    # Sent as ASCII JSON: a lone surrogate arrives as the escape a hostile client would send.
    response = client.post(URL, json.dumps(body(**overrides)), content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field


@pytest.mark.django_db
def test_a_body_that_is_not_an_object_is_a_400(client, cv_catalog):
    response = client.post(URL, [1, 2], format="json")
    assert response.status_code == 400


@pytest.mark.django_db
def test_a_big_deck_over_many_turns_reaches_fewer_games(client, cv_catalog_400):
    from tests.decks.conftest import legal_cv_text

    big = body(decklist=legal_cv_text(500), turns=30, trials=10**6, game_number=1000)
    response = client.post(URL, big, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "game_number"
    assert "for this deck and turns" in response.json()["message"]


@pytest.mark.django_db
def test_the_schema_documents_the_replay_with_an_example(client):
    operation = client.get("/api/v1/schema/?format=json").json()["paths"]["/api/v1/goldfish/replay/"]["post"]
    assert set(operation["responses"]) >= {"200", "400", "429"}
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert [e["summary"] for e in examples.values()] == ["Game 3 of a run"]
