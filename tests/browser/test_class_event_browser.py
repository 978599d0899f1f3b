"""A teacher runs a round robin of nine guests (issue #33): the guests are added by name on the guests page, each
with the teacher's class deck; the event starts from the console, the round is paired and its clock started; a
projector page open in a second browser (nobody signed in, as on the classroom's wall computer) shows the tables
and the same clock, counting down on both screens; the results go in from the console and round 2 reaches the
wall by itself. Screenshots: var/screenshots/class-event-*.png."""

import re

import pytest
from playwright.sync_api import expect

from decks.events.services import event_update
from decks.lists.services import deck_create
from decks.models import Match
from tests.browser.conftest import log_in
from tests.browser.test_tournament_browser import enter_missing_results
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GUESTS = ["Ruth", "Boaz", "Naomi", "Esther", "Mordecai", "Deborah", "Gideon", "Hannah", "Samuel"]


def _seconds(text: str) -> int:
    minutes, seconds = re.search(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(seconds)


def test_a_teacher_runs_a_nine_guest_round_robin_with_the_clock_on_the_wall(
    live_server,
    browser_page,
    chromium,
    alice,
    event,  # noqa: F811
    cv,  # noqa: F811
    screenshot_dir,
):
    deck_create(owner=alice, game=cv, name="Class deck", format_slug="advanced", decklist=legal_cv_text())
    event_update(event=event, pairing="round_robin")
    base = live_server.url
    teacher = browser_page
    log_in(teacher, base, "alice", f"/events/{event.pk}/guests/")
    for name in GUESTS:
        teacher.get_by_label("Guest's name").fill(name)
        teacher.get_by_label("Deck (one of yours)").select_option(label="Class deck")
        teacher.get_by_role("button", name="Add the guest").click()
        expect(teacher.locator("table.guests tbody tr", has_text=name)).to_be_visible()
    expect(teacher.locator(".guest-code")).to_have_count(9)
    teacher.screenshot(path=str(screenshot_dir / "class-event-guests.png"), full_page=True)

    teacher.goto(f"{base}/events/{event.pk}/run/")
    expect(teacher.locator(".start-players")).to_contain_text("9 will play")
    teacher.get_by_role("button", name="Start the event").click()
    expect(teacher.locator("[data-state]")).to_have_text("Running")
    teacher.get_by_role("button", name="Pair round 1").click()
    expect(teacher.get_by_role("heading", name="round 1", exact=True)).to_be_visible()
    event.refresh_from_db()
    assert event.rounds == 9  # nine players: nine rounds, each resting once
    teacher.get_by_label("Minutes").fill("20")
    teacher.get_by_role("button", name="Start the clock").click()

    wall_context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        wall = wall_context.new_page()
        wall.set_default_timeout(20_000)
        wall.goto(f"{base}/events/{event.pk}/projector/")
        expect(wall.locator("#projector-round")).to_have_text("round 1")
        rows = wall.locator(".projector-tables tbody tr")
        expect(rows).to_have_count(5)  # four tables and the guest who rests
        expect(wall.locator(".projector-tables .badge", has_text="bye")).to_have_count(1)
        # The same clock on both screens, counting down on each.
        clocks = [teacher.locator(".console-countdown [role=timer]"), wall.locator(".projector-clock [role=timer]")]
        first = [_seconds(c.inner_text()) for c in clocks]
        assert all(19 * 60 <= s <= 20 * 60 for s in first), first
        for clock, before in zip(clocks, first, strict=True):
            expect(clock).not_to_have_text(clock.inner_text())  # it moves
            wall.wait_for_timeout(1500)
            assert _seconds(clock.inner_text()) < before
        assert abs(_seconds(clocks[0].inner_text()) - _seconds(clocks[1].inner_text())) <= 6
        wall.screenshot(path=str(screenshot_dir / "class-event-projector.png"), full_page=True)

        # The teacher enters round 1's results; round 2 is paired and reaches the wall by itself (a 5 s poll).
        enter_missing_results(teacher, event)
        teacher.goto(f"{base}/events/{event.pk}/run/")
        teacher.get_by_role("button", name="Pair round 2").click()
        expect(teacher.get_by_role("heading", name="round 2", exact=True)).to_be_visible()
        expect(wall.locator("#projector-round")).to_have_text("round 2")
        expect(wall.locator(".projector-standings")).to_contain_text("after round 1")
    finally:
        wall_context.close()
    met = {
        frozenset((m.player_a_id, m.player_b_id))
        for m in Match.objects.filter(round__event=event, player_b__isnull=False)
    }
    assert len(met) == 8  # no pair met twice in two rounds of four tables
