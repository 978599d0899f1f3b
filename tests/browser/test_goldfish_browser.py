"""A player goldfishes a 40-card Chapter and Verse deck in a real Chromium: hand, draw, exact chart, simulation."""

import re

import pytest
from playwright.sync_api import expect

from tests.decks.conftest import _load_cv, legal_cv_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_draws_a_hand_charts_the_odds_and_runs_a_simulation(
    live_server, browser_page, card_media_cleanup, screenshot_dir
):
    _load_cv(60)
    page = browser_page
    page.goto(f"{live_server.url}/decks/goldfish/")
    expect(page.get_by_role("heading", name="Goldfish a deck")).to_be_visible()
    page.evaluate("window.__sameDocument = true")

    page.get_by_label("Game").select_option("chapter-and-verse")
    page.get_by_label("Deck list").fill(legal_cv_text(37) + "\n3 By Small Means")
    page.get_by_role("button", name="Draw a hand").click()

    hand = page.locator("#hand")
    cards = hand.locator(".hand-card img")
    expect(cards).to_have_count(5)
    for i in range(5):
        assert re.fullmatch(r"/cards/\d+/image/", cards.nth(i).get_attribute("src"))
    seed = hand.locator(".hand-seed").inner_text()
    assert seed.isdigit()
    expect(page).to_have_url(re.compile(rf"seed={seed}"))
    first_five = [cards.nth(i).get_attribute("src") for i in range(5)]

    hand.get_by_role("link", name="Draw a card").click()
    expect(cards).to_have_count(6)
    # The same seed: the five cards are still there, one more is drawn.
    assert [cards.nth(i).get_attribute("src") for i in range(5)] == first_five
    expect(page).to_have_url(re.compile(r"drawn=1"))

    odds = page.locator("#odds-form")
    odds.get_by_label("Query 1 kind").select_option("title")
    odds.get_by_label("Query 1 value").fill("By Small Means")
    odds.get_by_label("Query 2 kind").select_option("theme")
    odds.get_by_label("Query 2 value").fill("faith")
    odds.get_by_label("Query 2 at least").fill("3")
    odds.get_by_role("button", name="Show exact curves").click()
    chart = page.locator("#exact-chart svg")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2)
    expect(chart.locator(".series[data-name='By Small Means']")).to_have_count(1)

    page.locator("#trials").fill("200000")
    page.locator("#sim-seed").fill("99")
    page.get_by_role("button", name="Run simulation").click()
    expect(page.locator("#run-state")).to_contain_text("done")
    assert page.locator("#run-progress").evaluate("p => p.value") == 1
    result = page.locator("#run-result")
    expect(result).to_contain_text("200,000 trials, seed 99")
    expect(result.locator("tbody tr")).to_have_count(2)
    assert page.evaluate("window.__sameDocument") is True
    page.screenshot(path=str(screenshot_dir / "goldfish.png"), full_page=True)
