"""Browser tests: Playwright's sync API driving Debian's Chromium against pytest-django's live server."""

import copy
import os
import re
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core.files.storage import default_storage
from django.db import OperationalError
from playwright.sync_api import Error as PlaywrightError

# alice's event and its seven registered players, as the event and tournament tests have them.
from tests.decks.conftest import cv_catalog  # noqa: F401
from tests.decks.events.fixtures import bob_deck  # noqa: F401
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401
from tests.decks.events.fixtures import seven  # noqa: F401

# Playwright's sync API keeps an asyncio loop running in this thread, and
# Django refuses database calls from a thread with a running loop unless told
# this is safe. It is: the test code and the loop never run at the same time.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
ENSURE_CHROMIUM = Path(__file__).resolve().parents[2] / "scripts" / "ensure-chromium.sh"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium, installed by scripts/ensure-chromium.sh if it is missing (a failure, never a skip)."""
    if not CHROMIUM.exists():
        done = subprocess.run([str(ENSURE_CHROMIUM)], capture_output=True, text=True, timeout=900)
        if done.returncode != 0 or not CHROMIUM.exists():
            pytest.fail(f"Chromium is missing and {ENSURE_CHROMIUM.name} could not install it:\n{done.stderr}")
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def chromium(chromium_path):
    from playwright.sync_api import expect
    from playwright.sync_api import sync_playwright

    # expect() has its own 5 s default; the first pages draw card faces, which
    # can take longer on a busy machine running tests in parallel.
    expect.set_options(timeout=20_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    close_when_idle(page)


def close_when_idle(page) -> None:
    """Close the page's browser once its requests are answered. A test may end on a navigation whose page
    (and its card faces, drawn and saved on first request) the live server is still serving; the database
    flush after the test would then find a table locked (seen with SQLite) and leave rows behind."""
    try:
        page.wait_for_load_state("networkidle", timeout=5_000)
    except PlaywrightError:
        pass  # a page that keeps polling may never be idle: it is closed all the same
    finally:
        page.context.close()  # always: a browser left open keeps asking the server after the test


def htmx_settled(page) -> None:
    """Wait until htmx has no request, swap or settle under way: content it has just swapped in gets its
    triggers only as it settles, so a change made before then would send nothing."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def log_in(page, base_url: str, username: str, next_path: str = "/") -> None:
    """Log in through the login page as one of the personas (their password is `<name>-password-1`)."""
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(f"{username}-password-1")
    page.get_by_role("button", name="Log in").click()


def account_menu(page):
    """The header's account menu (the player's own pages and Log out), opened: a <details> under their name."""
    menu = page.locator("details.nav-account")
    if not menu.evaluate("(details) => details.open"):
        menu.locator("summary").click()
    return menu


def offer_trade(page, base_url: str, to: str, give: str, ask: str) -> None:
    """On the trade page: offer `to` one copy of `give` for one of `ask` (from their trade list); the offer is shown."""
    from playwright.sync_api import expect

    page.goto(f"{base_url}/trades/new/?to={to}&game=chapter-and-verse")
    page.get_by_label(re.compile(rf"^{re.escape(give)}")).fill("1")
    page.get_by_label(re.compile(rf"^{re.escape(ask)}")).fill("1")
    page.get_by_role("button", name="Send offer").click()
    expect(page.locator(".trade-status")).to_have_text("Proposed")


@pytest.fixture
def screenshot_dir() -> Path:
    path = Path(settings.VAR_DIR) / "screenshots"  # var/ is git-ignored
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def card_media_cleanup(transactional_db) -> Iterator[None]:
    """Delete the scans, thumbnails and faces the test's cards got.

    The live server serves MEDIA_ROOT as it was at start-up (cardsite/urls.py),
    so these tests write to the real media folder and clean up after
    themselves; this runs before the test database is flushed.
    """
    yield
    from cardcollections.models import Card

    for card in Card.objects.all():
        for image in (card.scan, card.thumbnail, card.face):
            if image:
                default_storage.delete(image.name)


# daphne for the tables' sockets, one for the session: Twisted's reactor runs once a process, so every browser
# test of the tables (tests/browser/test_tables*.py) shares it.
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def daphne_port():
    """daphne in a thread of this process (Twisted's reactor runs once a process: one for the session)."""
    port = _free_port()
    ready = threading.Event()

    def serve():
        from daphne.server import Server

        from cardsite.asgi import application

        Server(
            application,
            endpoints=[f"tcp:port={port}:interface=127.0.0.1"],
            signal_handlers=False,
            ready_callable=ready.set,
        ).run()

    threading.Thread(target=serve, daemon=True, name="daphne").start()
    assert ready.wait(30), "daphne did not start"
    return port


@pytest.fixture
def table_browsers(chromium, live_server, daphne_port, settings):
    """`table_browsers(n)`: n pages at 360 px whose tables' sockets reach the session's daphne (the page's
    TABLES_WS_URL, and the CSP's connect-src as the settings make it when TABLES_WS_URL comes from the environment:
    scripts/supervise.sh); each closed when idle at the end."""
    host = urlsplit(live_server.url).hostname
    settings.TABLES_WS_URL = f"ws://{host}:{daphne_port}"
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"]["connect-src"] = ["'self'", settings.TABLES_WS_URL]
    settings.CONTENT_SECURITY_POLICY = policy
    # The move budget counts per user id in the shared cache, and ids come back test after test within one minute:
    # a browser test plays faster than a person (the budget has tests of its own, tests/tables/).
    settings.TABLES_MOVES_PER_MINUTE = 10_000
    made = []

    def open_pages(n: int):
        contexts = [chromium.new_context(viewport={"width": 360, "height": 800}, locale="en-US") for _ in range(n)]
        pages = [c.new_page() for c in contexts]
        for page in pages:
            page.set_default_timeout(20_000)
        made.extend(pages)
        return pages

    yield open_pages
    for page in made:
        close_when_idle(page)
        page.context.close()


def db_read(read, tries: int = 20):
    """A read of the test's database, which is SQLite's shared in-memory one in the embedded run: a reader meets a
    table another thread (daphne's, the live server's) is writing as "locked" at once, with no wait. Try again."""
    for attempt in range(tries):
        try:
            return read()
        except OperationalError:
            if attempt == tries - 1:
                raise
            time.sleep(0.1)
    return None
