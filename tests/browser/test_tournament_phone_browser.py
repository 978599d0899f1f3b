"""An event's public tables on a phone (360 px): the rank or table number column stays narrow, so each
player's name with their record (standings) or result (pairings) shows without scrolling the table sideways."""

import pytest
from playwright.sync_api import expect

from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["bob", "dora", "eli", "finn", "gia", "hal", "ivy"]  # `seven`


@pytest.fixture
def played_round(event, seven, alice):
    """alice's event, started, its first Swiss round played: the first-listed player of each match won."""
    event_start(event=event)
    for match in round_pair_next(event=event).matches.filter(confirmed=False):
        match_result_set(event=event, match=match, user=alice, wins=[1, 0], draws=0)
    return event


# The column that must still be in view beside the names, on each page.
BESIDE_THE_NAMES = {"standings": "Record", "pairings": "Result"}


@pytest.mark.parametrize("table", ["standings", "pairings"])
def test_every_player_name_and_their_result_show_on_a_phone_without_scrolling_the_table(
    live_server, chromium, played_round, screenshot_dir, table
):
    context = chromium.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{played_round.pk}/{table}/")
    for name in NAMES:
        cell = page.locator(".table-scroll td", has_text=name).first
        expect(cell).to_be_in_viewport(ratio=1)
    header = page.locator(".table-scroll th", has_text=BESIDE_THE_NAMES[table])
    expect(header).to_be_in_viewport(ratio=1)
    for cell in page.locator(f".table-scroll td:nth-child({_column(page, BESIDE_THE_NAMES[table])})").all():
        expect(cell).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(screenshot_dir / f"phone-event-{table}.png"), full_page=True)
    context.close()


def _column(page, heading: str) -> int:
    """The 1-based position of the column headed `heading`."""
    headings = page.locator(".table-scroll thead th").all_inner_texts()
    return [h.strip() for h in headings].index(heading) + 1
