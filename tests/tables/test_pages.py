"""The tables' pages (docs/tables.md, "The pages"): open a table, join it by its link, play a move and resign
without JavaScript, guests where the host allows, and the host removing a guest."""

import re

import pytest
from django.test import Client

from tables.models import Move
from tables.models import Table
from tests.tables.conftest import BOMB


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def open_table(host, **extra):
    body = {"game": BOMB, "people": 2, "computers": 0, "rules": "friendly", "listed": "on", "variant": "", **extra}
    answer = client_for(host).post("/tables/", body)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return Table.objects.get(pk=answer["Location"].split("/")[2]), answer["Location"]


def test_the_lobby_lists_an_open_table_and_its_page_invites_with_a_link_and_a_qr_code(boxes, alice):
    table, url = open_table(alice)
    assert url == f"/tables/{table.pk}/"
    lobby = client_for().get("/tables/").content.decode()
    assert f"/tables/{table.pk}/" in lobby
    page = client_for().get(url).content.decode()
    assert f"http://testserver/tables/{table.pk}/" in page and "Sign in</a> to take a seat" in page
    qr = client_for().get(f"/tables/{table.pk}/qr.svg")
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"


def test_anonymous_cannot_open_a_table(boxes):
    answer = client_for().post("/tables/", {"game": BOMB, "people": 2, "computers": 0, "rules": "friendly"})
    assert answer.status_code == 302 and "/login" in answer["Location"]
    assert not Table.objects.exists()


def test_a_bad_table_form_is_a_400_and_keeps_nothing(boxes, alice):
    answer = client_for(alice).post("/tables/", {"game": BOMB, "people": 1, "computers": 0, "rules": "friendly"})
    assert answer.status_code == 400
    assert not Table.objects.exists()


def test_two_players_join_move_and_resign_without_javascript(boxes, alice, bob, charlie):
    table, url = open_table(alice)
    assert client_for(bob).post(f"{url}join/").status_code == 302
    table.refresh_from_db()
    assert table.status == "playing"
    # The one to act sees their moves as forms naming the seq and a key; the other and a watcher see none.
    pages = {
        name: client_for(u).get(url).content.decode()
        for name, u in (("alice", alice), ("bob", bob), ("charlie", charlie))
    }
    acting = [name for name in ("alice", "bob") if 'class="table-move"' in pages[name]]
    assert acting and 'class="table-move"' not in pages["charlie"]  # (both may choose at once: BoMB's battle)
    page = pages[acting[0]]
    key = re.search(r'name="key" value="([^"]+-0)"', page).group(1)
    mover = alice if acting[0] == "alice" else bob
    form = {"after": "0", "index": "0", "key": key}
    assert client_for(mover).post(f"{url}move/", form).status_code == 302
    assert client_for(mover).post(f"{url}move/", form).status_code == 302  # a second click: the same key
    assert Move.objects.filter(table=table).count() == 1
    # a stranger's post changes nothing
    client_for(charlie).post(f"{url}move/", {"after": "1", "index": "0", "key": "charlie-key-1"})
    assert Move.objects.filter(table=table).count() == 1
    client_for(bob).post(f"{url}move/", {"after": "1", "key": "bob-resigns-1", "resign": "1"})
    table.refresh_from_db()
    assert table.status == "over" and table.result["winners"] == [0]
    assert "Won by alice" in client_for(charlie).get(url).content.decode()


def test_a_guest_joins_by_name_where_allowed_and_the_host_can_remove_them(boxes, alice):
    _table, url = open_table(alice, people=3, allow_guests="on")
    guest = Client()
    assert guest.post(f"{url}join/", {"name": "Sam"}).status_code == 302
    page = guest.get(url).content.decode()
    assert "You play seat 2" in page
    assert client_for(alice).post(f"{url}remove-guest/", {"seat": "1"}).status_code == 302
    assert "You are watching" in guest.get(url).content.decode()


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_only_the_host_removes_a_guest(boxes, alice, bob, who):
    table, url = open_table(alice, people=3, allow_guests="on")
    Client().post(f"{url}join/", {"name": "Sam"})
    client_for(bob if who == "bob" else None).post(f"{url}remove-guest/", {"seat": "1"})
    assert table.seats.get(index=1).guest_token


def test_guests_cannot_join_where_the_host_does_not_allow_it(boxes, alice):
    table, url = open_table(alice)
    Client().post(f"{url}join/", {"name": "Sam"})
    assert not table.seats.get(index=1).taken


def test_a_missing_table_is_a_404(boxes):
    assert client_for().get("/tables/00000000-0000-0000-0000-000000000000/").status_code == 404


def table_state() -> tuple:
    from tables.models import Seat

    return (
        sorted(map(str, Table.objects.values_list("id", "status"))),
        sorted(map(str, Seat.objects.values_list("id", "user_id", "name", "guest_token"))),
        Move.objects.count(),
    )


@pytest.mark.parametrize("page", ["", "join/", "leave/", "move/", "remove-guest/", "sign/"])
def test_a_page_post_past_the_write_limit_is_a_429_and_changes_nothing(
    boxes, alice, bob, one_write_a_minute, settings, page
):
    """Every tables page that takes a post is counted by the write limit, a move by the "live" one as the game's
    pages are (tests/cardcollections/test_page_writes.py leaves tables/ to this test)."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "live_user": "1/min", "live_anon": "1/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    _table, url = open_table(alice, people=3, allow_guests="on")  # alice's one write: bob's are his own
    path = "/tables/" if page == "" else f"{url}{page}"
    body = {
        "": {"game": BOMB, "people": 2, "computers": 0, "rules": "friendly"},
        "join/": {},
        "leave/": {},
        "move/": {"after": "0", "index": "0", "key": "bob-move-0"},
        "remove-guest/": {"seat": "1"},
        "sign/": {"seat": "0", "card": "c1"},
    }[page]
    client = client_for(bob)
    client.post(path, body)  # the one write allowed
    before = table_state()
    assert client.post(path, body).status_code == 429
    assert table_state() == before


def test_the_lobby_names_the_game_and_a_finished_table_invites_no_one(boxes, alice):
    from tables.services import Actor
    from tables.services import table_resign

    table, url = open_table(alice, people=1, computers=1)
    lobby = client_for(alice).get("/tables/").content.decode()
    assert f'<a href="/tables/{table.pk}/">Book of Mormon Battles</a>' in lobby
    table.refresh_from_db()
    table_resign(table_id=table.pk, actor=Actor(user=alice), after=table.seq, key="resign-page-1")
    page = client_for(alice).get(url).content.decode()
    assert "Won by" in page and 'id="table-invite"' not in page and "/qr.svg" not in page
