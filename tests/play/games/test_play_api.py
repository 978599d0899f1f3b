"""POST /api/v1/play/{game}/ (docs/contracts/play.md, "Stateless play"): a whole game from its seats, options, seed
and actions; every refusal a 400 naming where; never a 500."""

import pytest
from rest_framework.test import APIClient

WPL = "/api/v1/play/warriors-of-the-promised-land/"
TWO = [{"name": "Ann"}, {"name": "Ben"}]


def post(body, url=WPL):
    return APIClient().post(url, body, format="json")


def test_a_new_game_is_dealt_with_the_seats_to_act_and_their_legal_actions(boxes):
    answer = post({"seats": TWO, "seed": 7})
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["status"] == "playing" and body["result"] is None
    assert [s["name"] for s in body["state"]["seats"]] == ["Ann", "Ben"]
    assert body["to_act"] and all(body["legal"][str(seat)] for seat in body["to_act"])
    ids = [c["id"] for s in body["state"]["seats"] for zone in s["zones"].values() for c in zone if isinstance(c, dict)]
    assert len(ids) == len(set(ids))  # every card has an id of its own


def test_the_same_request_gives_the_same_game_and_an_action_moves_it_on(boxes):
    first = post({"seats": TWO, "seed": 7}).json()
    assert post({"seats": TWO, "seed": 7}).json() == first
    seat = first["to_act"][0]
    action = {"seat": seat, **first["legal"][str(seat)][0]}
    after = post({"seats": TWO, "seed": 7, "actions": [action]}).json()
    assert after["state"] != first["state"]
    assert any(e["after"] == 0 for e in after["events"])


def test_a_whole_game_played_through_the_endpoint_ends_with_a_winner(boxes):
    actions: list = []
    body = post({"seats": TWO, "seed": 3}).json()
    while body["status"] == "playing":
        assert len(actions) < 3000
        seat = body["to_act"][0]
        actions.append({"seat": seat, **body["legal"][str(seat)][-1]})
        body = post({"seats": TWO, "seed": 3, "actions": actions}).json()
    assert body["result"]["reason"]
    after_the_end = post({"seats": TWO, "seed": 3, "actions": [*actions, actions[-1]]})
    assert after_the_end.status_code == 400
    assert after_the_end.json()["action"] == len(actions)


def test_an_illegal_action_is_a_400_naming_its_index_and_nothing_else(boxes):
    answer = post({"seats": TWO, "seed": 7, "actions": [{"seat": 0, "type": "fly-away"}]})
    assert answer.status_code == 400
    body = answer.json()
    assert body["field"] == "actions[0]" and body["action"] == 0
    assert body["code"] and body["message"] == body["detail"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seats": TWO, "seed": 7, "colour": "red"}, "colour"),
        ({"seats": [{"name": "Ann"}], "seed": 7}, "seats"),
        ({"seats": TWO, "seed": -1}, "seed"),
        ({"seats": TWO, "seed": 7, "actions": [{"seat": 0}] * 5001}, "actions"),
        ({"seats": TWO, "seed": 7, "options": {"deal": [["Abinadi", "Abinadi"], []]}}, "options.deal[0][1]"),
        ({"seats": TWO, "seed": 7, "options": {"deal": [["Goliath"], []]}}, "options.deal[0][0]"),
        ({"seats": TWO, "seed": 7, "options": {"set": "NOPE"}}, "options.set"),
        ({"seats": [{"name": "Ann", "deck": "4 Abinadi"}, {"name": "Ben"}], "seed": 7}, "seats[0].deck"),
        ({"seats": TWO, "seed": 7, "actions": [{"seat": 9, "type": "pass"}]}, "actions[0]"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(boxes, body, field):
    answer = post(body)
    assert answer.status_code == 400, answer.content
    assert answer.json()["field"] == field


def test_a_game_that_cannot_be_played_whole_is_a_404(boxes):
    assert post({"seats": TWO, "seed": 1}, "/api/v1/play/no-such-game/").status_code == 404
