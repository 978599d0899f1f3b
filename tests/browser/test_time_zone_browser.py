"""Times in the visitor's own time zone: the browser names it (static/js/site.js sets the `tz` cookie) and the
event page shows the deadline in it, a Denver browser at 18:00 MST what is 01:00 UTC."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.models import Game
from decks.events.services import event_create
from tests.decks.conftest import _load_cv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_browser_in_denver_sees_an_events_deadline_in_denver_time(live_server, chromium):
    _load_cv(5)
    organiser = get_user_model().objects.create_user("olga", password="olga-password-1")
    year = datetime.date.today().year + 1
    event = event_create(
        organiser=organiser,
        name="Winter Open",
        game=Game.objects.get(slug="chapter-and-verse"),
        format_slug=None,
        deadline=datetime.datetime(year, 12, 22, 1, 0, tzinfo=datetime.UTC),
    )
    context = chromium.new_context(timezone_id="America/Denver", locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/")  # the first page names the zone; the next is shown in it
        page.goto(f"{live_server.url}/events/{event.pk}/")
        expect(page.locator("dl")).to_contain_text(f"21 Dec {year} 18:00 MST")
        assert {c["name"]: c["value"] for c in context.cookies()}["tz"] == "America/Denver"
    finally:
        context.close()
