"""A player pastes a deck list in a real Chromium and sees the findings beside the lines, with no page reload."""

import threading
from collections.abc import Callable

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect
from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS
from tests.browser.conftest import chromium_path  # noqa: F401 (chromium_path is a fixture)
from tests.decks.conftest import _load_cv
from tests.decks.conftest import legal_cv_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def in_own_browser(executable: str, drive: Callable[[Page], None]) -> None:
    """Run `drive` in a Chromium of its own, on a thread of its own.

    Playwright's sync API refuses to start where another sync Playwright (the
    session browser of tests/browser) already runs an event loop; a fresh
    thread has none. The thread only drives the browser: the database work is
    done before, on the test's thread.
    """
    failure: list[BaseException] = []

    def run() -> None:
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
                try:
                    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                    page.set_default_timeout(20_000)
                    drive(page)
                finally:
                    browser.close()
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=run, name="validate-browser")
    thread.start()
    thread.join(timeout=180)
    assert not thread.is_alive(), "the browser thread did not finish"
    if failure:
        raise failure[0]


def test_it_validates_as_the_player_types(live_server, chromium_path):  # noqa: F811
    _load_cv(60)

    def drive(page: Page) -> None:
        page.goto(f"{live_server.url}/decks/validate/")
        expect(page.get_by_role("heading", name="Validate a deck")).to_be_visible()
        # A marker that a full page load would wipe out.
        page.evaluate("window.__sameDocument = true")

        page.get_by_label("Deck list").fill("# spring\n4 By Small Means\nnonsense\n" + legal_cv_text(36))
        result = page.locator("#validation-result")
        expect(result.locator(".verdict")).to_contain_text("Not legal")
        expect(result.locator('.deck-line[data-line="2"] [data-code="too-many-copies"]')).to_be_visible()
        expect(result.locator('.deck-line[data-line="3"] [data-code="unparseable-line"]')).to_be_visible()
        expect(result.locator('.deck-line[data-line="1"] .finding-badge')).to_have_count(0)

        # Fixing the list clears the findings, still without a reload.
        page.get_by_label("Deck list").fill(legal_cv_text())
        expect(result.locator(".verdict")).to_contain_text("Legal")
        expect(result.locator(".finding-badge")).to_have_count(0)

        # Another game swaps in its formats.
        page.get_by_label("Game").select_option("bible-battles")
        expect(page.get_by_label("Format")).to_have_value("standard")
        assert page.evaluate("window.__sameDocument") is True

    in_own_browser(chromium_path, drive)
