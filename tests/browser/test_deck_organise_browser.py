"""Decks as something players keep in order, in a real Chromium: the builder's considering board."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.models import Deck
from tests.browser.conftest import log_in
from tests.decks.conftest import _load_cv
from tests.decks.conftest import legal_cv_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_card_goes_to_the_considering_board_and_back_with_one_click(live_server, browser_page, screenshot_dir):
    _load_cv(60)
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    game = Game.objects.get(slug="chapter-and-verse")
    deck = deck_create(owner=alice, game=game, name="Forty", decklist=legal_cv_text())
    page = browser_page
    log_in(page, live_server.url, "alice", f"/decks/{deck.pk}/edit/")
    validation = page.locator("#deck-validation")
    board = page.locator("#deck-board")
    expect(validation).to_have_attribute("data-legal", "true")
    expect(board).to_have_attribute("data-count", "0")

    page.get_by_role("button", name="Move Verse 001 (CV1 1) to the considering board").click()
    expect(board).to_have_attribute("data-count", "2")
    expect(board.locator(".board-printing")).to_have_attribute("data-title", "Verse 001")
    expect(page.locator("#deck-total")).to_have_text("38")
    expect(validation).to_have_attribute("data-legal", "false")  # the board does not count
    expect(page.locator("#deck-dirty")).to_have_text("Unsaved changes")
    page.screenshot(path=screenshot_dir / "builder-considering.png", full_page=True)

    page.get_by_role("button", name="Save deck").click()
    expect(page.locator("#deck-save-message")).to_contain_text("Saved version 2.")
    deck.refresh_from_db()
    assert [(e["title"], e["count"]) for e in deck.considering] == [("Verse 001", 2)] and deck.card_count == 38

    page.get_by_role("button", name="Move Verse 001 (CV1 1) to the deck").click()
    expect(board).to_have_attribute("data-count", "0")
    expect(page.locator("#deck-total")).to_have_text("40")
    expect(validation).to_have_attribute("data-legal", "true")
    page.get_by_role("button", name="Save deck").click()
    expect(page.locator("#deck-save-message")).to_contain_text("Saved version 3.")
    deck = Deck.objects.get()
    assert deck.considering == [] and deck.card_count == 40 and deck.legal


def test_a_deck_goes_in_a_folder_with_tags_and_my_decks_filter_by_them(live_server, browser_page):
    _load_cv(60)
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    game = Game.objects.get(slug="chapter-and-verse")
    deck = deck_create(owner=alice, game=game, name="Spring faith", decklist="2 Verse 001\n")
    deck_create(owner=alice, game=game, name="Other deck", decklist="2 Verse 002\n")
    page = browser_page
    log_in(page, live_server.url, "alice", "/decks/")
    rows = page.locator(".deck-row")
    expect(rows).to_have_count(2)

    page.get_by_label("New folder").fill("Tournaments")
    page.get_by_role("button", name="Make folder").click()
    expect(page.locator(".deck-folder")).to_contain_text("Tournaments")

    page.get_by_role("link", name="Spring faith").click()
    page.locator("#deck-organise summary").click()
    page.locator("#organise-folder").select_option(label="Tournaments")
    page.get_by_label("Tags").fill("Aggro, spring open")
    page.locator("#deck-organise").get_by_role("button", name="Save").click()
    expect(page.locator(".deck-tags")).to_contain_text("aggro")
    expect(page.locator("#deck-organise summary")).to_contain_text("in Tournaments")

    page.goto(f"{live_server.url}/decks/")
    page.locator("#deck-tag-filter").select_option("spring open")  # submits on change
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Spring faith")
    expect(rows.first.locator(".deck-tag")).to_have_text(["aggro", "spring open"])
    page.goto(f"{live_server.url}/decks/")
    page.locator("#deck-folder-filter").select_option(label="Tournaments")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Spring faith")
    assert Deck.objects.get(pk=deck.pk).folder.name == "Tournaments"
