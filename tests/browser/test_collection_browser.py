"""A new player in a real Chromium: signs up, adds cards with the plus button, imports a CSV,
and offers a trade to bob, who logs in and accepts it."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import trade_list_change
from cardcollections.models import Card
from cardcollections.models import CollectionEntry
from cardcollections.models import Trade
from tests.browser.conftest import log_in
from tests.browser.conftest import offer_trade
from tests.conftest import CV_SMALL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def owned(username: str) -> dict:
    rows = CollectionEntry.objects.filter(owner__username=username, quantity__gt=0).select_related("card")
    totals: dict = {}
    for row in rows:
        totals[row.card.title] = totals.get(row.card.title, 0) + row.quantity
    return totals


def test_it_signs_up_collects_imports_and_trades(
    live_server, chromium, browser_page, screenshot_dir, card_media_cleanup
):
    catalog_load(document=CV_SMALL)
    bob = get_user_model().objects.create_user("bob", password="bob-password-1")
    catalog = {c.title: c for c in Card.objects.all()}
    collection_change(owner=bob, card=catalog["Faith Without Works"], delta=2)
    trade_list_change(owner=bob, card=catalog["Faith Without Works"], delta=1)
    page = browser_page

    # Sign up: the new account is signed in at once.
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill("a-long-pass-phrase-9")
    page.get_by_label("Password confirmation").fill("a-long-pass-phrase-9")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My collection")

    # Add two copies of Pride Cycle with the plus button; the tile updates in place.
    page.get_by_role("link", name="Chapter and Verse").first.click()
    tile = page.locator(".collection-tile", has_text="Pride Cycle")
    plus = tile.get_by_role("button", name="One more copy of Pride Cycle")
    plus.click()
    expect(tile.locator(".counter-value").first).to_have_text("1")
    page.locator(".collection-tile", has_text="Pride Cycle").get_by_role(
        "button", name="One more copy of Pride Cycle"
    ).click()
    expect(page.locator(".collection-tile", has_text="Pride Cycle").locator(".counter-value").first).to_have_text("2")
    assert owned("dana") == {"Pride Cycle": 2}

    # Import a CSV (pasted): it adds to the collection.
    page.get_by_role("link", name="Import").click()
    page.get_by_label("Or paste it here").fill(
        "Count,Name,Set,Number,Condition,Notes\n3,By Small Means,CV1,1,Near Mint,\n"
    )
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".job-status")).to_contain_text("Imported: 1 row, 3 copies added")
    assert owned("dana") == {"Pride Cycle": 2, "By Small Means": 3}
    page.screenshot(path=screenshot_dir / "collection-import.png", full_page=True)

    # Offer bob one Pride Cycle for one Faith Without Works from his trade list.
    offer_trade(page, live_server.url, "bob", "Pride Cycle", "Faith Without Works")
    trade = Trade.objects.get()

    # bob logs in in his own browser and accepts.
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        bob_page = context.new_page()
        bob_page.set_default_timeout(20_000)
        log_in(bob_page, live_server.url, "bob")
        bob_page.get_by_role("link", name="Trades").click()
        bob_page.locator(".incoming").get_by_role("link", name=f"Trade {trade.pk}").click()
        bob_page.get_by_role("button", name="Accept").click()
        expect(bob_page.get_by_role("status")).to_contain_text("Accepted: the cards have moved.")
        expect(bob_page.locator(".trade-status")).to_have_text("Accepted")
        bob_page.screenshot(path=screenshot_dir / "trade-accepted.png", full_page=True)
    finally:
        context.close()

    assert owned("dana") == {"Pride Cycle": 1, "By Small Means": 3, "Faith Without Works": 1}
    assert owned("bob") == {"Faith Without Works": 1, "Pride Cycle": 1}


def test_a_plus_after_logging_out_in_another_tab_says_so_instead_of_showing_the_login_page(
    live_server, chromium, browser_page, card_media_cleanup
):
    catalog_load(document=CV_SMALL)
    get_user_model().objects.create_user("bob", password="bob-password-1")
    page = browser_page
    log_in(page, live_server.url, "bob", "/collection/chapter-and-verse/")
    expect(page.locator(".collection-tile").first).to_be_visible()

    other = page.context.new_page()  # the same browser, another tab: log out there
    other.goto(live_server.url + "/")
    other.get_by_role("button", name="Log out").click()
    # Wait for the logout to land, and leave the tab open (the context closes it): closing a tab in the middle
    # of its navigation has hung Chromium's page.close() for the whole test limit.
    expect(other.get_by_role("link", name="Log in")).to_be_visible()

    page.get_by_role("button", name="One more copy of Faith Without Works").first.click()
    problem = page.locator("#site-problem")
    expect(problem).to_contain_text("You are signed out, so that was not done.")
    expect(problem.get_by_role("link", name="Log in again")).to_have_attribute(
        "href", "/accounts/login/?next=%2Fcollection%2Fchapter-and-verse%2F"
    )
    expect(page.locator(".collection-tile input[name=username]")).to_have_count(0)  # no login form in a tile
    assert not CollectionEntry.objects.exists()
