"""The API of clocks, take-backs and rematches (docs/tables.md, "The API"): the caller's own seat only."""

from datetime import timedelta

import pytest

from tables.models import Move
from tables.models import Table
from tests.tables.conftest import BOMB
from tests.tables.test_api import client_for
from tests.tables.test_api import state_of


def open_table(alice, bob, **extra):
    body = {"game": BOMB, "seats": ["person", "person"], **extra}
    made = client_for(alice).post("/api/v1/tables/", body, format="json")
    assert made.status_code == 201, made.json()
    tid = made.json()["id"]
    assert client_for(bob).post(f"/api/v1/tables/{tid}/join/", {}, format="json").status_code == 200
    return tid


def alice_moves(tid, alice):
    action = state_of(tid, alice)["legal"][0]
    answer = client_for(alice).post(
        f"/api/v1/tables/{tid}/moves/", {"after": 0, "key": "alice-move-1", "action": action}, format="json"
    )
    assert answer.status_code == 201, answer.json()


def test_a_table_opens_with_a_clock_and_shows_it(boxes, alice, bob):
    tid = open_table(alice, bob, clock_minutes=3, increment_seconds=2)
    state = state_of(tid, bob)
    assert state["clock"] == {"kind": "live", "minutes": 3, "increment_seconds": 2, "move_hours": 0}
    assert all(170 < s["clock"] <= 180 and s["clock_runs"] for s in state["seats"])


@pytest.mark.parametrize(
    "extra,field",
    [
        ({"clock_minutes": 181}, "clock_minutes"),
        ({"move_hours": "x"}, "move_hours"),
        ({"clock_minutes": 2, "move_hours": 24}, "move_hours"),
    ],
)
def test_a_bad_clock_is_a_400_naming_its_field(boxes, alice, extra, field):
    answer = client_for(alice).post(
        "/api/v1/tables/", {"game": BOMB, "seats": ["person", "person"], **extra}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["field"] == field
    assert not Table.objects.exists()


def test_reading_a_table_whose_flag_fell_ends_it_by_time(boxes, alice, bob):
    tid = open_table(alice, bob, clock_minutes=1)
    table = Table.objects.get(pk=tid)
    Table.objects.filter(pk=tid).update(
        clock_since=table.clock_since - timedelta(seconds=61),
        clock_deadline=table.clock_deadline - timedelta(seconds=61),
    )
    state = state_of(tid)
    assert state["status"] == "over" and state["result"]["reason"] == "time"


def test_a_take_back_through_the_api(boxes, alice, bob):
    tid = open_table(alice, bob)
    alice_moves(tid, alice)
    assert state_of(tid, alice)["can_take_back"] and not state_of(tid, bob)["can_take_back"]
    asked = client_for(alice).post(f"/api/v1/tables/{tid}/takeback/", {"after": 1}, format="json")
    assert asked.status_code == 200 and asked.json()["offers"]["takeback"]["undo"] == [1]
    agreed = client_for(bob).post(f"/api/v1/tables/{tid}/takeback/answer/", {"agree": True}, format="json")
    assert agreed.status_code == 200 and agreed.json()["seq"] == 2
    assert state_of(tid, alice)["legal"]


def test_strangers_and_spectators_cannot_ask_or_answer_a_take_back(boxes, alice, bob, carol):
    tid = open_table(alice, bob)
    alice_moves(tid, alice)
    for who in (carol, None):
        answer = client_for(who).post(f"/api/v1/tables/{tid}/takeback/", {"after": 1}, format="json")
        assert answer.status_code == 403 and answer.json()["code"] == "not-your-seat"
    client_for(alice).post(f"/api/v1/tables/{tid}/takeback/", {"after": 1}, format="json")
    for who in (carol, None):
        answer = client_for(who).post(f"/api/v1/tables/{tid}/takeback/answer/", {"agree": True}, format="json")
        assert answer.status_code == 403 and answer.json()["code"] == "not-your-seat"
    assert Move.objects.filter(table_id=tid).count() == 1


def test_a_tournament_table_refuses_a_take_back_with_its_code(boxes, alice, bob):
    tid = open_table(alice, bob, rules="tournament")
    alice_moves(tid, alice)
    answer = client_for(alice).post(f"/api/v1/tables/{tid}/takeback/", {"after": 1}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "no-takebacks"


def test_malformed_take_back_bodies_name_their_field(boxes, alice, bob):
    tid = open_table(alice, bob)
    answer = client_for(alice).post(f"/api/v1/tables/{tid}/takeback/", {"after": "one"}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "after"
    answer = client_for(bob).post(f"/api/v1/tables/{tid}/takeback/answer/", {}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "agree"
    for loose in ("yes", 1, "true"):  # only a JSON true or false: "yes" is not an answer
        answer = client_for(bob).post(f"/api/v1/tables/{tid}/takeback/answer/", {"agree": loose}, format="json")
        assert answer.status_code == 400 and answer.json()["field"] == "agree"


def test_a_rematch_through_the_api_and_a_stranger_cannot_offer_one(boxes, alice, bob, carol):
    tid = open_table(alice, bob, move_hours=24)
    assert (
        client_for(bob)
        .post(f"/api/v1/tables/{tid}/resign/", {"after": 0, "key": "bob-resigns"}, format="json")
        .status_code
        == 201
    )
    for who in (carol, None):
        answer = client_for(who).post(f"/api/v1/tables/{tid}/rematch/", {}, format="json")
        assert answer.status_code == 403 and answer.json()["code"] == "not-your-seat"
    first = client_for(alice).post(f"/api/v1/tables/{tid}/rematch/", {}, format="json")
    assert first.status_code == 200 and first.json()["rematch"] is None
    second = client_for(bob).post(f"/api/v1/tables/{tid}/rematch/", {}, format="json").json()
    assert second["rematch"] and state_of(tid)["rematch"] == second["rematch"]
    again = state_of(second["rematch"], bob)
    assert again["status"] == "playing" and again["clock"]["move_hours"] == 24 and again["you"] == 1
