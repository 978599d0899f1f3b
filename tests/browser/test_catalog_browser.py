"""A visitor browses the Chapter and Verse catalog in a real Chromium: home, search, card page, card image."""

import re

import pytest
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def cv_card(number: str, title: str, scripture: str, reference: str, **fields) -> dict:
    return {
        "set": "BR1",
        "number": number,
        "title": title,
        "sacrifice": fields.pop("sacrifice", 1),
        "icons": fields.pop("icons", {"faith": 1}),
        "scripture": scripture,
        "reference": reference,
        "standard_work": fields.pop("standard_work", "new-testament"),
        **fields,
    }


CATALOG = {
    "game": "chapter-and-verse",
    "sets": [{"code": "BR1", "name": "Browser Set", "released": "2008-03-27"}],
    "cards": [
        cv_card(
            "1",
            "Faith Without Works",
            "Even so faith, if it hath not works, is dead, being alone.",
            "James 2:17",
            icons={"faith": 2, "strength": 1},
            markers=["Faith Verse"],
            effects=[{"kind": "prayer", "n": 2}],
        ),
        cv_card(
            "2",
            "Small and Simple",
            "by small and simple things are great things brought to pass",
            "Alma 37:6",
            standard_work="book-of-mormon",
            icons={"wisdom": 2, "histories": 1},
        ),
        cv_card("3", "Be Still", "Be still, and know that I am God", "Psalms 46:10", standard_work="old-testament"),
        cv_card(
            "4",
            "Love One Another",
            "A new commandment I give unto you, That ye love one another",
            "John 13:34",
            icons={"strength": 2},
        ),
    ],
}


def test_it_searches_the_catalog_and_opens_a_card(live_server, browser_page, screenshot_dir, card_media_cleanup):
    catalog_load(document=CATALOG)
    page = browser_page

    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Card catalogs")
    page.get_by_role("link", name=re.compile(r"^Chapter and Verse\b.*4\s+cards")).click()

    expect(page).to_have_url(re.compile(r"/catalog/chapter-and-verse/$"))
    tiles = page.locator(".card-grid .card-tile")
    expect(tiles).to_have_count(4)

    # Typing searches (htmx swaps the results); the URL keeps the query.
    page.get_by_placeholder(re.compile("Search titles")).fill("small simple")
    expect(tiles).to_have_count(1)
    expect(tiles.first).to_contain_text("Small and Simple")
    expect(page).to_have_url(re.compile(r"/catalog/chapter-and-verse/\?q=small(\+|%20)simple$"))
    page.get_by_placeholder(re.compile("Search titles")).fill("faith")
    expect(tiles).to_have_count(1)
    expect(tiles.first).to_contain_text("Faith Without Works")

    # Every image in the grid loaded (the image view redirects to a drawn face).
    grid_image = tiles.first.locator("img")
    grid_image.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=grid_image.element_handle())
    page.screenshot(path=screenshot_dir / "catalog-search.png", full_page=True)

    # Leaving the search box (as clicking a result does) starts no second
    # search: its pushed URL would cancel the click's navigation.
    expect(page).to_have_url(re.compile(r"\?q=faith$"))
    started = page.evaluate(
        """() => {
            let n = 0;
            const count = () => { n += 1; };
            document.addEventListener("htmx:beforeRequest", count);
            document.querySelector("#q").blur();
            document.removeEventListener("htmx:beforeRequest", count);
            return n;
        }"""
    )
    assert started == 0

    tiles.first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/cards/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Faith Without Works")
    expect(page.locator(".scripture blockquote")).to_contain_text("Even so faith, if it hath not works")
    expect(page.locator(".scripture figcaption")).to_contain_text("James 2:17")
    expect(page.get_by_text("Prayer (2)")).to_be_visible()

    image = page.locator("#card-image")
    page.wait_for_function("img => img.complete", arg=image.element_handle())
    natural_width = page.evaluate("document.querySelector('#card-image').naturalWidth")
    assert natural_width > 0
    page.screenshot(path=screenshot_dir / "card-page.png", full_page=True)


def test_it_explains_a_bad_filter_value_in_the_page(live_server, browser_page, card_media_cleanup):
    catalog_load(document=CATALOG)
    page = browser_page

    response = page.goto(live_server.url + "/catalog/chapter-and-verse/?sacrifice_min=lots")

    assert response.status == 400
    expect(page.get_by_role("alert")).to_contain_text("Sacrifice from: Enter a number.")
    expect(page.locator(".card-grid .card-tile")).to_have_count(0)


def test_a_player_counts_their_copies_from_the_card_page(live_server, browser_page, card_media_cleanup, alice):
    from cardcollections.collection.selectors import owned_by_card
    from cardcollections.models import Card

    catalog_load(document=CATALOG)
    card = Card.objects.get(title="Be Still")
    page = browser_page
    log_in(page, live_server.url, "alice", f"/cards/{card.pk}/")
    panel = page.locator("#card-owned")
    expect(panel).to_contain_text("You have 0 copies of this printing")
    expect(panel.get_by_role("button", name="One copy fewer of Be Still")).to_be_disabled()

    panel.get_by_role("button", name="One more copy of Be Still").click()
    expect(page.locator("#card-owned")).to_contain_text("You have 1 copy of this printing")
    page.locator("#card-owned").get_by_role("button", name="One more copy of Be Still").click()
    expect(page.locator("#card-owned")).to_contain_text("You have 2 copies of this printing")
    page.locator("#card-owned").get_by_role("button", name="One copy fewer of Be Still").click()
    expect(page.locator("#card-owned")).to_contain_text("You have 1 copy of this printing")
    expect(page).to_have_url(re.compile(rf"/cards/{card.pk}/#card-owned$"))
    assert owned_by_card(owner=alice, card_ids=[card.pk])[card.pk]["quantity"] == 1
