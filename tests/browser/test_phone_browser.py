"""The site on a phone (360 by 740): every main page fits the width, the header's menu folds behind a button,
and the search pages show cards first with their filters in a drawer behind a "Filters" button.

Each page is also photographed at desktop and phone sizes into var/screenshots/ (phone-*.png, desktop-*.png).
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}

# What sticks out past the right edge, for the failure message: the widest offenders, as tag.class (width).
WIDER_THAN_THE_PAGE = """() => {
  const limit = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")]
    .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
    .slice(0, 6)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${el.getBoundingClientRect().right}`);
}"""


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport=PHONE, locale="en-US", device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    page.wait_for_load_state("networkidle")  # no card face still being drawn when the database is flushed
    context.close()


def _pages(demo_site, *, signed_in: bool) -> dict[str, str]:
    """The main pages by a short name, for an anonymous visitor or for alice."""
    if not signed_in:
        return {
            "home": "/",
            "catalog": "/catalog/chapter-and-verse/",
            "card": f"/cards/{demo_site.card.pk}/",
            "validate": "/decks/validate/",
            "goldfish": f"/decks/goldfish/?deck={demo_site.deck.pk}",
            "deck": f"/decks/{demo_site.deck.pk}/",
            "public-decks": "/decks/public/",
            "public-decks-liked-first": "/decks/public/?sort=likes",
            "events": "/events/",
            "event": f"/events/{demo_site.event.pk}/",
            "search-help": "/search/help/",
            "login": "/accounts/login/",
            "signup": "/accounts/signup/",
            "password-reset": "/accounts/password_reset/",
        }
    return {
        "builder": "/decks/new/?game=chapter-and-verse",
        "builder-edit": f"/decks/{demo_site.deck.pk}/edit/",
        "my-decks": "/decks/",
        "collection": "/collection/",
        "collection-browse": "/collection/chapter-and-verse/",
        "trades": "/trades/",
        "trade": f"/trades/{demo_site.trade.pk}/",
        "settings": "/collection/settings/",
        "notifications": "/notifications/",
        "liked-decks": "/decks/liked/",
        "proposals": "/proposals/",
        "propose": f"/cards/{demo_site.card.pk}/propose/",
        "propose-new": "/proposals/new/chapter-and-verse/",  # its set list names a long set
        "card-history": f"/cards/{demo_site.card.pk}/history/",
    }


def _overflow(page) -> list[str]:
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    return [] if fits else page.evaluate(WIDER_THAN_THE_PAGE) or ["(the page is wider, no single element found)"]


def _photograph_and_measure(page, base: str, pages: dict[str, str], screenshot_dir) -> dict[str, list[str]]:
    """Each page at desktop size then at phone size (a photo of each); what overflows the phone's width, by page."""
    too_wide = {}
    for name, path in pages.items():
        page.set_viewport_size(DESKTOP)
        response = page.goto(base + path)
        assert response.ok, f"{path}: {response.status}"
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(screenshot_dir / f"desktop-{name}.png"), full_page=True)
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(50)  # the layout settles at the new width
        page.screenshot(path=str(screenshot_dir / f"phone-{name}.png"), full_page=True)
        page.wait_for_load_state("networkidle")
        if found := _overflow(page):
            too_wide[path] = found
    return too_wide


# A visitor's pages and a player's in two tests: one walk of both took half a minute, near a tenth of the limit.
def test_it_fits_every_visitors_page_into_a_phone_width(
    live_server, demo_site, phone, screenshot_dir, card_media_cleanup
):
    too_wide = _photograph_and_measure(phone, live_server.url, _pages(demo_site, signed_in=False), screenshot_dir)
    assert too_wide == {}


def test_it_fits_every_players_page_into_a_phone_width(
    live_server, demo_site, phone, screenshot_dir, card_media_cleanup
):
    log_in(phone, live_server.url, "alice")
    expect(phone.get_by_role("button", name="Menu")).to_be_visible()
    too_wide = _photograph_and_measure(phone, live_server.url, _pages(demo_site, signed_in=True), screenshot_dir)
    assert too_wide == {}


def test_it_folds_the_header_menu_behind_a_button_on_a_phone(live_server, phone):
    phone.goto(live_server.url + "/")
    menu = phone.get_by_role("button", name="Menu")
    events = phone.get_by_role("navigation", name="Main").get_by_role("link", name="Events")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(events).to_be_hidden()
    assert phone.locator(".site-header").bounding_box()["height"] < 80  # one row, not four

    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(events).to_be_visible()
    phone.keyboard.press("Escape")
    expect(events).to_be_hidden()

    menu.click()
    events.click()
    expect(phone).to_have_url(live_server.url + "/events/")


def test_it_keeps_the_notification_bell_beside_the_menu_button_on_a_phone(live_server, demo_site, phone):
    from cardcollections.notifications.services import notify

    notify(demo_site.alice, kind="trade-declined", message="bob declined your offer.", url="/trades/")
    log_in(phone, live_server.url, "alice")
    menu = phone.get_by_role("button", name="Menu")
    bell = phone.locator(".nav-bell")
    expect(bell).to_be_visible()  # not folded behind the menu
    expect(bell.locator(".bell-count")).to_have_text("1")
    assert phone.locator(".site-header").bounding_box()["height"] < 80  # still one row
    bell_box, menu_box = bell.bounding_box(), menu.bounding_box()
    assert abs((bell_box["y"] + bell_box["height"] / 2) - (menu_box["y"] + menu_box["height"] / 2)) < 8
    bell.click()
    expect(phone).to_have_url(live_server.url + "/notifications/")


def test_it_shows_the_whole_menu_at_desktop_size_with_no_button(live_server, browser_page):
    browser_page.goto(live_server.url + "/")
    expect(browser_page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(browser_page.get_by_role("navigation", name="Main").get_by_role("link", name="Events")).to_be_visible()


def _open_the_drawer(page, *, in_use: int):
    """The Filters button shows `in_use`; it opens the drawer over the page. Returns (button, drawer)."""
    button = page.locator(".filter-toggle")
    drawer = page.locator("#filter-drawer")
    expect(drawer).to_be_hidden()
    if in_use:
        expect(button.locator("[data-filter-count]")).to_have_text(str(in_use))
        expect(button).to_have_attribute("aria-label", f"Filters, {in_use} in use")
    else:
        expect(button.locator("[data-filter-count]")).to_be_hidden()
    # Cards first: a card is on the first screen, above where the filters would be.
    first_card = page.locator("#results .card-tile, #builder-results .result-row").first
    expect(first_card).to_be_in_viewport()
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(drawer).to_be_visible()
    return button, drawer


def test_it_puts_the_catalog_filters_in_a_drawer_with_the_count_in_use(live_server, demo_site, phone, screenshot_dir):
    phone.goto(live_server.url + "/catalog/chapter-and-verse/?theme=faith")
    button, drawer = _open_the_drawer(phone, in_use=1)
    phone.screenshot(path=str(screenshot_dir / "phone-catalog-filters.png"))
    drawer.get_by_label("Advanced").select_option("false")
    expect(button.locator("[data-filter-count]")).to_have_text("2")
    expect(phone).to_have_url(re.compile(r"advanced=false"))
    drawer.get_by_role("button", name="Show cards").click()
    expect(drawer).to_be_hidden()
    expect(button).to_be_focused()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_it_puts_the_collection_and_builder_filters_in_a_drawer(live_server, demo_site, phone):
    base = live_server.url
    log_in(phone, base, "alice")
    phone.goto(base + "/collection/chapter-and-verse/?owned=1")
    _, drawer = _open_the_drawer(phone, in_use=1)
    expect(drawer.get_by_label("Only cards I own")).to_be_checked()

    phone.goto(base + "/decks/new/?game=chapter-and-verse")
    button, drawer = _open_the_drawer(phone, in_use=0)
    expect(drawer.get_by_label("Theme")).to_be_visible()  # the builder's folded Filters are open in the drawer
    drawer.get_by_label("Only cards I own (free copies)").check()
    expect(button.locator("[data-filter-count]")).to_have_text("1")
    phone.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
