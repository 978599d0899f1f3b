"""A 7-player event in a real Chromium: three Swiss rounds and a top 4, run from the organiser's console,
with the two players of table 1 on phones (390 px) reporting in two taps; their conflicting reports
in round 1 reach the console live (htmx polling) and the organiser decides."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from cardcollections.models import Game
from decks.events.services import event_create
from decks.models import Match
from tests.decks.conftest import _load_cv
from tests.decks.events.fixtures import register_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["bob", "dora", "eli", "finn", "gia", "hal", "ivy"]
PHONE = {"width": 390, "height": 844}
# Results are printed with en dashes ("Won 1", en dash, "0").
DASH = "\N{EN DASH}"
WIN = f"1{DASH}0"


def log_in(page, base_url: str, username: str, next_path: str) -> None:
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(f"{username}-password-1")
    page.get_by_role("button", name="Log in").click()


def phone(chromium, base_url: str, username: str, path: str):
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    log_in(page, base_url, username, path)
    return context, page


def report_win(page, play_url: str) -> None:
    """Two taps: pick "I won 1-0", then send it."""
    page.goto(play_url)
    page.get_by_role("link", name=f"I won {WIN}").tap()
    page.get_by_role("button", name="Send").tap()
    expect(page.locator(".messages")).to_contain_text("Result saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def enter_missing_results(console, event) -> None:
    """The organiser enters every result still missing: the single report if there is one, else a 1-0."""
    for match in Match.objects.filter(round__event=event, round__number=event.current_round, confirmed=False):
        report = match.report_a or match.report_b
        value = f"{report['wins'][0]}-{report['wins'][1]}-{report['draws']}" if report else "1-0-0"
        console.locator(f'tr[data-table="{match.table}"] button[value="{value}"]').click()
        expect(console.locator(".messages")).to_contain_text("Result saved")


def test_a_seven_player_event_runs_through_three_swiss_rounds_and_a_top_four(
    live_server, browser_page, chromium, screenshot_dir
):
    _load_cv(40)
    users = get_user_model().objects
    alice = users.create_user("alice", password="alice-password-1")
    event = event_create(
        organiser=alice,
        name="Autumn Open",
        game=Game.objects.get(slug="chapter-and-verse"),
        format_slug="advanced",
        deadline=timezone.now() + timedelta(days=1),
    )
    for user in register_players(event, NAMES):
        user.set_password(f"{user.username}-password-1")
        user.save()
    base = live_server.url
    console_url, play_url = f"{base}/events/{event.pk}/run/", f"{base}/events/{event.pk}/play/"

    console = browser_page
    log_in(console, base, "alice", f"/events/{event.pk}/run/")
    expect(console.locator(".start-players")).to_contain_text("7 will play")
    console.get_by_label("Top cut").select_option("4")
    console.get_by_role("button", name="Save settings").click()
    console.get_by_role("button", name="Start the event").click()
    expect(console.locator("[data-state]")).to_have_text("Running")

    contexts = []
    try:
        for number in (1, 2, 3):
            console.get_by_role("button", name=f"Pair round {number}").click()
            expect(console.get_by_role("heading", name=f"round {number}", exact=True)).to_be_visible()
            event.refresh_from_db()
            if number == 1:
                table_one = Match.objects.get(round__event=event, round__number=1, table=1)
                players = [table_one.player_a.user.username, table_one.player_b.user.username]
                phones = [phone(chromium, base, name, f"/events/{event.pk}/play/") for name in players]
                contexts = [c for c, _ in phones]
                for _, page in phones:
                    expect(page.locator(".my-table-number")).to_have_text("1")
                    # Both claim the win: the console, loaded before, shows the conflict by itself.
                    report_win(page, play_url)
                row = console.locator('tr[data-table="1"]')
                expect(row).to_contain_text("reports differ")
                expect(console.locator(".round-clock")).to_contain_text("into the round")
                expect(console.get_by_role("button", name="Pair round 2")).to_be_disabled()
                expect(row.locator(".dispute")).to_contain_text(f"{players[0]} says {WIN}")
                phones[0][1].screenshot(path=str(screenshot_dir / "tournament-phone-dispute.png"), full_page=True)
                console.screenshot(path=str(screenshot_dir / "tournament-console-dispute.png"), full_page=True)
                row.get_by_role("button", name=f"Won {WIN}").click()
                expect(console.locator(".messages")).to_contain_text("Result saved")
                phones[0][1].goto(play_url)
                expect(phones[0][1].locator(".my-table")).to_contain_text("Result confirmed")
            else:
                for _, page in phones:
                    page.goto(play_url)
                    if page.locator(".my-table-number").count():
                        report_win(page, play_url)
            console.goto(console_url)
            enter_missing_results(console, event)
            console.goto(console_url)
            expect(console.locator(".console-round")).to_contain_text("every result is in")

        expect(console.get_by_role("button", name="Pair round 4")).to_have_count(0)
        console.get_by_role("button", name="Start the top cut").click()
        expect(console.get_by_role("heading", name="Top cut, round 4")).to_be_visible()
        event.refresh_from_db()
        enter_missing_results(console, event)
        console.goto(console_url)
        console.get_by_role("button", name="Pair the next top-cut round").click()
        expect(console.get_by_role("heading", name="Top cut, round 5")).to_be_visible()
        event.refresh_from_db()
        enter_missing_results(console, event)
        console.goto(console_url)
        console.get_by_role("button", name="Finish the event").click()
        expect(console.locator("[data-state]")).to_have_text("Finished")

        # The public pages: the bracket drawn with its champion, the standings after round 3.
        final = Match.objects.get(round__event=event, round__number=5)
        champion = final.player_a.user.username
        console.goto(f"{base}/events/{event.pk}/bracket/")
        expect(console.locator(".bracket-round")).to_have_count(2)
        expect(console.locator(".bracket-player.winner").last).to_contain_text(champion)
        console.screenshot(path=str(screenshot_dir / "tournament-bracket.png"), full_page=True)
        console.goto(f"{base}/events/{event.pk}/standings/")
        expect(console.locator(".standing-row")).to_have_count(7)
        # The event is over: its standings are final, the top cut's winner first (#36).
        expect(console.get_by_text("Final standings")).to_be_visible()
        expect(console.locator(".standing-row").first).to_contain_text(champion)
    finally:
        for context in contexts:
            context.close()
