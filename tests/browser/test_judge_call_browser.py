"""A judge call in two browsers: the organiser keeps the calls page open, a player at a table calls a judge from
their phone, and the table shows on the organiser's page within two seconds (it asks every 2 s)."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks.models import Match
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.decks.events.fixtures import close

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_call_reaches_the_organiser_within_two_seconds(live_server, chromium, browser_page, alice, event, seven):
    close(event)
    event_start(event=event)
    event.refresh_from_db()
    round_pair_next(event=event)
    match = Match.objects.filter(round__event=event, player_b__isnull=False).select_related("player_a__user").first()
    player = match.player_a.user
    player.set_password(f"{player.username}-password-1")
    player.save()

    organiser = browser_page
    log_in(organiser, live_server.url, "alice", f"/events/{event.pk}/calls/")
    expect(organiser.get_by_text("No table is calling a judge.")).to_be_visible()

    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(20_000)
    log_in(phone, live_server.url, player.username, f"/events/{event.pk}/play/")
    phone.get_by_placeholder("What is it about? (optional)").fill("Can I quote from memory?")
    phone.get_by_role("button", name=f"Call a judge to table {match.table}").tap()
    expect(phone.get_by_text(f"A judge is called to table {match.table}")).to_be_visible()
    close_when_idle(phone)

    call = organiser.locator(f'.judge-call[data-table="{match.table}"]')
    expect(call).to_be_visible(timeout=3_000)  # the page asks every 2 s
    expect(call).to_contain_text("Can I quote from memory?")
    call.get_by_role("button", name="On my way").click()
    expect(organiser.get_by_text("No table is calling a judge.")).to_be_visible()
    assert User.objects.filter(username=player.username).exists()
