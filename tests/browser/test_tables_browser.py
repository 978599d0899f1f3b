"""A whole Book of Mormon Battles game at an online table between two people in two browser contexts, with an
anonymous spectator in a third and a reload mid-game (docs/tables.md). The pages come from pytest-django's live
server, the sockets from daphne serving cardsite.asgi in this process (the same database), as `make run` serves
them beside gunicorn. The spectator's socket never carries a card only a player may see."""

import json
import time

import pytest
from playwright.sync_api import expect

from tables.models import Table
from tables.positions import position
from tables.selectors import table_seats
from tests.browser.conftest import db_read
from tests.browser.conftest import log_in
from tests.decks.battles.conftest import load_starter_catalogs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MOVES = 300  # far more than a Shorter Game takes (about 70 moves): past this the game is not ending


@pytest.fixture
def people(table_browsers, alice, bob):
    load_starter_catalogs()
    return table_browsers(3)


def _spectator_secrets(table_id) -> set[str]:
    table = Table.objects.get(pk=table_id)
    played = position(table, table_seats(table))
    return set(played.engine.secret_ids(played.state, None))


def _acting(page) -> bool:
    return page.locator("form.table-move button").count() > 0


def _seq(page) -> int:
    return int(page.locator("#board").get_attribute("data-seq"))


def test_two_people_play_a_whole_game_with_a_spectator_and_a_reload(people, live_server):
    base = live_server.url
    ann, ben, watcher = people
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))

    log_in(ann, base, "alice", "/tables/")
    ann.get_by_label("Game").select_option("book-of-mormon-battles")
    ann.get_by_label("Variant").fill("shorter-game")  # the rules' Shorter Game: about 70 moves, not 1,200
    ann.get_by_label("Clock: minutes each").fill("30")
    ann.get_by_role("button", name="Open the table").click()
    expect(ann.locator("#table-invite")).to_be_visible()
    invite = ann.locator("#table-invite").get_attribute("href")
    expect(ann.locator("#table-connection")).to_have_text("Live")

    log_in(ben, base, "bob", "/tables/")
    ben.goto(invite)
    ben.get_by_role("button", name="Take a seat").click()
    expect(ben.locator("#table-connection")).to_have_text("Live")
    watcher.goto(invite)
    expect(watcher.locator("#table-connection")).to_have_text("Live")
    # ann's board learns over the socket that the game began: no reload
    expect(ann.locator("#board")).to_have_attribute("data-status", "playing")
    # the clocks of the players to act count down in the page, from the server's figures
    clock = ann.locator(".table-clock-runs").first
    shown = clock.text_content()
    minutes, seconds = (int(part) for part in shown.split(":"))
    assert 29 * 60 <= minutes * 60 + seconds <= 30 * 60, shown  # a busy machine takes seconds to get here
    expect(clock).not_to_have_text(shown)

    table = db_read(lambda: Table.objects.get())
    moves, reloaded, checked_secret, idle = 0, False, False, 0
    while ann.locator("#board").get_attribute("data-status") == "playing":
        assert moves < MOVES and idle < 200, "the game did not end"
        mover = ann if _acting(ann) else ben if _acting(ben) else None
        if mover is None:
            idle += 1
            time.sleep(0.1)  # the boards are catching up over the sockets
            continue
        idle = 0
        before = _seq(mover)
        button = mover.locator("form.table-move button").first
        button.press("Enter") if moves % 2 else button.click()  # keyboard play and pointer play
        mover.wait_for_function(f"() => Number(document.getElementById('board').dataset.seq) > {before}")
        after = _seq(mover)
        other = ben if mover is ann else ann
        expect(other.locator("#board")).to_have_attribute("data-seq", str(after))
        if moves == 0:  # the move is announced in words to the other player (the ARIA live region)
            expect(other.locator("#table-announce")).to_contain_text(":")
        moves += 1
        if moves == 6 and not reloaded:  # a reload mid-game: the same board, and play goes on
            ben.reload()
            expect(ben.locator("#board")).to_have_attribute("data-seq", str(after))
            expect(ben.locator("#table-connection")).to_have_text("Live")
            reloaded = True
        if moves == 4 and not checked_secret:
            secret_now = db_read(lambda: _spectator_secrets(table.pk))
            watched = " ".join(frames) + watcher.content()
            seen = {card_id for card_id in secret_now if f'"{card_id}"' in watched}
            assert secret_now and not seen, f"the spectator received cards only a player may see: {sorted(seen)[:5]}"
            checked_secret = True

    final = db_read(lambda: Table.objects.get(pk=table.pk))
    assert final.status == "over" and final.result["winners"]
    for page in (ann, ben, watcher):
        expect(page.locator(".play-result")).to_contain_text("Won by")
    assert reloaded and checked_secret
    # a rematch: ann offers, ben's board learns of it over the socket and he accepts; both end at the new table
    ann.get_by_role("button", name="Offer a rematch").click()
    expect(ann.locator(".table-rematch")).to_contain_text("You offered a rematch")
    ben.get_by_role("button", name="Accept the rematch (alice offered)").click()
    expect(ben.locator("#board")).to_have_attribute("data-status", "playing")
    rematch = db_read(lambda: Table.objects.get(rematch_of=table.pk))
    assert ben.url.endswith(f"/tables/{rematch.pk}/") and rematch.clock_initial == 30 * 60
    ann.get_by_role("link", name="Go to the rematch").click()
    expect(ann.locator("#board")).to_have_attribute("data-status", "playing")
    # the phone's width: nothing sticks out of 360 px
    width = ann.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the table page is {width} px wide at 360"
    assert all(json.loads(f).get("type") in {"move", "state", "ack", "refused", "phrase"} for f in frames)
