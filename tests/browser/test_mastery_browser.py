"""Mastery and what you know plays on a phone (360 px): the mastery page with a signed verse, the deck's recall
page, and its link to the goldfish page, where "Use my recall" fills in the quote rate. Every page fits the width;
screenshots go to var/screenshots/ (mastery-*.png)."""

import uuid

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from cardcollections.models import Card
from learning.mastery.models import Signature
from rules.learning import verse_key
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.learning.conftest import alice_deck  # noqa: F401
from tests.learning.conftest import alice_verses  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDER_THAN_THE_PAGE = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    close_when_idle(page)


def test_mastery_and_my_recall_on_a_phone(
    live_server,
    phone,
    alice,
    bob,
    cv_cards,
    alice_deck,  # noqa: F811
    alice_verses,  # noqa: F811
    screenshot_dir,
):
    faith = cv_cards["faith"]
    Card.objects.filter(pk=faith.pk).update(effects=[{"kind": "quote"}])
    Signature.objects.create(
        player=alice,
        signer=bob,
        card=faith,
        verse_key=verse_key(faith.scripture, faith.reference),
        table_id=uuid.uuid4(),
        game="chapter-and-verse",
        signed=timezone.now(),
    )
    log_in(phone, live_server.url, "alice")
    phone.goto(f"{live_server.url}/learn/mastery/")
    expect(phone.get_by_text(f"signed by {bob.username}")).to_be_visible()
    expect(phone.get_by_text("define no Mastery Game levels")).to_be_visible()
    assert not phone.evaluate(WIDER_THAN_THE_PAGE)
    phone.screenshot(path=str(screenshot_dir / "mastery-page.png"), full_page=True)

    phone.goto(f"{live_server.url}/learn/decks/{alice_deck.pk}/")
    expect(phone.get_by_role("heading", name="Your recall of its Quote verses")).to_be_visible()
    assert not phone.evaluate(WIDER_THAN_THE_PAGE)
    phone.screenshot(path=str(screenshot_dir / "mastery-deck-recall.png"), full_page=True)
    phone.get_by_role("link", name="Goldfish it quoting as well as I know it (0 %)").tap()
    phone.get_by_role("tab", name="Play-out").tap()
    rate = phone.locator("#play-quote-rate")
    expect(rate).to_have_value("0")
    rate.fill("80")
    phone.get_by_role("button", name="Use my recall (0 %)").tap()
    expect(rate).to_have_value("0")
    assert not phone.evaluate(WIDER_THAN_THE_PAGE)
    phone.screenshot(path=str(screenshot_dir / "mastery-goldfish.png"), full_page=True)
