"""A deck page in a real Chromium: a card's image on hover, the visual view without a reload, the charts."""

import copy

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Game
from decks.lists.services import deck_create
from tests.conftest import BB_SMALL
from tests.conftest import CV_SMALL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_shows_card_images_on_hover_and_in_the_visual_view(
    live_server, browser_page, card_media_cleanup, screenshot_dir
):
    catalog_load(document=copy.deepcopy(CV_SMALL))
    catalog_load(document=copy.deepcopy(BB_SMALL))
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    deck = deck_create(
        owner=alice,
        game=Game.objects.get(slug="chapter-and-verse"),
        name="Spring faith",
        decklist="3 By Small Means (CV1) 1\n2 Faith Without Works\n1 Pride Cycle",
        visibility="public",
    )
    page = browser_page
    page.goto(f"{live_server.url}/decks/{deck.pk}/")
    expect(page.get_by_role("heading", name="Spring faith")).to_be_visible()
    page.evaluate("window.__sameDocument = true")

    # Hovering a line shows that card's image.
    link = page.locator(".deck-groups .deck-card-link", has_text="Faith Without Works")
    preview = link.locator(".deck-preview img")
    expect(preview).to_be_hidden()
    link.hover()
    expect(preview).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=preview.element_handle())

    # The charts are drawn.
    expect(page.locator('svg[data-chart="theme-icons"] rect.bar')).to_have_count(5)
    expect(page.locator('svg[data-chart="sacrifice-curve"]')).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "deck-page.png"), full_page=True)

    # The visual view swaps the grouped list for the card images, in place.
    page.get_by_label("Visual view").check()
    expect(page.locator(".deck-groups")).to_be_hidden()
    tiles = page.locator(".deck-visual img")
    expect(tiles).to_have_count(3)
    expect(tiles.first).to_be_visible()
    assert page.evaluate("window.__sameDocument") is True
    page.wait_for_function(
        "() => [...document.querySelectorAll('.deck-visual img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    page.screenshot(path=str(screenshot_dir / "deck-page-visual.png"), full_page=True)
    page.get_by_label("Visual view").uncheck()
    expect(page.locator(".deck-groups")).to_be_visible()
