"""An online tournament round (docs/tables.md, "Tournament matches online"): alice's Book of Mormon Battles event
is played online; she and bob each registered the boxed game. Round 1's pairing opens their table; each finds it
from the event's "Play your match online", they play a few moves in two browser contexts at 360 px, bob resigns,
and the result is in the standings without anyone reporting it."""

import time
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from cardcollections.adapters import card_pool_for_game
from cardcollections.models import Game
from decks.events.services import event_create
from decks.events.services import registration_create
from decks.lists.services import deck_create
from decks.models import Match
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from tables.models import MatchTable
from tests.browser.conftest import db_read
from tests.browser.conftest import log_in
from tests.decks.battles.conftest import load_starter_catalogs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
BOMB = "book-of-mormon-battles"
MOVES = 4


def boxed_game_text() -> str:
    """The boxed game's list: every card of its set at its copies (the `complete` format)."""
    pool = card_pool_for_game(BOMB)
    counts: Counter[str] = Counter()
    for card in pool.set_cards(pool.set_codes[0]):
        counts[card.title] += card.copies
    return "\n".join(f"{n} {title}" for title, n in counts.items())


@pytest.fixture
def online_round(alice, bob):
    load_starter_catalogs()
    game = Game.objects.get(slug=BOMB)
    event = event_create(
        organiser=alice,
        name="Zarahemla Online",
        game=game,
        format_slug="complete",
        deadline=timezone.now() + timedelta(days=1),
        played_online=True,
    )
    for user in (alice, bob):
        deck = deck_create(owner=user, game=game, name="The box", format_slug="complete", decklist=boxed_game_text())
        registration_create(event=event, player=user, deck=deck)
    event_start(event=event)
    round_pair_next(event=event)
    return event


@pytest.fixture
def two(table_browsers):
    return table_browsers(2)


def _acting(page) -> bool:
    return page.locator("form.table-move button").count() > 0


def test_an_online_round_is_played_at_a_table_and_its_result_lands_in_the_standings(online_round, two, live_server):
    base, event = live_server.url, online_round
    ann, ben = two
    for page, name in ((ann, "alice"), (ben, "bob")):
        log_in(page, base, name, f"/events/{event.pk}/play/")
        page.get_by_role("link", name="Play your match online").click()
        expect(page.locator("#table-connection")).to_have_text("Live")
        expect(page.locator("#board")).to_have_attribute("data-status", "playing")
    assert ann.url == ben.url and "/tables/" in ann.url
    expect(ann.get_by_text("Tournament rules, hosted by alice")).to_be_visible()

    moves, idle = 0, 0
    while moves < MOVES:
        assert idle < 200, "no one could move"
        mover = ann if _acting(ann) else ben if _acting(ben) else None
        if mover is None:
            idle += 1
            time.sleep(0.1)  # the boards are catching up over the sockets
            continue
        idle = 0
        before = int(mover.locator("#board").get_attribute("data-seq"))
        mover.locator("form.table-move button").first.click()
        mover.wait_for_function(f"() => Number(document.getElementById('board').dataset.seq) > {before}")
        moves += 1

    ben.once("dialog", lambda dialog: dialog.accept())  # "Resign this game?"
    ben.get_by_role("button", name="Resign").click()
    for page in (ann, ben):
        expect(page.locator(".play-result")).to_contain_text("Won by alice")

    match = db_read(lambda: Match.objects.select_related("player_a__user").get(round__event=event))
    winner_first = match.player_a.user.username == "alice"
    assert match.confirmed and (match.wins_a, match.wins_b) == ((1, 0) if winner_first else (0, 1))
    ben.goto(f"{base}/events/{event.pk}/play/")
    expect(ben.get_by_text("Result confirmed")).to_be_visible()
    expect(ben.get_by_role("link", name="Play your match online")).to_have_count(0)
    ben.goto(f"{base}/events/{event.pk}/standings/")
    first_row = ben.locator("table tbody tr").first
    expect(first_row).to_contain_text("alice")
    expect(first_row).to_contain_text("3")
    width = ben.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the standings page is {width} px wide at 360"

    # The finished game's replay, for its players (neither allowed a public one): step on with htmx, at 360 px.
    ann.get_by_role("link", name="Watch the replay").click()
    expect(ann.locator(".replay-at")).to_have_text("The deal")
    ann.get_by_role("link", name="Next move").click()
    # The log's length: the moves made and the resignation (a click may meet the other player's move first: the
    # board moves on, the click's move is refused as stale, so the clicks counted above can exceed the moves).
    last = db_read(lambda: MatchTable.objects.get(match=match).table.seq)
    assert last >= 2
    expect(ann.locator(".replay-at")).to_have_text(f"Move 1 of {last}")
    assert "step=1" in ann.url
    width = ann.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the replay page is {width} px wide at 360"
