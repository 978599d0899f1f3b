"""The tables API (docs/tables.md, "The API"): the same services as the socket; owners, strangers, anonymous."""

import uuid

import pytest
from rest_framework.test import APIClient

from cardcollections.blocks.services import player_block
from tables.models import Move
from tables.models import Table
from tests.tables.conftest import BOMB


def client_for(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def table_id(boxes, alice, bob):
    made = client_for(alice).post("/api/v1/tables/", {"game": BOMB, "seats": ["person", "person"]}, format="json")
    assert made.status_code == 201, made.json()
    tid = made.json()["id"]
    assert client_for(bob).post(f"/api/v1/tables/{tid}/join/", {}, format="json").status_code == 200
    return tid


def state_of(tid, user=None):
    return client_for(user).get(f"/api/v1/tables/{tid}/").json()


def mover(tid, alice, bob):
    state = state_of(tid)
    seat = next(s["index"] for s in state["seats"] if s["to_act"])
    user = alice if seat == 0 else bob
    return user, state_of(tid, user)


def test_it_lists_open_tables_in_the_lobby_and_not_started_ones_only(boxes, alice):
    client_for(alice).post("/api/v1/tables/", {"game": BOMB, "seats": ["person", "person"]}, format="json")
    client_for(alice).post("/api/v1/tables/", {"game": BOMB, "seats": ["person", "computer"]}, format="json")
    lobby = client_for().get("/api/v1/tables/").json()["results"]
    assert len(lobby) == 1 and lobby[0]["status"] == "open"


def test_anonymous_cannot_open_a_table(boxes):
    answer = client_for().post("/api/v1/tables/", {"game": BOMB, "seats": ["person", "person"]}, format="json")
    assert answer.status_code in (401, 403)
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "seats": ["person", "person"]}, "game"),
        ({"game": BOMB, "seats": ["person"]}, "seats"),
        ({"game": BOMB, "seats": ["computer", "computer"]}, "seats"),
        ({"game": BOMB, "seats": ["person", "dog"]}, "seats[1]"),
        ({"game": BOMB, "seats": ["person", "person"], "variant": "nope"}, "variant"),
        ({"game": BOMB, "seats": ["person", "person"], "colour": "red"}, "colour"),
    ],
)
def test_a_bad_table_is_a_400_naming_the_field(boxes, alice, body, field):
    answer = client_for(alice).post("/api/v1/tables/", body, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == field
    assert not Table.objects.exists()


def test_a_move_over_http_appends_once_per_key_and_refuses_stale(table_id, alice, bob):
    user, state = mover(table_id, alice, bob)
    body = {"after": 0, "key": "http-key-0001", "action": state["legal"][0]}
    first = client_for(user).post(f"/api/v1/tables/{table_id}/moves/", body, format="json")
    assert first.status_code == 201, first.json()
    again = client_for(user).post(f"/api/v1/tables/{table_id}/moves/", body, format="json")
    assert again.status_code == 200 and again.json()["duplicate"] and again.json()["seq"] == first.json()["seq"]
    stale = client_for(user).post(f"/api/v1/tables/{table_id}/moves/", {**body, "key": "http-key-0002"}, format="json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    assert Move.objects.filter(table_id=table_id).count() == 1


def test_a_stranger_and_anonymous_cannot_move_and_see_no_hand(table_id, alice, bob, charlie):
    _user, state = mover(table_id, alice, bob)
    body = {"after": 0, "key": "stranger-01", "action": state["legal"][0]}
    for who in (charlie, None):
        answer = client_for(who).post(f"/api/v1/tables/{table_id}/moves/", body, format="json")
        assert answer.status_code == 403 and answer.json()["code"] == "not-your-seat"
        watched = state_of(table_id, who)
        assert watched["you"] is None and watched["legal"] == []
    assert not Move.objects.filter(table_id=table_id).exists()


def test_a_missing_table_is_a_404(boxes, alice):
    tid = uuid.uuid4()
    assert client_for(alice).get(f"/api/v1/tables/{tid}/").status_code == 404
    answer = client_for(alice).post(
        f"/api/v1/tables/{tid}/moves/", {"after": 0, "key": "abcdefgh1", "action": {"type": "pass"}}, format="json"
    )
    assert answer.status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"after": -1, "key": "abcdefgh1", "action": {"type": "pass"}}, "after"),
        ({"after": 1.5, "key": "abcdefgh1", "action": {"type": "pass"}}, "after"),
        ({"after": 0, "key": "short", "action": {"type": "pass"}}, "key"),
        ({"after": 0, "key": "abcdefgh1", "action": "pass"}, "action"),
        ({"after": 0, "key": "abcdefgh1"}, "action"),
    ],
)
def test_a_malformed_move_is_a_400_naming_the_field_and_changes_nothing(table_id, alice, bob, body, field):
    user, _ = mover(table_id, alice, bob)
    answer = client_for(user).post(f"/api/v1/tables/{table_id}/moves/", body, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == field
    assert not Move.objects.filter(table_id=table_id).exists()


def test_resigning_over_http_ends_the_game(table_id, alice, bob):
    answer = client_for(bob).post(
        f"/api/v1/tables/{table_id}/resign/", {"after": 0, "key": "bob-resigns"}, format="json"
    )
    assert answer.status_code == 201
    assert state_of(table_id)["result"] == {"winners": [0], "reason": "resigned", "seat": 1}


def test_a_blocked_player_cannot_take_a_seat_beside_the_blocker_but_may_watch(boxes, alice, bob, charlie):
    made = client_for(alice).post("/api/v1/tables/", {"game": BOMB, "seats": ["person", "person"]}, format="json")
    tid = made.json()["id"]
    player_block(blocker=alice, username="bob")
    refused = client_for(bob).post(f"/api/v1/tables/{tid}/join/", {}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "blocked"
    state = state_of(tid, bob)
    assert state["status"] == "open" and [s["name"] for s in state["seats"] if s["name"]] == ["alice"]
    # Anyone else still sits down; the block is one way (alice may join a table bob hosts).
    assert client_for(charlie).post(f"/api/v1/tables/{tid}/join/", {}, format="json").status_code == 200
    hosted = client_for(bob).post("/api/v1/tables/", {"game": BOMB, "seats": ["person", "person"]}, format="json")
    assert client_for(alice).post(f"/api/v1/tables/{hosted.json()['id']}/join/", {}, format="json").status_code == 200


@pytest.mark.parametrize("text", ["x" * 4001, 7, ["a"], {"a": 1}])
def test_a_typed_text_the_log_could_not_replay_is_refused_and_changes_nothing(table_id, alice, bob, text):
    """The log keeps a move's typed text and replays it (rules/play/log.py refuses one over 4,000 characters): a
    move whose text could not be replayed or stored is refused before anything is kept."""
    user, state = mover(table_id, alice, bob)
    action = {**state["legal"][0], "text": text}
    answer = client_for(user).post(
        f"/api/v1/tables/{table_id}/moves/", {"after": 0, "key": "typed-text-01", "action": action}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["code"] == "bad-text", answer.json()
    assert not Move.objects.filter(table_id=table_id).exists()


@pytest.mark.parametrize("text", ["a\x00b", "a\ud800b"])
def test_a_typed_text_no_column_can_hold_is_refused_by_the_service(table_id, alice, bob, text):
    from tables.services import Actor
    from tables.services import TableRefused
    from tables.services import table_move

    user, state = mover(table_id, alice, bob)
    with pytest.raises(TableRefused) as refused:
        table_move(
            table_id=uuid.UUID(table_id),
            actor=Actor(user=user),
            after=0,
            key="typed-text-02",
            action={**state["legal"][0], "text": text},
        )
    assert refused.value.code == "bad-text"
    assert not Move.objects.filter(table_id=table_id).exists()
