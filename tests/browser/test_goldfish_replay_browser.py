"""A player replays one game of a play-out on the goldfish page, turn by turn, in a real Chromium (CSP enforced)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_goldfish_browser import faith_curves
from tests.decks.conftest import _load_cv
from tests.decks.conftest import legal_cv_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_replays_a_game_of_the_play_out_turn_by_turn(live_server, browser_page, card_media_cleanup, screenshot_dir):
    _load_cv(60)
    page = browser_page
    faith_curves(page, live_server.url, legal_cv_text(37) + "\n3 By Small Means")
    page.get_by_role("tab", name="Play-out").click()
    page.locator("#play-trials").fill("5000")
    page.locator("#play-seed").fill("42")  # the replay form's blank seed and trials take these
    replay = page.locator("#replay-form")
    replay.get_by_label("Game number").fill("3")
    replay.get_by_role("button", name="Replay").click()

    result = page.locator("#replay-result")
    expect(result.locator(".replay-meta")).to_contain_text("Game 3 of 5000 · seed 42")
    turns = result.locator(".replay-turn")
    expect(turns.first).to_be_visible()
    expect(turns.first).to_contain_text("Set-up: the opening hand")
    expect(turns.nth(1)).to_be_hidden()  # one turn at a time
    images = turns.first.locator(".replay-cards img")
    expect(images).to_have_count(5)
    assert re.fullmatch(r"/cards/\d+/image/", images.first.get_attribute("src"))

    result.get_by_role("button", name="Next turn").click()
    expect(turns.nth(1)).to_be_visible()
    expect(turns.nth(1)).to_contain_text("Drew ")
    expect(result.locator(".replay-at")).to_contain_text("Turn 1 of")
    result.get_by_role("button", name="All turns").click()
    expect(turns.last).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "goldfish-replay.png"), full_page=True)


def test_a_replay_after_a_play_out_is_a_game_of_that_play_out(live_server, browser_page, card_media_cleanup):
    _load_cv(60)
    page = browser_page
    faith_curves(page, live_server.url, legal_cv_text(37) + "\n3 By Small Means")
    page.get_by_role("tab", name="Play-out").click()
    page.locator("#play-trials").fill("2000")  # small enough to run in the request; the seed is left random
    page.get_by_role("button", name="Play it out").click()
    expect(page.locator("#run-state")).to_contain_text("done")
    summary = page.locator("#run-result .run-summary").inner_text()
    seed = re.search(r"seed (\d+)", summary).group(1)
    page.locator("#play-trials").fill("99")  # the play-out shown wins over the fields edited since
    page.locator("#replay-form").get_by_role("button", name="Replay").click()
    expect(page.locator("#replay-result .replay-meta")).to_contain_text(f"Game 1 of 2000 · seed {seed}")
