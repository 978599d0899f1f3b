"""A deck's history in a real Chromium: the kept versions, what each changed, two compared, at desktop and phone."""

import copy

import pytest
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from decks.lists import services
from decks.lists import views
from decks.lists.services import deck_update
from tests.conftest import CV_SMALL
from tests.decks.lists.test_deck_pages import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_history_shows_the_kept_versions_and_compares_two(
    live_server, browser_page, card_media_cleanup, screenshot_dir, monkeypatch, alice, width
):
    monkeypatch.setattr(services, "MAX_VERSIONS", 3)
    monkeypatch.setattr(views, "MAX_VERSIONS", 3)
    catalog_load(document=copy.deepcopy(CV_SMALL))
    deck = make_deck(alice, decklist="1 Pride Cycle", visibility="public")
    for copies in (2, 3, 4):
        deck = deck_update(deck=deck, decklist=f"{copies} Pride Cycle")
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/decks/{deck.pk}/versions/")

    expect(page.get_by_role("heading", name="Version 4")).to_be_visible()
    expect(page.get_by_role("heading", name="Version 1")).to_have_count(0)
    oldest = page.locator("#v2")
    expect(oldest).to_contain_text("The versions before it are no longer kept (a deck keeps its latest 3).")
    expect(oldest.get_by_role("link", name="diff")).to_have_count(0)
    expect(page.locator("#v4 .deck-added")).to_contain_text("Pride Cycle")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing runs off a phone's screen
    page.screenshot(path=str(screenshot_dir / f"deck-versions-{width}.png"), full_page=True)

    page.get_by_label("Compare version").select_option("2")
    page.get_by_label("with version").select_option("4")
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_role("heading", name="From version 2 to version 4")).to_be_visible()
