"""The rules checkers' endpoints (docs/contracts/rules-checkers.md): answers, 400s that say why, never a 500."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from rules.games.book_of_mormon_battles.battle import EXAMPLES as BATTLES
from rules.games.warriors_of_the_promised_land.challenge import EXAMPLES as CHALLENGES

BATTLE = "/api/v1/rules/book-of-mormon-battles/battle/"
CHECK_PLAY = "/api/v1/rules/warriors-of-the-promised-land/check-play/"
CHALLENGE = "/api/v1/rules/warriors-of-the-promised-land/challenge/"
MATCHUP = "/api/v1/rules/battle-cards/matchup/"


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def post(client: APIClient, url: str, body):
    return client.post(url, data=json.dumps(body), content_type="application/json")


def test_it_resolves_a_battle(client, fixed_deck_catalogs):
    example = BATTLES[0]
    response = post(client, BATTLE, example.request)
    assert response.status_code == 200
    body = response.json()
    assert body["winner"] == "Ann" and body["values"] == {"Ann": 4800, "Ben": 4000}
    assert body["steps"][0].startswith("Battle: ")


def test_it_checks_a_play(client, fixed_deck_catalogs):
    body = {"in_play": [{"title": "Abinadi"}], "card": {"title": "Sword"}}
    response = post(client, CHECK_PLAY, body)
    assert response.status_code == 200
    assert response.json()["allowed"] is False
    body["in_play"].append({"set": "WPL", "number": "2"})  # Moroni by printing
    assert post(client, CHECK_PLAY, body).json()["allowed"] is True


def test_it_scores_a_challenge(client, fixed_deck_catalogs):
    _name, request, points = CHALLENGES[0]
    response = post(client, CHALLENGE, request)
    assert response.status_code == 200
    assert response.json()["points"] == points and response.json()["winner"] == "challenger"


def test_it_resolves_a_matchup(client, fixed_deck_catalogs):
    response = post(
        client, MATCHUP, {"category": "strength", "a": {"title": "Lion of Judah"}, "b": {"title": "Gog of Magog"}}
    )
    assert response.status_code == 200
    assert response.json()["winner"] == "b" and response.json()["by"] == "size"


def ann_v_ben(ann: str, ben: str) -> dict:
    """A battle body: Ann plays the card titled `ann`, Ben the one titled `ben`."""
    return {"players": [{"name": "Ann", "cards": [{"title": ann}]}, {"name": "Ben", "cards": [{"title": ben}]}]}


@pytest.mark.parametrize(
    ("url", "body", "field", "says"),
    [
        (
            BATTLE,
            ann_v_ben("Faith", "Lehi"),
            "players[0].cards",
            "alone",
        ),
        (
            BATTLE,
            ann_v_ben("Nobody", "Lehi"),
            "players[0].cards[0]",
            "not a card of book-of-mormon-battles",
        ),
        (
            BATTLE,
            ann_v_ben("Goliath", "Lehi"),
            "players[0].cards[0]",
            "is a card of Battle Cards",
        ),
        (CHECK_PLAY, {"in_play": [{"title": "Sword"}], "card": {"title": "Moroni"}}, "in_play[0]", "must be a Warrior"),
        (
            CHALLENGE,
            {
                "challenger": {"cards": [{"title": "Abinadi"}, {"title": "Sword"}]},
                "defender": {"cards": [{"title": "Nehor"}]},
            },
            "challenger.cards[1]",
            "shares no icon",
        ),
        (
            MATCHUP,
            {"category": "strength", "a": {"title": "Lehi"}, "b": {"title": "Samson"}},
            "a",
            "Book of Mormon Battles",
        ),
        (MATCHUP, {"category": "speed", "a": {"title": "Goliath"}, "b": {"title": "Samson"}}, "category", "one of"),
        (MATCHUP, [], "body", "must be an object"),
    ],
)
def test_it_answers_400_naming_why(client, fixed_deck_catalogs, url, body, field, says):
    response = post(client, url, body)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert says in response.json()["message"]


@pytest.mark.parametrize("url", [BATTLE, CHECK_PLAY, CHALLENGE, MATCHUP])
@pytest.mark.parametrize(
    "body", [None, 1, "x", {"players": "x"}, {"a": {"title": 5}}, {"in_play": [[]]}, {"challenger": []}]
)
def test_no_malformed_body_is_a_server_error(client, fixed_deck_catalogs, url, body):
    assert post(client, url, body).status_code == 400


def test_the_endpoints_are_in_the_schema(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    for url in (BATTLE, CHECK_PLAY, CHALLENGE, MATCHUP):
        assert url.removeprefix("/api/v1") in {p.removeprefix("/api/v1") for p in schema["paths"]}


def test_it_refuses_an_unknown_field_of_a_card_naming_its_path(client, fixed_deck_catalogs):
    body = {"category": "strength", "a": {"title": "Goliath", "colour": "red"}, "b": {"title": "Samson"}}
    response = client.post("/api/v1/rules/battle-cards/matchup/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "a.colour"


def test_the_matchup_takes_a_mode(client, fixed_deck_catalogs):
    body = {"category": "strength", "a": {"title": "Goliath"}, "b": {"title": "Samson"}, "mode": "trumps"}
    assert client.post("/api/v1/rules/battle-cards/matchup/", body, format="json").status_code == 200
