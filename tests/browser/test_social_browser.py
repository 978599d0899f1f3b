"""Decks as something players share, in a real Chromium: bob comments on alice's public deck (and edits it), and
filters the public decks by the ones his collection can build."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cardcollections.collection.services import collection_change
from decks.lists.services import deck_create
from tests.browser.conftest import log_in
from tests.decks.conftest import _load_cv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_comments_on_a_public_deck_and_filters_decks_he_can_build(live_server, browser_page):
    from cardcollections.models import Card
    from cardcollections.models import Game

    _load_cv(60)
    cv = Game.objects.get(slug="chapter-and-verse")
    users = get_user_model().objects
    alice = users.create_user("alice", password="alice-password-1")
    users.create_user("bob", password="bob-password-1")
    bob = users.get(username="bob")
    collection_change(owner=bob, card=Card.objects.get(title="Verse 001"), delta=4)
    collection_change(owner=bob, card=Card.objects.get(title="Verse 002"), delta=3)
    full = deck_create(owner=alice, game=cv, name="Full one", decklist="4 Verse 001", visibility="public")
    deck_create(owner=alice, game=cv, name="Almost", decklist="6 Verse 001\n4 Verse 002", visibility="public")
    deck_create(owner=alice, game=cv, name="Far off", decklist="4 Verse 010", visibility="public")

    page = browser_page
    log_in(page, live_server.url, "bob", "/decks/public/")
    rows = page.locator("tr.deck-row")
    expect(rows).to_have_count(3)
    expect(rows.filter(has_text="Almost").locator("td.deck-buildable")).to_have_text("70 %")
    page.get_by_label("I can build").select_option("100")  # submits on change (site.js)
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Full one")
    assert "build=100" in page.url
    page.get_by_label("I can build").select_option("90")
    expect(rows).to_have_count(1)
    page.get_by_label("I can build").select_option("")
    expect(rows).to_have_count(3)

    page.get_by_role("link", name="Full one").click()
    expect(page.locator(".deck-buildable")).to_contain_text("You can build 100 % of this list")
    page.get_by_label("Add a comment").fill("Lovely **curve**; add [[Verse 002]]?")
    page.get_by_role("button", name="Post comment").click()
    comment = page.locator("article.deck-comment")
    expect(comment).to_have_count(1)
    expect(comment.locator("strong", has_text="curve")).to_be_visible()
    expect(comment.locator("a.card-link")).to_have_text("Verse 002")
    comment.get_by_role("link", name="Edit").click()
    page.get_by_label("Comment").fill("Lovely curve, truly.")
    page.get_by_role("button", name="Save").click()
    expect(comment).to_contain_text("Lovely curve, truly.")
    expect(comment).to_contain_text("edited")
    assert page.url.endswith(f"/decks/{full.pk}/#comments")
