"""Learning with no connection, on a phone (390 by 844): the offline page keeps the due verses while online, is
reloaded with the network gone (the service worker answers), the player's deck is read with its verses, ten verses
are reviewed offline, and when the
connection returns the site holds exactly ten reviews. Screenshots: var/screenshots/learn-offline-*.png."""

import json

import pytest
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from cardcollections.models import CardSet
from decks.lists.services import deck_create
from learning.models import Review
from learning.services import verses_add_from_set
from tests.browser.conftest import account_menu
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    close_when_idle(page)


def test_ten_verses_reviewed_offline_are_stored_once_when_back_online(live_server, phone, alice, screenshot_dir):
    path = ROOT / "cardcollections" / "starter_catalogs" / "chapter-and-verse.json"
    catalog_load(document=json.loads(path.read_text(encoding="utf-8")))
    card_set = CardSet.objects.filter(game__slug="chapter-and-verse").order_by("id").first()
    assert verses_add_from_set(user=alice, card_set=card_set) >= 12
    study = list(Card.objects.filter(card_set=card_set).exclude(scripture="").order_by("id")[:2])
    decklist = "\n".join(f"3 {card.title}" for card in study)
    deck_create(owner=alice, game=card_set.game, name="Study deck", format_slug="basic", decklist=decklist)
    log_in(phone, live_server.url, "alice", "/learn/offline/")
    expect(phone.locator("[data-left]")).to_contain_text("due in this browser")
    # The service worker is in charge and has kept the page and its files.
    assert phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # ...and controls this very page (it claims its clients on activation), so the reload below goes through it.
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.wait_for_function(
        "caches.has('learn-offline-v1').then((has) => has && caches.open('learn-offline-v1')).then((c) => c && c.match('/learn/offline/')).then(Boolean)"
    )
    # ...and says so once every copy is written (going offline mid-write could leave none: a reload then failed).
    expect(phone.get_by_text("This page is kept in this browser")).to_be_visible()

    phone.context.set_offline(True)
    phone.reload()
    expect(phone.get_by_text("Offline: your reviews wait in this browser.")).to_be_visible()
    # The player's deck, its cards and their verses, read with no connection.
    deck = phone.locator("[data-offline-deck]", has_text="Study deck")
    deck.locator("summary").tap()
    expect(deck).to_contain_text(f"3 \u00d7 {study[0].title}")
    expect(deck).to_contain_text(study[0].reference)
    expect(deck.locator("blockquote").first).to_have_text(study[0].scripture)
    for i in range(10):
        phone.get_by_role("button", name="Show the verse").tap()
        phone.get_by_role("button", name="Good").tap()
        expect(phone.locator("[data-pending]")).to_have_text(f"{i + 1} review{'s' if i else ''} wait to be sent.")
    phone.screenshot(path=str(screenshot_dir / "learn-offline-waiting.png"), full_page=True)
    assert Review.objects.count() == 0

    phone.context.set_offline(False)
    expect(phone.locator("[data-pending]")).to_have_text("Every review is sent.")
    phone.screenshot(path=str(screenshot_dir / "learn-offline-sent.png"), full_page=True)
    assert Review.objects.count() == 10
    assert set(Review.objects.values_list("kind", "grade")) == {("recall", 3)}
    assert Review.objects.values("verse").distinct().count() == 10

    # Logging out asks the browser to forget what the site kept (Clear-Site-Data): the next person on this phone
    # finds neither the kept page with alice's decks nor her waiting reviews.
    phone.goto(f"{live_server.url}/learn/")
    phone.get_by_role("button", name="Menu").tap()
    account_menu(phone).get_by_role("button", name="Log out").tap()
    phone.wait_for_url(lambda url: "/learn/" not in url)
    assert phone.evaluate("caches.keys().then((keys) => keys.length)") == 0
    assert phone.evaluate("localStorage.length") == 0
