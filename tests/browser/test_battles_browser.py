"""A player settles one battle of each fixed-deck game on its calculator page, in a real Chromium, no reloads."""

import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.conftest import htmx_settled
from tests.conftest import celery_worker
from tests.decks.battles.conftest import load_starter_catalogs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def add(page: Page, title: str, to: str) -> None:
    """Search as you type, then add the card to a player or side from the results."""
    page.get_by_label("Find a card").fill(title)
    page.locator("#calculator").get_by_role("link", name=f"Add {title} to {to}", exact=True).click()
    expect(page.locator("#calculator .calc-card-title", has_text=title).first).to_be_visible()
    htmx_settled(page)


def test_it_resolves_one_battle_of_each_game(live_server, browser_page, card_media_cleanup, screenshot_dir, settings):
    load_starter_catalogs()
    # No worker serves the browser tests: the battalion simulation runs in its request, as small jobs do.
    settings.GOLDFISH_INLINE_SECONDS = 30.0
    # ...and on a busy machine it may take longer than the request's usual deadline, past which it would wait for
    # a worker that this test has not started.
    settings.GOLDFISH_INLINE_DEADLINE = 60.0
    page = browser_page

    page.goto(f"{live_server.url}/rules/book-of-mormon-battles/")
    expect(page.get_by_role("heading", name="Book of Mormon Battles: who wins?")).to_be_visible()
    page.evaluate("window.__sameDocument = true")
    add(page, "Shiblon", "Player 1")
    add(page, "Faith", "Player 1")
    add(page, "Lehi", "Player 2")
    verdict = page.locator("#calc-verdict")
    expect(verdict).to_have_text("Player 1 wins with 5000.")
    expect(page.locator(".calc-steps li").first).to_contain_text("Faith:")
    # The URL holds the cards, and it was never a full page load.
    expect(page).to_have_url(re.compile(r"p1=Shiblon&p1=Faith&p2=Lehi"))
    assert page.evaluate("window.__sameDocument") is True
    assert re.fullmatch(r"/cards/\d+/image/", page.locator(".calc-card img").first.get_attribute("src"))
    # Renaming a player updates the outcome in place.
    page.get_by_label("Name of Player 1").fill("Ann")
    page.get_by_label("Name of Player 1").press("Tab")
    expect(verdict).to_have_text("Ann wins with 5000.")
    # The chance of Ann's battalion, as a job with a progress bar.
    page.get_by_role("button", name="Simulate 10,000 battles").click()
    expect(page.locator("[data-simulation-state]")).to_contain_text(
        "of 10000 battles against 1 opponent(s), playing Shiblon + Faith (5000)", timeout=60_000
    )
    assert page.locator(".calc-simulation progress").evaluate("p => p.value") == 1
    page.screenshot(path=str(screenshot_dir / "battles-bomb.png"), full_page=True)

    page.goto(f"{live_server.url}/rules/warriors-of-the-promised-land/")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Nephi and the Faith: Vision card: 1 + 3 + 2 = 6").click()
    expect(page.locator("#calc-verdict")).to_have_text("The challenger wins, 6 to 2.")
    add(page, "Wickedness: Pride", "Defender")  # Pahoran is Righteous: a Wicked card cannot join him
    expect(page.locator("#calc-verdict")).to_contain_text("Not a legal play")
    assert page.evaluate("window.__sameDocument") is True

    page.goto(f"{live_server.url}/rules/battle-cards/")
    add(page, "Lion of Judah", "Card A")
    add(page, "Gog of Magog", "Card B")
    expect(page.locator("#calc-verdict")).to_have_text("Card B wins by size.")
    page.get_by_label("Category").select_option("skill")
    expect(page.locator("#calc-verdict")).to_have_text("Card A wins by score.")
    expect(page).to_have_url(re.compile(r"category=skill"))
    # The best squad is a few seconds of work: it goes to a real worker, and the bar follows it.
    with celery_worker("test-battles") as queue:
        settings.GOLDFISH_QUEUE = queue
        page.get_by_role("button", name="Find the best squad").click()
        expect(page.locator("[data-simulation-state]")).to_contain_text("Best of 200 squads:", timeout=60_000)
    assert page.locator(".calc-simulation progress").evaluate("p => p.value") == 1
