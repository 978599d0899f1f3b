"""Notifications in a real Chromium: alice offers bob a trade; bob's bell shows it, and the notification
leads him to the offer."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import trade_list_change
from cardcollections.models import Card
from cardcollections.models import Trade
from tests.browser.conftest import log_in
from tests.browser.conftest import offer_trade
from tests.conftest import CV_SMALL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_trade_offer_rings_the_other_players_bell(live_server, chromium, browser_page, screenshot_dir):
    catalog_load(document=CV_SMALL)
    User = get_user_model()
    User.objects.create_user("alice", password="alice-password-1")
    bob = User.objects.create_user("bob", password="bob-password-1")
    catalog = {c.title: c for c in Card.objects.all()}
    collection_change(owner=User.objects.get(username="alice"), card=catalog["Pride Cycle"], delta=2)
    collection_change(owner=bob, card=catalog["Faith Without Works"], delta=2)
    trade_list_change(owner=bob, card=catalog["Faith Without Works"], delta=1)

    # bob is signed in, with nothing new.
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        bob_page = context.new_page()
        bob_page.set_default_timeout(20_000)
        log_in(bob_page, live_server.url, "bob", "/trades/")
        bob_bell = bob_page.locator(".nav-bell")
        expect(bob_bell).to_have_attribute("aria-label", "Notifications")
        expect(bob_bell.locator(".bell-count")).to_have_count(0)

        # alice offers him one Pride Cycle for one Faith Without Works.
        page = browser_page
        log_in(page, live_server.url, "alice")
        offer_trade(page, live_server.url, "bob", "Pride Cycle", "Faith Without Works")
        trade = Trade.objects.get()
        expect(page.locator(".nav-bell .bell-count")).to_have_count(0)  # the proposer is not told

        # bob's next page shows the bell's count; the bell leads to the notification, and it to the offer.
        bob_page.reload()
        expect(bob_bell.locator(".bell-count")).to_have_text("1")
        expect(bob_bell).to_have_attribute("aria-label", "Notifications, 1 unread")
        bob_bell.click()
        expect(bob_page.get_by_role("heading", level=1)).to_have_text("Notifications")
        item = bob_page.locator(".notification.is-unread")
        expect(item).to_contain_text("alice offered you a trade.")
        expect(item).to_contain_text("Trade offered")
        bob_page.screenshot(path=screenshot_dir / "notifications.png", full_page=True)
        item.get_by_role("button", name="Open").click()
        expect(bob_page).to_have_url(f"{live_server.url}/trades/{trade.pk}/")
        expect(bob_page.locator(".trade-status")).to_have_text("Proposed")
        expect(bob_page.locator(".nav-bell .bell-count")).to_have_count(0)  # read now
    finally:
        context.close()
