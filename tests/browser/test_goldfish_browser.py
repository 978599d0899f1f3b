"""A player goldfishes a 40-card Chapter and Verse deck in a real Chromium: hand, draw, exact chart, simulation."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.decks.conftest import _load_cv
from tests.decks.conftest import legal_cv_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_draws_a_hand_charts_the_odds_and_runs_a_simulation(
    live_server, browser_page, card_media_cleanup, screenshot_dir
):
    _load_cv(60)
    page = browser_page
    page.goto(f"{live_server.url}/decks/goldfish/")
    expect(page.get_by_role("heading", name="Goldfish a deck")).to_be_visible()
    page.evaluate("window.__sameDocument = true")

    page.get_by_label("Game", exact=True).select_option("chapter-and-verse")
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

    page.get_by_role("tab", name="Simulate").click()
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


def faith_curves(page, base_url: str, decklist: str) -> None:
    """Open the goldfish page with a Chapter and Verse list and draw the exact curve of a Faith icon."""
    page.goto(f"{base_url}/decks/goldfish/")
    page.get_by_label("Game", exact=True).select_option("chapter-and-verse")
    page.get_by_label("Deck list").fill(decklist)
    odds = page.locator("#odds-form")
    odds.get_by_label("Query 1 kind").select_option("theme")
    odds.get_by_label("Query 1 value").fill("faith")
    odds.get_by_role("button", name="Show exact curves").click()
    expect(page.locator("#exact-chart svg")).to_be_visible()


# A job tab's trials field and its run button.
JOB_TABS = {"Simulate": ("#trials", "Run simulation"), "Play-out": ("#play-trials", "Play it out")}


def run_in_tab(page, tab: str, trials: int, state: str) -> None:
    """Run `trials` trials in the job tab `tab` ("Simulate" or "Play-out"); the run's state comes to read `state`."""
    field, button = JOB_TABS[tab]
    page.get_by_role("tab", name=tab).click()
    page.locator(field).fill(str(trials))
    page.get_by_role("button", name=button).click()
    expect(page.locator("#run-state")).to_contain_text(state)


def test_a_job_no_worker_takes_says_so_instead_of_waiting_silently(live_server, browser_page, card_media_cleanup):
    _load_cv(60)
    page = browser_page
    faith_curves(page, live_server.url, legal_cv_text(40))

    # The live server has no worker: a job too big to run in the request stays queued.
    page.locator("#run-state").evaluate("s => s.setAttribute('data-queued-hint-ms', '1000')")
    run_in_tab(page, "Simulate", 50_000_000, "queued")
    expect(page.locator("#run-state")).to_contain_text("no worker has started it yet")


def test_a_play_out_names_the_cards_whose_effects_it_could_not_model(
    live_server, browser_page, card_media_cleanup, starter_catalogs
):
    titles = ["Be Strong", "Go and Do", "In the Service", "Choose You This Day", "Doers of the Word", "Mustard Seed"]
    titles += ["Love One Another", "Keep My Commandments", "First and Great", "Let Your Light Shine"]
    page = browser_page
    faith_curves(page, live_server.url, "\n".join(f"4 {title}" for title in titles))
    run_in_tab(page, "Play-out", 500, "done")
    expect(page.locator("#run-result .run-unmodelled")).to_contain_text("Mustard Seed")


def test_a_player_picks_a_saved_deck_and_answers_in_each_tab_then_cancels_a_job(
    live_server, browser_page, card_media_cleanup, alice
):
    from cardcollections.models import Game
    from decks.goldfish.models import GoldfishJob
    from decks.lists.services import deck_create

    _load_cv(60)
    cv = Game.objects.get(slug="chapter-and-verse")
    deck_create(owner=alice, game=cv, name="Faith forty", decklist=legal_cv_text(37) + "\n3 By Small Means")
    page = browser_page
    log_in(page, live_server.url, "alice", next_path="/decks/goldfish/")
    expect(page.get_by_role("heading", name="Goldfish a deck")).to_be_visible()

    # The saved deck: picked from the list, its list fills the box and a hand is drawn.
    page.get_by_label("Your decks").select_option(label="Faith forty (Chapter and Verse)")
    page.get_by_role("button", name="Use this deck").click()
    expect(page.locator("#hand .hand-card img")).to_have_count(5)
    expect(page.get_by_label("Deck list")).to_have_value(re.compile(r"3 By Small Means"))

    # The three tabs are there from the start; Exact is open and says it answers at once.
    tabs = page.get_by_role("tab")
    expect(tabs).to_have_text(["Exact", "Simulate", "Play-out"])
    expect(page.get_by_role("tab", name="Exact")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#panel-exact")).to_contain_text("answers at once")
    expect(page.locator("#panel-simulate")).to_be_hidden()

    # A ready-made question fills the rows and the turn.
    page.get_by_label("Ready-made question").select_option(label="At least one of each theme by turn 3")
    odds = page.locator("#odds-form")
    expect(odds.get_by_label("Query 1 value")).to_have_value("strength")
    expect(odds.get_by_label("Query 5 value")).to_have_value("trials")
    expect(page.locator("#turns")).to_have_value("3")
    odds.get_by_role("button", name="Show exact curves").click()
    expect(page.locator("#exact-chart svg polyline")).to_have_count(5)

    # Simulate: its cost, from the server's cost model, follows the trials asked for.
    page.get_by_role("tab", name="Simulate").click()
    expect(page.locator("#panel-exact")).to_be_hidden()
    page.locator("#trials").fill("20000")
    page.locator("#trials").blur()
    expect(page.locator("#cost-simulate")).to_have_text("This one needs under a second of worker time.")
    page.get_by_role("button", name="Run simulation").click()
    expect(page.locator("#run-state")).to_contain_text("done")
    expect(page.locator("#run-result")).to_contain_text("20,000 trials")
    expect(page.locator("#run-result tbody tr")).to_have_count(5)

    # Play-out: whole solo games.
    page.get_by_role("tab", name="Play-out").click()
    expect(page.locator("#cost-play")).to_contain_text("worker time")
    page.locator("#play-trials").fill("2000000")  # the estimate follows the typing, before the field is left
    expect(page.locator("#cost-play")).to_contain_text(re.compile(r"about \d+ (s|min) of worker time"))
    page.locator("#play-trials").fill("200")
    page.get_by_role("button", name="Play it out").click()
    expect(page.locator("#run-state")).to_contain_text("done")
    expect(page.locator("#run-result")).to_contain_text("Play-out: 200 trials")

    # A job too big to run in the request waits for a worker (the live server has none): cancel it.
    page.get_by_role("tab", name="Simulate").click()
    page.locator("#trials").fill("50000000")
    page.locator("#trials").blur()
    expect(page.locator("#cost-simulate")).to_contain_text(re.compile(r"about \d+ s of worker time"))
    page.get_by_role("button", name="Run simulation").click()
    expect(page.locator("#run-state")).to_contain_text("queued")
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#run-state")).to_contain_text("cancelled")
    expect(page.get_by_role("button", name="Cancel")).to_be_hidden()
    expect(page.get_by_role("button", name="Run simulation")).to_be_enabled()
    job = GoldfishJob.objects.get(trials=50_000_000)
    assert (job.owner, job.status) == (alice, "cancelled")
