"""Card names (a wishlist's trade list, a trade, missing cards, a deck list) preview the card: on hover with a
mouse, and on a phone a first tap shows it and a second opens the card."""

import re

import pytest
from playwright.sync_api import expect

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import trade_list_change
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.decks.conftest import _load_cv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _offer_a_card(alice):
    from cardcollections.models import Card

    _load_cv(3)
    card = Card.objects.get(title="By Small Means")
    collection_change(owner=alice, card=card, delta=2)
    trade_list_change(owner=alice, card=card, condition="", delta=1)
    return card


@pytest.fixture
def phone_page(chromium):
    """A page in a phone's browser: a narrow touch screen."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    close_when_idle(page)


def tap_twice(page, link, preview, here: str, card) -> None:
    """The first tap on `link` shows `preview` and stays on the page (its address matches `here`); the second
    opens the card."""
    link.tap()
    expect(preview).to_be_visible()
    expect(page).to_have_url(re.compile(here))
    link.tap()
    expect(page).to_have_url(re.compile(rf"/cards/{card.pk}/$"))


def test_a_card_name_previews_the_card_on_hover(live_server, browser_page, card_media_cleanup, alice):
    card = _offer_a_card(alice)
    page = browser_page
    log_in(page, live_server.url, "alice", "/collection/chapter-and-verse/wishlist/")
    link = page.locator("a.card-link", has_text="By Small Means")
    expect(link).to_have_attribute("href", f"/cards/{card.pk}/")
    link.hover()
    preview = page.locator("img.card-preview")
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("src", f"/cards/{card.pk}/image/")
    page.mouse.move(0, 0)
    expect(preview).to_be_hidden()


def test_on_a_phone_the_first_tap_previews_and_the_second_opens(live_server, phone_page, card_media_cleanup, alice):
    card = _offer_a_card(alice)
    page = phone_page
    log_in(page, live_server.url, "alice", "/collection/chapter-and-verse/wishlist/")
    link = page.locator("a.card-link", has_text="By Small Means")
    tap_twice(page, link, page.locator("img.card-preview"), r"/wishlist/$", card)


def test_on_a_phone_a_deck_lines_first_tap_previews_and_the_second_opens(
    live_server, phone_page, card_media_cleanup, alice
):
    from cardcollections.models import Card
    from cardcollections.models import Game
    from decks.lists.services import deck_create

    _load_cv(3)
    cv = Game.objects.get(slug="chapter-and-verse")
    deck = deck_create(owner=alice, game=cv, name="Small", decklist="3 By Small Means\n2 Verse 001")
    card = Card.objects.get(title="By Small Means")
    page = phone_page
    log_in(page, live_server.url, "alice", f"/decks/{deck.pk}/")
    link = page.locator("a.deck-card-link", has_text="By Small Means").first
    tap_twice(page, link, link.locator(".deck-preview"), rf"/decks/{deck.pk}/$", card)


def test_a_title_on_the_missing_cards_page_previews_its_printing_on_hover(
    live_server, browser_page, card_media_cleanup, alice
):
    from cardcollections.models import Card
    from cardcollections.models import Game
    from decks.lists.services import deck_create

    _load_cv(3)
    deck = deck_create(
        owner=alice, game=Game.objects.get(slug="chapter-and-verse"), name="Small", decklist="3 By Small Means\n"
    )
    card = Card.objects.filter(title="By Small Means").order_by("id").first()
    page = browser_page
    log_in(page, live_server.url, "alice", f"/decks/{deck.pk}/missing/")
    link = page.locator(".missing-table a.card-link", has_text="By Small Means")
    link.hover()
    preview = page.locator("img.card-preview")
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("src", f"/cards/{card.pk}/image/")
