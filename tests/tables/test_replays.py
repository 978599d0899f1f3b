"""A finished game's replay (docs/tables.md, "Replays"): step by step as a spectator saw it, public only where every
player allows it, otherwise for the seated players alone (a 404 for anyone else). alice and bob play; charlie is
the stranger."""

import html
import re

import pytest
from django.test import Client

from play.games.board import view_titles
from tables.models import Seat
from tables.models import Table
from tables.positions import position
from tables.selectors import seat_state
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import TableRefused
from tables.services import seat_replay_allow
from tables.services import table_create
from tables.services import table_join
from tables.services import table_move
from tables.services import table_resign
from tests.tables.conftest import BOMB

MOVES = 6


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def finished(boxes, alice, bob):
    """alice and bob play MOVES moves of Book of Mormon Battles; then bob resigns."""
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    users = {0: alice, 1: bob}
    for i in range(MOVES):
        table = Table.objects.get(pk=made.pk)
        state = seat_state(table, table_seats(table), None)
        seat = next(s["index"] for s in state["seats"] if s["to_act"])
        action = seat_state(table, table_seats(table), seat)["legal"][0]
        table_move(
            table_id=table.pk, actor=Actor(user=users[seat]), after=table.seq, key=f"move-{i:04d}", action=action
        )
    table = Table.objects.get(pk=made.pk)
    table_resign(table_id=table.pk, actor=Actor(user=bob), after=table.seq, key="resign-0001")
    return Table.objects.get(pk=made.pk)


def named(title, page):
    """Is the card `title` drawn or named in the replay (a card's image or name, or a move's words)?"""
    t = re.escape(html.escape(title))
    return re.search(rf'(alt="{t}"|>{t}<|[ ,]{t}(</li>|</p>|, ))', page.split('<div id="replay"', 1)[1]) is not None


def allow_all(table, alice, bob):
    for user in (alice, bob):
        seat_replay_allow(table_id=table.pk, actor=Actor(user=user), allow=True)


def test_a_replay_is_private_until_every_player_allows_it(finished, alice, bob, charlie):
    url = f"/tables/{finished.pk}/replay/"
    api = f"/api/v1/tables/{finished.pk}/replay/"
    assert not Seat.objects.filter(table=finished, allow_replay=True).exists()  # off until they choose
    for user in (alice, bob):
        assert client_for(user).get(url).status_code == 200
        assert client_for(user).get(api).status_code == 200
    for user in (charlie, None):
        assert client_for(user).get(url).status_code == 404
        assert client_for(user).get(api).status_code == 404
    seat_replay_allow(table_id=finished.pk, actor=Actor(user=alice), allow=True)
    assert client_for(charlie).get(url).status_code == 404  # bob has not allowed it
    seat_replay_allow(table_id=finished.pk, actor=Actor(user=bob), allow=True)
    assert client_for(charlie).get(url).status_code == 200 and client_for().get(api).status_code == 200
    seat_replay_allow(table_id=finished.pk, actor=Actor(user=bob), allow=False)
    assert client_for(charlie).get(url).status_code == 404


def test_there_is_no_replay_before_the_game_is_over(boxes, alice, bob):
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    allow_all(made, alice, bob)
    assert client_for(alice).get(f"/tables/{made.pk}/replay/").status_code == 404
    assert client_for(alice).get(f"/api/v1/tables/{made.pk}/replay/").status_code == 404


def test_the_page_steps_through_each_move_in_words_and_never_shows_a_hand(finished, alice, bob):
    seats = table_seats(finished)
    client = client_for(alice)
    first = client.get(f"/tables/{finished.pk}/replay/").content.decode()
    assert "The deal" in first and "Next move" in first and "Previous move" not in first
    for step in range(1, finished.seq + 1):
        page = client.get(f"/tables/{finished.pk}/replay/?step={step}").content.decode()
        assert f"Move {step} of {finished.seq}" in page
        played = position(finished, seats, step)
        spectator = view_titles(played.engine.view(played.state, None))
        for seat in (0, 1):
            hand_only = view_titles(played.engine.view(played.state, seat)) - spectator
            assert not [title for title in hand_only if named(title, page)], (step, seat)
    last = client.get(f"/tables/{finished.pk}/replay/?step={finished.seq}").content.decode()
    assert "resigned" in last and "Won by alice" in last and "Next move" not in last
    # htmx asks for the replay alone.
    partial = client.get(f"/tables/{finished.pk}/replay/?step=1", HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<div id="replay"')


def test_the_api_gives_each_step_with_its_words_events_and_the_spectators_view(finished, alice, bob):
    allow_all(finished, alice, bob)
    body = client_for().get(f"/api/v1/tables/{finished.pk}/replay/").json()
    assert body["last"] == finished.seq == MOVES + 1 and body["next"] is None
    assert [s["step"] for s in body["steps"]] == list(range(1, MOVES + 2))
    assert body["steps"][-1]["move"]["words"] == "bob: resigned"
    seats = table_seats(finished)
    for step in body["steps"]:
        played = position(finished, seats, step["step"])
        assert step["view"] == played.engine.view(played.state, None)
        for event in step["events"]:
            assert set(event["cards"]) <= view_titles(step["view"])
    assert "start" in body and "seed" not in str(body)
    later = client_for().get(f"/api/v1/tables/{finished.pk}/replay/?after=3").json()
    assert later["steps"][0]["step"] == 4 and "start" not in later
    bad = client_for().get(f"/api/v1/tables/{finished.pk}/replay/?after=x")
    assert bad.status_code == 400 and "after" in bad.content.decode()


def test_a_player_allows_the_replay_on_the_page_and_in_the_api_and_a_stranger_cannot(finished, alice, bob, charlie):
    page = client_for(alice).get(f"/tables/{finished.pk}/").content.decode()
    assert 'name="allow_replay"' in page and "Watch the replay" in page
    assert 'name="allow_replay"' not in client_for(charlie).get(f"/tables/{finished.pk}/").content.decode()
    client_for(alice).post(f"/tables/{finished.pk}/replay-consent/", {"allow_replay": "on"})
    assert Seat.objects.get(table=finished, index=0).allow_replay
    answer = client_for(bob).post(
        f"/api/v1/tables/{finished.pk}/allow-replay/", {"allow_replay": True}, content_type="application/json"
    )
    assert answer.status_code == 200 and answer.json() == {"seat": 1, "allow_replay": True, "public": True}
    stranger = client_for(charlie).post(
        f"/api/v1/tables/{finished.pk}/allow-replay/", {"allow_replay": False}, content_type="application/json"
    )
    assert stranger.status_code == 403
    bad = client_for(bob).post(
        f"/api/v1/tables/{finished.pk}/allow-replay/", {"allow_replay": "yes"}, content_type="application/json"
    )
    assert bad.status_code == 400 and "allow_replay" in bad.content.decode()
    client_for(charlie).post(f"/tables/{finished.pk}/replay-consent/", {})
    assert Seat.objects.filter(table=finished, allow_replay=True).count() == 2  # the stranger changed nothing
    with pytest.raises(TableRefused):
        seat_replay_allow(table_id=finished.pk, actor=Actor(user=charlie), allow=False)


def test_stepping_a_replay_is_counted_against_the_live_limit(finished, alice, bob, settings):
    allow_all(finished, alice, bob)
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "live_anon": "2/min"},
    }
    client = client_for()
    answers = [client.get(f"/tables/{finished.pk}/replay/?step={n}").status_code for n in range(3)]
    assert answers == [200, 200, 429]
    assert client.get(f"/api/v1/tables/{finished.pk}/replay/").status_code == 429
