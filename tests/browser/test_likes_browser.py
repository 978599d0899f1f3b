"""Likes in a real Chromium: bob likes alice's public deck from its page, finds it among the decks he
likes, and sorts the public decks by most liked."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Game
from decks.lists.services import deck_create
from tests.browser.conftest import log_in
from tests.conftest import CV_SMALL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_likes_a_deck_and_finds_it_again(live_server, browser_page, screenshot_dir):
    catalog_load(document=CV_SMALL)
    User = get_user_model()
    alice = User.objects.create_user("alice", password="alice-password-1")
    User.objects.create_user("bob", password="bob-password-1")
    cv = Game.objects.get(slug="chapter-and-verse")
    deck_create(owner=alice, game=cv, name="Quiet one", decklist="1 Pride Cycle\n", visibility="public")
    liked = deck_create(owner=alice, game=cv, name="Crowd pleaser", decklist="1 Pride Cycle\n", visibility="public")
    page = browser_page
    log_in(page, live_server.url, "bob", f"/decks/{liked.pk}/")

    like = page.get_by_role("button", name="♡ Like")
    expect(like).to_have_attribute("aria-pressed", "false")
    like.click()
    expect(page.get_by_role("status")).to_contain_text("Added to the decks you like.")
    expect(page.get_by_role("button", name="♥ Liked")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".deck-likes")).to_have_text("1 like")

    page.goto(live_server.url + "/decks/public/")
    page.get_by_label("Sort by").select_option("likes")  # submits on change (site.js)
    expect(page).to_have_url(live_server.url + "/decks/public/?sort=likes")
    expect(page.locator(".deck-row").first).to_contain_text("Crowd pleaser")
    page.screenshot(path=screenshot_dir / "public-decks-most-liked.png", full_page=True)

    page.get_by_role("link", name="Decks I like").click()
    expect(page.locator(".deck-row")).to_have_count(1)
    expect(page.locator(".deck-row")).to_contain_text("Crowd pleaser")
