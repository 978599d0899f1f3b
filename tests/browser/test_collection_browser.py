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
from tests.browser.conftest import account_menu
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
        account_menu(bob_page).get_by_role("link", name="Trades").click()
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
    account_menu(other).get_by_role("button", name="Log out").click()
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


def test_the_card_picker_names_the_card_on_the_wishlist_and_in_a_trade_offer(
    live_server, demo_site, browser_page, screenshot_dir, card_media_cleanup
):
    """#36: "'mustard seeed' → 'No card is called mustard seeed'", and "the trade offer form lists every card you
    own as a number box with no search (1,877 px tall on a phone)". One picker, search as you type, with faces."""
    from cardcollections.models import TradeLine
    from cardcollections.models import WishlistEntry

    page = browser_page
    log_in(page, live_server.url, "alice", "/collection/chapter-and-verse/wishlist/")
    title = page.get_by_role("combobox", name="Card title")
    title.press_sequentially("mustard seeed")
    choice = page.get_by_role("option", name="Mustard Seed")
    expect(choice).to_be_visible()
    expect(choice.locator("img")).to_have_js_property("complete", True)
    expect(title).to_have_attribute("aria-expanded", "true")
    page.screenshot(path=str(screenshot_dir / "desktop-wishlist-picker.png"))
    title.press("Enter")  # the first choice is highlighted: Enter picks it, it does not send the form
    expect(title).to_have_value("Mustard Seed")
    expect(title).to_have_attribute("aria-expanded", "false")
    page.get_by_label("Wanted").fill("2")
    page.get_by_role("button", name="Add").click()
    expect(page.locator(".wishlist")).to_contain_text("2 \u00d7 Mustard Seed")
    assert WishlistEntry.objects.get(owner=demo_site.alice).wanted == 2

    # A trade offer: alice's cards wait folded; the picker brings one forward with a copy asked.
    bob_card = Card.objects.get(game__slug="chapter-and-verse", title="Mustard Seed")
    collection_change(owner=demo_site.bob, card=bob_card, delta=2)
    trade_list_change(owner=demo_site.bob, card=bob_card, delta=1)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/trades/new/?to=bob&game=chapter-and-verse")
    give = page.locator("#give-rows")
    expect(give.locator("tr[data-card-id]:visible")).to_have_count(0)
    expect(page.get_by_role("button", name="Show all")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight") < 1200  # it was 1,877 px on a phone
    mine = page.get_by_role("combobox", name="Find a card of mine")
    mine.press_sequentially("gathr the shep")
    page.get_by_role("option", name="Gather the Sheep").click()
    gather = give.locator("tr[data-card-id]:visible")
    expect(gather).to_have_count(1)
    expect(gather.locator("input")).to_have_value("1")
    expect(gather.locator("input")).to_be_focused()
    theirs = page.get_by_role("combobox", name="Find a card on their trade list")
    theirs.press_sequentially("mustard")
    expect(page.get_by_role("option", name="Mustard Seed")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "phone-trade-picker.png"), full_page=True)
    theirs.press("Enter")
    expect(page.locator("#get-rows tr[data-card-id]:visible input")).to_have_value("1")
    page.get_by_role("button", name="Send offer").click()
    expect(page.locator(".trade-status")).to_have_text("Proposed")
    trade = Trade.objects.exclude(pk=demo_site.trade.pk).get()
    lines = {(line.side, line.card.title, line.quantity) for line in trade.lines.select_related("card")}
    assert lines == {(TradeLine.Side.PROPOSER, "Gather the Sheep", 1), (TradeLine.Side.RECIPIENT, "Mustard Seed", 1)}


def test_a_new_card_proposal_finds_a_card_already_in_the_catalog_and_opens_its_edit(
    live_server, demo_site, browser_page, card_media_cleanup
):
    """#36: the card picker on the proposals pages: a player about to propose "Mustard Seed" again finds it, and a
    pick opens that card's "propose an edit" page instead of a second card."""
    page = browser_page
    log_in(page, live_server.url, "alice", "/proposals/new/chapter-and-verse/")
    find = page.get_by_role("combobox", name="Find a card")
    find.press_sequentially("mustard seeed")
    expect(page.get_by_role("option", name="Mustard Seed")).to_be_visible()
    find.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Propose an edit of Mustard Seed")
    assert "/propose/" in page.url
