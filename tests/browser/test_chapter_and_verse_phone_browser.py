"""Chapter and Verse against the computer on a phone (390 by 844), by tapping and typing as a player would (issue
#30): deal from /play/ with my own deck list, challenge a computer's verse with Quote It, type an answer when the
page asks for one, and close a book. All along the page fits the width and each step says its rule.

Screenshots go to var/screenshots/ (phone-cv-*.png).
"""

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from cardcollections.images.faces import card_faces_render
from cardcollections.models import Card
from tests.browser.conftest import close_when_idle
from tests.browser.test_play_phone_browser import _fits
from tests.play.games.test_chapter_and_verse_page import load_catalog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TAPS = 300
# Forty verses with Faith icons: a Faith book comes within a few turns.
DECK = """3 Things Hoped For
3 Without Faith
3 Not a Perfect Knowledge
3 Mighty Prayer
3 The Way, the Truth, and the Life
3 Ask, Seek, Knock
3 Be Still
3 Mustard Seed
3 Be of Good Cheer
3 Believe in God
3 Little Ones
3 Come unto Christ
3 Press Forward
1 Trust in the Lord"""


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True, locale="en-US"
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    close_when_idle(page)


def _first(buttons: list[str], prefix: str) -> str | None:
    return next((b for b in buttons if b.startswith(prefix)), None)


def _buttons(page: Page) -> list[str]:
    return [b.strip() for b in page.locator(".play-actions button").all_inner_texts()]


def _tap(page: Page, label: str) -> None:
    button = page.locator(".play-actions button", has_text=label).first
    box = button.bounding_box()
    assert box and box["x"] + box["width"] <= 390, f"move {label!r} is cut off"
    with page.expect_navigation():
        button.tap()
    _fits(page, f"after {label}")


def test_a_game_against_the_computer_on_a_phone_through_a_quote_it_and_a_closed_book(
    live_server,
    card_media_cleanup,
    phone,
    screenshot_dir,
):
    load_catalog()
    card_faces_render(card_ids=list(Card.objects.filter(game__slug="chapter-and-verse").values_list("pk", flat=True)))
    phone.goto(f"{live_server.url}/play/")
    phone.get_by_label("Game", exact=True).select_option(label="Chapter and Verse")
    phone.get_by_label("Variant", exact=True).fill("advanced")
    phone.get_by_label("Players", exact=True).fill("2")
    phone.get_by_label("Deck", exact=True).fill(DECK)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Deal").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Chapter and Verse (advanced)")
    _fits(phone, "the deal")
    challenged = booked = False
    for _ in range(TAPS):
        if phone.locator(".play-result").count() or (challenged and booked):
            break
        buttons = _buttons(phone)
        assert buttons, "the game is not over and no move is offered"

        def first(prefix: str, buttons: list[str] = buttons) -> str | None:
            return _first(buttons, prefix)

        if phone.locator(".play-actions textarea").count():
            phone.locator(".play-actions textarea").first.fill("I do not remember it")  # the computer challenged
            _tap(phone, buttons[0])
        elif first("close book"):
            _tap(phone, first("close book"))
            booked = True
            phone.screenshot(path=str(screenshot_dir / "phone-cv-book.png"), full_page=True)
        elif first("add chapter"):
            _tap(phone, first("add chapter"))
        elif first("start book"):
            _tap(phone, first("start book"))
        elif first("quote it") and not challenged:
            _tap(phone, first("quote it"))
            challenged = True
            events = phone.locator(".play-events").inner_text()
            assert "Quote it!" in events and "Quote It" in events  # the challenge and its rule
            assert "Outer Darkness" in events or "The play stands" in events  # the computer answered
            phone.screenshot(path=str(screenshot_dir / "phone-cv-quote-it.png"), full_page=True)
        elif first("quote it"):
            _tap(phone, "pass")
        elif first("freeplay"):
            _tap(
                phone, next((b for b in buttons if b.startswith("freeplay") and "(chapter 1)" in b), first("freeplay"))
            )
        elif first("end turn"):
            _tap(phone, "end turn")
        else:
            _tap(phone, buttons[0])
    assert challenged, "no computer verse was challenged"
    assert booked or phone.locator(".play-result").count(), "no book was closed"
