"""A whole Book of Mormon Battles game at an online table between two people in two browser contexts, with an
anonymous spectator in a third and a reload mid-game (docs/tables.md). The pages come from pytest-django's live
server, the sockets from daphne serving cardsite.asgi in this process (the same database), as `make run` serves
them beside gunicorn. The spectator's socket never carries a card only a player may see."""

import copy
import json
import time
from urllib.parse import urlsplit

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from tables.models import Table
from tables.positions import position
from tables.selectors import table_seats
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.decks.battles.conftest import load_starter_catalogs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MOVES = 300  # far more than a Shorter Game takes (about 70 moves): past this the game is not ending


@pytest.fixture
def people(chromium, live_server, daphne_port, settings, alice, bob):
    # the pages' own host name, so the browser sends the session cookie with the socket (cookies ignore ports)
    host = urlsplit(live_server.url).hostname
    settings.TABLES_WS_URL = f"ws://{host}:{daphne_port}"
    # as the settings make it when TABLES_WS_URL is set from the environment (scripts/supervise.sh)
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"]["connect-src"] = ["'self'", settings.TABLES_WS_URL]
    settings.CONTENT_SECURITY_POLICY = policy
    settings.TABLES_MOVES_PER_MINUTE = 10_000
    load_starter_catalogs()
    contexts = [chromium.new_context(viewport={"width": 360, "height": 800}, locale="en-US") for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    for page in pages:
        page.set_default_timeout(20_000)
    yield pages
    for page in pages:
        close_when_idle(page)
        page.context.close()


def _db(read, tries: int = 20):
    """A read of the test's database, which is SQLite's shared in-memory one here: a reader meets a table
    another thread (daphne's, the live server's) is writing as "locked" at once, with no wait. Try again."""
    for attempt in range(tries):
        try:
            return read()
        except OperationalError:
            if attempt == tries - 1:
                raise
            time.sleep(0.1)
    return None


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

    table = _db(lambda: Table.objects.get())
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
            secret_now = _db(lambda: _spectator_secrets(table.pk))
            watched = " ".join(frames) + watcher.content()
            seen = {card_id for card_id in secret_now if f'"{card_id}"' in watched}
            assert secret_now and not seen, f"the spectator received cards only a player may see: {sorted(seen)[:5]}"
            checked_secret = True

    final = _db(lambda: Table.objects.get(pk=table.pk))
    assert final.status == "over" and final.result["winners"]
    for page in (ann, ben, watcher):
        expect(page.locator(".play-result")).to_contain_text("Won by")
    assert reloaded and checked_secret
    # the phone's width: nothing sticks out of 360 px
    width = ann.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the table page is {width} px wide at 360"
    assert all(json.loads(f).get("type") in {"move", "state", "ack", "refused", "phrase"} for f in frames)
