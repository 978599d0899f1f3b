"""The table page's clock, take-back and rematch, without JavaScript (docs/tables.md)."""

import pytest
from django.test import Client

from tables.models import Move
from tables.models import Table
from tables.services import Actor
from tables.services import table_move
from tests.tables.test_clocks import state
from tests.tables.test_pages import client_for
from tests.tables.test_pages import open_table


def test_a_table_opened_with_a_clock_shows_each_players_time(boxes, alice, bob):
    table, url = open_table(alice, clock_minutes="5", increment_seconds="3")
    assert (table.clock_initial, table.clock_increment, table.move_hours) == (300, 3, 0)
    client_for(bob).post(f"{url}join/")
    page = client_for(bob).get(url).content.decode()
    assert page.count('class="table-clock table-clock-runs"') == 2 and (">5:00<" in page or ">4:59<" in page)


def test_a_clock_and_hours_a_move_together_are_refused(boxes, alice):
    answer = client_for(alice).post(
        "/tables/",
        {
            "game": "book-of-mormon-battles",
            "people": 2,
            "computers": 0,
            "rules": "friendly",
            "clock_minutes": 5,
            "move_hours": 24,
        },
    )
    assert answer.status_code == 400 and not Table.objects.exists()


@pytest.fixture
def moved(boxes, alice, bob):
    table, url = open_table(alice)
    client_for(bob).post(f"{url}join/")
    action = state(table, 0)["legal"][0]
    table_move(table_id=table.pk, actor=Actor(user=alice), after=0, key="alice-move-1", action=action)
    return table, url


def test_a_take_back_asked_and_agreed_with_forms(moved, alice, bob):
    table, url = moved
    assert "Ask to take back my last move" in client_for(alice).get(url).content.decode()
    assert "Ask to take back" not in client_for(bob).get(url).content.decode()
    client_for(alice).post(f"{url}takeback/", {"answer": "ask", "after": "1"})
    page = client_for(bob).get(url).content.decode()
    assert "alice asks to take back their last move" in page and 'value="agree"' in page
    client_for(bob).post(f"{url}takeback/", {"answer": "agree"})
    assert Move.objects.filter(table=table, kind="takeback").count() == 1
    assert "took back move 1" in client_for(alice).get(url).content.decode()


@pytest.mark.parametrize("who", ["charlie", "anonymous"])
def test_a_stranger_cannot_ask_or_answer_a_take_back(moved, alice, charlie, who):
    table, url = moved
    stranger = client_for(charlie) if who == "charlie" else Client()
    stranger.post(f"{url}takeback/", {"answer": "ask", "after": "1"})
    table.refresh_from_db()
    assert not table.offers.get("takeback")
    client_for(alice).post(f"{url}takeback/", {"answer": "ask", "after": "1"})
    stranger.post(f"{url}takeback/", {"answer": "agree"})
    table.refresh_from_db()
    assert table.offers["takeback"]["agreed"] == [0] and table.seq == 1


def test_a_rematch_with_forms_and_both_pages_link_it(boxes, alice, bob, charlie):
    table, url = open_table(alice)
    client_for(bob).post(f"{url}join/")
    client_for(bob).post(f"{url}move/", {"after": "0", "key": "bob-resigns-1", "resign": "1"})
    assert "Offer a rematch" in client_for(alice).get(url).content.decode()
    assert "Offer a rematch" not in client_for(charlie).get(url).content.decode()
    client_for(charlie).post(f"{url}rematch/")  # a watcher's post offers nothing
    table.refresh_from_db()
    assert not table.offers.get("rematch")
    client_for(alice).post(f"{url}rematch/")
    assert "Accept the rematch (alice offered)" in client_for(bob).get(url).content.decode()
    went = client_for(bob).post(f"{url}rematch/")
    made = Table.objects.get(rematch_of=table)
    assert went["Location"] == f"/tables/{made.pk}/"
    assert f"/tables/{made.pk}/" in client_for(alice).get(url).content.decode()
    assert url in client_for(bob).get(went["Location"]).content.decode()


def test_a_guest_keeps_their_seat_in_the_rematch(boxes, alice):
    table, url = open_table(alice, allow_guests="on")
    guest = Client()
    guest.post(f"{url}join/", {"name": "Sam"})
    guest.post(f"{url}move/", {"after": "0", "key": "sam-resigns-1", "resign": "1"})
    client_for(alice).post(f"{url}rematch/")
    guest.post(f"{url}rematch/")
    made = Table.objects.get(rematch_of=table)
    assert "You play seat 2" in guest.get(f"/tables/{made.pk}/", follow=True).content.decode()


def test_the_lobby_tells_each_open_table_s_clock(boxes, alice):
    open_table(alice, clock_minutes="5", increment_seconds="2")
    open_table(alice, move_hours="24")
    lobby = client_for().get("/tables/").content.decode()
    assert "5 min + 2 s a move" in lobby and "24 hours a move" in lobby
