"""A deck write-up in a real Chromium: typed in the builder with a live preview, card links that show the card on
hover, and an author's script that never runs (the sanitiser and the Content-Security-Policy both stand in its way)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.lists.services import deck_create
from tests.browser.conftest import log_in
from tests.decks.conftest import _load_cv
from tests.decks.conftest import legal_cv_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOSTILE = '<img src=x onerror="window.__xss=1"> [x](javascript:window.__xss=1) <script>window.__xss=1</script>'


def test_a_write_up_previews_links_cards_and_runs_no_script(live_server, browser_page, card_media_cleanup):
    from cardcollections.models import Game

    _load_cv(60)
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    deck = deck_create(
        owner=alice, game=Game.objects.get(slug="chapter-and-verse"), name="Faith", decklist=legal_cv_text()
    )
    page = browser_page
    log_in(page, live_server.url, "alice", f"/decks/{deck.pk}/edit/")

    description = page.get_by_label("Description")
    description.fill(f"Open with [[By Small Means]], then [[Verse 002]]. [[Bye Small Means]] is a typo. {HOSTILE}")
    preview = page.locator("#writeup-preview")
    expect(preview.locator("a.card-link")).to_have_count(2)
    expect(preview).to_contain_text("Not found in the catalog, shown as plain text: [[Bye Small Means]]")
    page.get_by_role("button", name="Save deck").click()
    expect(page.locator("#deck-save-message")).to_contain_text("Saved version")

    page.goto(f"{live_server.url}/decks/{deck.pk}/")
    link = page.locator(".deck-description a.card-link", has_text="By Small Means")
    link.hover()
    card_preview = page.locator("img.card-preview")
    expect(card_preview).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=card_preview.element_handle())
    link.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("By Small Means")
    assert page.evaluate("window.__xss") is None
