"""A replay too dear for the web request is played by a worker (issue #34): the page and the API answer at once.

POST /decks/goldfish/replay/ estimated over GOLDFISH_REPLAY_INLINE_MS answers 202 with a partial that asks
GET /decks/goldfish/replay/<token>/ until the worker has played it; the result is the very game the engine replays.
POST /api/v1/goldfish/replay/ answers 202 with the `url` to GET (GET /api/v1/goldfish/replay/<token>/).
"""

import re

import pytest

from decks.goldfish.services import goldfish_replay_answer
from decks.goldfish.services import goldfish_replay_seconds
from decks.goldfish.services import replay_inline_seconds
from tests.conftest import celery_worker
from tests.conftest import wait_for
from tests.decks.conftest import GOLDFISH_DECK as DECK

pytestmark = [pytest.mark.django_db(transaction=True)]

URL = "/decks/goldfish/replay/"
# 30 turns and game 500: about 0.1 s of estimated engine time, over the request's budget.
HEAVY = {
    "game": "chapter-and-verse",
    "decklist": DECK,
    "turns": "30",
    "trials": "1000",
    "seed": "5",
    "game_number": "500",
}
LIGHT = {**HEAVY, "turns": "4", "game_number": "4"}


def _result_url(html: str) -> str:
    return re.search(r'hx-get="(/decks/goldfish/replay/[0-9a-f]{32}/)"', html).group(1)


def _json(form: dict) -> dict:
    return {
        **{k: int(v) for k, v in form.items() if k not in ("game", "decklist")},
        "game": form["game"],
        "decklist": DECK,
    }


def test_the_heavy_replay_is_over_the_inline_budget_and_the_light_one_within(cv_catalog):
    assert goldfish_replay_seconds(data=_json(HEAVY)) > replay_inline_seconds()
    assert goldfish_replay_seconds(data=_json(LIGHT)) <= replay_inline_seconds()


def test_a_heavy_replay_is_played_by_a_worker_and_the_page_shows_the_same_game(client, cv_catalog, settings):
    with celery_worker("test-replay") as queue:
        settings.GOLDFISH_QUEUE = queue
        response = client.post(URL, HEAVY)
        assert response.status_code == 202, response.content
        pending = response.content.decode()
        assert "on a worker" in pending and "Turn 1" not in pending  # nothing was played in the request
        url = _result_url(pending)
        html = wait_for(
            lambda: (r := client.get(url)).status_code == 200 and r.content.decode(), 60, "the worker's replay"
        )
    assert "Game <strong>500</strong> of 1000" in html
    api = goldfish_replay_answer(data=_json(HEAVY))
    for record in api["log"]:
        for event in record["events"]:
            assert event["text"].strip().replace("'", "&#x27;") in html


def test_another_caller_cannot_fetch_the_replay_and_a_made_up_token_is_a_404(client, cv_catalog, settings, alice):
    settings.GOLDFISH_QUEUE = "nobody-serves-this-queue"
    url = _result_url(client.post(URL, HEAVY).content.decode())
    assert client.get(url).status_code == 202  # still pending: no worker serves the queue
    assert client.get(url, REMOTE_ADDR="198.51.100.4").status_code == 404  # another address
    client.force_login(alice)
    assert client.get(url).status_code == 404  # an account is another caller
    assert client.get("/decks/goldfish/replay/" + "0" * 32 + "/").status_code == 404
    assert client.get("/decks/goldfish/replay/not-a-token/").status_code == 404


def test_a_caller_holds_one_pending_replay_and_a_second_is_refused_with_the_reason(client, cv_catalog, settings):
    settings.GOLDFISH_QUEUE = "nobody-serves-this-queue"
    assert client.post(URL, HEAVY).status_code == 202
    refused = client.post(URL, {**HEAVY, "game_number": "600"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "still being played on a worker" in refused.content.decode()
    # A light replay is played in the request as before, pending or not.
    light = client.post(URL, LIGHT)
    assert light.status_code == 200 and "Game <strong>4</strong> of 1000" in light.content.decode()


def test_a_bad_heavy_request_is_refused_in_the_request_naming_the_field(client, cv_catalog, settings):
    settings.GOLDFISH_QUEUE = "nobody-serves-this-queue"
    response = client.post(URL, {**HEAVY, "game_number": "1001"})
    assert response.status_code == 400 and "game_number" in response.content.decode()


API = "/api/v1/goldfish/replay/"


def test_the_api_hands_a_heavy_replay_to_a_worker_and_its_url_answers_the_same_game(client, cv_catalog, settings):
    with celery_worker("test-replay-api") as queue:
        settings.GOLDFISH_QUEUE = queue
        response = client.post(API, _json(HEAVY), content_type="application/json")
        assert response.status_code == 202, response.content
        body = response.json()
        assert body["status"] == "pending" and response["Location"] == body["url"]
        url = body["url"]
        answer = wait_for(lambda: (r := client.get(url)).status_code == 200 and r.json(), 60, "the worker's replay")
    expected = goldfish_replay_answer(data=_json(HEAVY))
    assert answer["game_number"] == 500 and answer["log"] == expected["log"]
    assert all(card["image"] is None or card["image"].startswith("/") for card in answer["cards"])
    # A light one is answered in the request, as before.
    light = client.post(API, _json(LIGHT), content_type="application/json")
    assert light.status_code == 200 and light.json()["game_number"] == 4


def test_the_api_replay_is_the_callers_alone_and_one_is_pending_at_a_time(client, cv_catalog, settings, alice, bob):
    settings.GOLDFISH_QUEUE = "nobody-serves-this-queue"
    client.force_login(alice)
    url = client.post(API, _json(HEAVY), content_type="application/json").json()["url"]
    assert client.get(url).status_code == 202
    second = client.post(API, {**_json(HEAVY), "game_number": 600}, content_type="application/json")
    assert second.status_code == 429 and int(second["Retry-After"]) > 0
    client.force_login(bob)
    assert client.get(url).status_code == 404  # another account cannot read it
    client.logout()
    assert client.get(url).status_code == 404
    assert client.get(API + "0" * 32 + "/").status_code == 404


def test_a_bad_heavy_api_request_is_refused_in_the_request_naming_the_field(client, cv_catalog, settings):
    settings.GOLDFISH_QUEUE = "nobody-serves-this-queue"
    response = client.post(API, {**_json(HEAVY), "game_number": 1001}, content_type="application/json")
    assert response.status_code == 400 and response.json()["field"] == "game_number"
