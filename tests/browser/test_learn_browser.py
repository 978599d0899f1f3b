"""Learning a verse on a phone (390 by 844) by tapping its words in order: the words come shuffled as buttons,
each tap adds one to the answer and uses its button up, Undo gives the last one back, and Check judges the
verse. The page fits the width; screenshots go to var/screenshots/ (learn-tap-*.png)."""

import re

import pytest
from playwright.sync_api import expect

from learning.models import Review
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.learning.conftest import alice_deck  # noqa: F401
from tests.learning.conftest import alice_verses  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDER_THAN_THE_PAGE = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def exactly(word: str) -> re.Pattern:
    return re.compile(rf"^{re.escape(word)}$")


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    close_when_idle(page)


def test_a_verse_is_tapped_back_in_order_on_a_phone(live_server, phone, alice, alice_verses, screenshot_dir):  # noqa: F811
    verse = alice_verses["James 2:17"]
    words = verse.card.scripture.split()
    log_in(phone, live_server.url, "alice")
    phone.goto(f"{live_server.url}/learn/drill/?verse={verse.pk}&kind=tap_order")
    expect(phone.get_by_role("heading", name="Tap the words in order")).to_be_visible()
    phone.get_by_text("Read it first").click()  # a new verse shows itself first: close it
    phone.screenshot(path=str(screenshot_dir / "learn-tap-start.png"), full_page=True)
    assert not phone.evaluate(WIDER_THAN_THE_PAGE)

    answer = phone.get_by_label("The verse so far")
    buttons = phone.locator(".learn-words button")
    expect(buttons).to_have_count(len(words))
    # A wrong word first, taken back with Undo: its button comes back.
    wrong = buttons.filter(has_text=exactly(words[-1])).first
    wrong.tap()
    expect(wrong).to_be_disabled()
    phone.get_by_role("button", name="Undo the last word").tap()
    expect(wrong).to_be_enabled()
    expect(answer).to_have_value("")
    for word in words:
        buttons.and_(phone.locator(":enabled")).filter(has_text=exactly(word)).first.tap()
    expect(answer).to_have_value(" ".join(words))
    expect(buttons.and_(phone.locator(":enabled"))).to_have_count(0)
    phone.screenshot(path=str(screenshot_dir / "learn-tap-tapped.png"), full_page=True)

    phone.get_by_role("button", name="Check").tap()
    expect(phone.get_by_role("heading", name="Good")).to_be_visible()
    assert not phone.evaluate(WIDER_THAN_THE_PAGE)
    phone.screenshot(path=str(screenshot_dir / "learn-tap-judged.png"), full_page=True)
    assert list(Review.objects.values_list("kind", "grade")) == [("tap_order", 3)]
