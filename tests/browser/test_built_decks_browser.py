"""Built decks and missing cards in a real Chromium: the double-booking warning, marking built
anyway, and the missing titles going onto the wishlist, all swapped in place without a reload."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.collection.services import collection_change
from cardcollections.models import Card
from cardcollections.models import Game
from cardcollections.models import WishlistEntry
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from tests.browser.conftest import log_in
from tests.decks.conftest import _load_cv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_second_built_deck_warns_then_lists_what_is_missing_onto_the_wishlist(
    live_server, browser_page, card_media_cleanup
):
    _load_cv(10)
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    cv = Game.objects.get(slug="chapter-and-verse")
    collection_change(owner=alice, card=Card.objects.get(title="Verse 001"), delta=3)
    deck_set_built(deck=deck_create(owner=alice, game=cv, name="First", decklist="2 Verse 001\n"), built=True)
    second = deck_create(owner=alice, game=cv, name="Second", decklist="2 Verse 001\n3 Verse 002\n")

    page = browser_page
    log_in(page, live_server.url, "alice", f"/decks/{second.pk}/")
    page.evaluate("window.__sameDocument = true")

    page.get_by_role("button", name="Mark built").click()
    warning = page.get_by_role("alertdialog")
    expect(warning).to_contain_text("You own 3 Verse 001")
    expect(warning).to_contain_text("1 copy would be double-booked")
    page.get_by_role("button", name="Mark built anyway").click()
    expect(page.get_by_role("button", name="Take apart")).to_be_visible()
    assert page.evaluate("window.__sameDocument") is True
    second.refresh_from_db()
    assert second.built

    page.goto(f"{live_server.url}/decks/{second.pk}/missing/")
    page.evaluate("window.__sameDocument = true")
    rows = page.locator("#missing-table tbody tr")
    expect(page.locator('tr[data-title="Verse 001"]')).to_have_attribute("data-missing", "1")
    expect(page.locator('tr[data-title="Verse 002"]')).to_have_attribute("data-missing", "3")
    page.locator('tr[data-title="Verse 002"]').get_by_role("button", name="Add to wishlist").click()
    expect(page.locator('tr[data-title="Verse 002"]')).to_contain_text("On your wishlist (3 wanted)")
    page.get_by_role("button", name="Add all missing to wishlist").click()
    expect(rows.filter(has_text="On your wishlist")).to_have_count(2)
    assert page.evaluate("window.__sameDocument") is True
    wanted = {w.title: w.wanted for w in WishlistEntry.objects.filter(owner=alice)}
    assert wanted == {"Verse 001": 1, "Verse 002": 3}
