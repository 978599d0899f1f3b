"""Shared test fixtures: personas and small catalogs loaded through the real loader."""

import contextlib
import copy
import itertools
import os
import time
import uuid
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

from cardcollections.catalog.memo import forget_catalog_values
from cardcollections.catalog.services import catalog_load
from cardsite.api.throttles import WriteRateThrottle

ROOT = Path(__file__).resolve().parents[1]

# The bounds on a test's and the whole run's time (a test over its limit fails, a stuck worker is ended).
pytest_plugins = ["tests.run_bounds"]

# Hypothesis: its default (100 examples a test) in `make test`; HYPOTHESIS_PROFILE=thorough searches twenty times
# as far (docs/testing.md, "Searching further").
hypothesis_settings.register_profile("thorough", max_examples=2000)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# A Chapter and Verse card as both small catalogs print it (the catalog page tests' adds a second effect).
FAITH_WITHOUT_WORKS = {
    "title": "Faith Without Works",
    "sacrifice": 2,
    "icons": {"faith": 3},
    "markers": ["Faith Verse"],
    "scripture": "Even so faith, if it hath not works, is dead, being alone.",
    "reference": "James 2:17",
    "standard_work": "new-testament",
}

CV_SMALL = {
    "game": "chapter-and-verse",
    "sets": [
        {"code": "CV1", "name": "Starter Set", "released": "2008-03-27"},
        {"code": "CV2", "name": "Second Set"},
    ],
    "cards": [
        {
            "set": "CV1",
            "number": "1",
            "title": "By Small Means",
            "sacrifice": 1,
            "icons": {"wisdom": 2, "histories": 1},
            "markers": ["Prophet"],
            "scripture": "by small and simple things are great things brought to pass",
            "reference": "Alma 37:6",
            "standard_work": "book-of-mormon",
            "effects": [{"kind": "prayer", "n": 3}],
        },
        {
            "set": "CV1",
            "number": "2",
            **FAITH_WITHOUT_WORKS,
            "effects": [{"kind": "keyword", "words": ["faith", "works"]}],
        },
        {
            "set": "CV1",
            "number": "17",
            "title": "Pride Cycle",
            "text": "Unique.",
            "sacrifice": 4,
            "icons": {"trials": 2, "histories": 2},
            "markers": [],
            "scripture": "Yea, and we may see at the very time when he doth prosper his people",
            "reference": "Helaman 12:2",
            "standard_work": "book-of-mormon",
            "advanced": True,
            "effects": [{"kind": "unique"}],
        },
        {
            "set": "CV2",
            "number": "1",
            "title": "By Small  means",
            "sacrifice": 1,
            "icons": {"wisdom": 2},
            "markers": [],
            "scripture": "by small and simple things are great things brought to pass",
            "reference": "Alma 37:6",
            "standard_work": "book-of-mormon",
            "effects": [],
            "extra": {"artist": "A. Painter", "foil": True},
        },
    ],
}

BB_SMALL = {
    "game": "bible-battles",
    "sets": [{"code": "BB1", "name": "Genesis"}],
    "cards": [
        {
            "set": "BB1",
            "number": "1",
            "title": "Shepherd",
            "type": "follower",
            "effort": 0,
            "offense": 0,
            "defense": 1,
            "wisdom": 1,
            "abilities": "Inspire: +1 wisdom.",
        },
        {
            "set": "BB1",
            "number": "2",
            "title": "Goat",
            "type": "animal",
            "effort": 1,
            "offense": 0,
            "defense": 1,
            "food": 1,
        },
        {
            "set": "BB1",
            "number": "3",
            "title": "Moses",
            "type": "unique-person",
            "effort": 5,
            "offense": 2,
            "defense": 4,
            "wisdom": 3,
        },
        {
            "set": "BB1",
            "number": "4",
            "title": "Chariots",
            "type": "army",
            "effort": 4,
            "offense": 4,
            "defense": 3,
            "mounted": True,
        },
    ],
}


@pytest.fixture
def cv_document() -> dict:
    return copy.deepcopy(CV_SMALL)


@pytest.fixture
def bb_document() -> dict:
    return copy.deepcopy(BB_SMALL)


@pytest.fixture
def small_catalogs(db):
    catalog_load(document=copy.deepcopy(CV_SMALL))
    catalog_load(document=copy.deepcopy(BB_SMALL))


STARTER_CATALOGS = Path(__file__).resolve().parents[1] / "cardcollections" / "starter_catalogs"


@pytest.fixture
def starter_catalogs(db):
    """The five starter catalogs, as `make run` loads them."""
    call_command("loadcatalog", *sorted(str(p) for p in STARTER_CATALOGS.glob("*.json")), stdout=StringIO())


@dataclass(frozen=True)
class DemoSite:
    """A site in use: alice has the demo decks (one built and registered for her open event) and offers bob a trade."""

    alice: object
    bob: object
    card: object
    deck: object
    event: object
    trade: object


@pytest.fixture
def demo_site(starter_catalogs, alice, bob) -> DemoSite:
    from cardcollections.models import CollectionEntry
    from cardcollections.models import TradeLine
    from cardcollections.trades.services import LineSpec
    from cardcollections.trades.services import trade_propose
    from decks.models import Deck
    from decks.models import Event

    call_command("demodecks", "--username", "alice", stdout=StringIO())
    deck = Deck.objects.get(owner=alice, built=True)
    card = CollectionEntry.objects.filter(owner=alice).order_by("card_id").first().card
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(TradeLine.Side.PROPOSER, card.pk, 1)])
    return DemoSite(alice=alice, bob=bob, card=card, deck=deck, event=Event.objects.get(), trade=trade)


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="alice-password-1")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="bob-password-1")


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("sam", password="sam-password-1", is_staff=True)


@pytest.fixture(autouse=True, scope="session")
def _cache_in_a_temporary_folder(tmp_path_factory):
    """The embedded file cache (cardsite/cache.py) of each test process in a folder of its own, empty at the
    start: counts, locks and kept catalog results from another run or another xdist worker never leak in."""
    from django.test import override_settings

    from cardsite.settings import CACHES

    folder = tmp_path_factory.mktemp("cache")
    default = CACHES["default"] | (
        {"LOCATION": str(folder)} if CACHES["default"]["BACKEND"].endswith("FileCache") else {}
    )
    with override_settings(CACHES={"default": default}):
        yield


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: no pending replay, budget lock or kept result of the last test."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _media_in_a_temporary_folder(settings, tmp_path_factory):
    """Scans and faces written by a test go to its own folder, not var/media."""
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")


_RATE_WINDOWS = itertools.count(1)
A_WEEK = 7 * 86_400


@pytest.fixture(autouse=True)
def _rate_limit_clock(monkeypatch):
    """The rate limits count in fixed windows (cardsite/api/throttles.py). With the real clock, a test's two
    posts a few milliseconds apart could fall either side of a minute's edge and both pass (it happened in
    CI). Each test's limits read a clock that stands still in the middle of windows of its own (a week
    apart from the last test's), so a test counts exactly what it sends, whatever it sent before."""
    moment = 2_000_000_000 + next(_RATE_WINDOWS) * A_WEEK + A_WEEK / 2
    monkeypatch.setattr(WriteRateThrottle, "timer", lambda self: moment)


@pytest.fixture
def one_write_a_minute(settings):
    """A caller may make one write a minute (API writes and page posts together); the other limits as set."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "1/min", "writes_anon": "1/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


@pytest.fixture(autouse=True)
def _no_card_pool_from_another_test():
    """Per-catalog values (card pools, tag lists, catalog stamps) are kept per process; each test starts with none."""
    forget_catalog_values()


# ---------------------------------------------------------------- collections and trades (issue #4)
@pytest.fixture
def charlie(db):
    """The stranger: owns nothing of alice's or bob's and may see nothing private."""
    return get_user_model().objects.create_user("charlie", password="charlie-password-1")


@pytest.fixture
def cv_cards(small_catalogs) -> dict:
    """The small Chapter and Verse catalog's cards by a short name."""
    from cardcollections.models import Card

    cards = {(c.card_set.code, c.number): c for c in Card.objects.select_related("card_set", "game")}
    return {
        "means": cards[("CV1", "1")],
        "faith": cards[("CV1", "2")],
        "pride": cards[("CV1", "17")],
        "means2": cards[("CV2", "1")],
    }


def _token_client(user):
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    client = APIClient()
    _, key = AuthToken.objects.create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _session_client(user, *, csrf: bool = True):
    from django.middleware.csrf import _get_new_csrf_string
    from rest_framework.test import APIClient

    # CSRF checks on, as in production; a browser sends the cookie's token back in a header.
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    if csrf:
        secret = _get_new_csrf_string()
        client.cookies["csrftoken"] = secret
        client.credentials(HTTP_X_CSRFTOKEN=secret)
    return client


@pytest.fixture(params=["session", "token"])
def auth(request) -> str:
    """A test that takes `auth` runs twice, for api_as(user, auth): with a session client and with a token client."""
    return request.param


@pytest.fixture
def api_as():
    """api_as(user, "token"|"session") -> an APIClient signed in that way (session clients send the CSRF token)."""

    def make(user, auth: str = "token", *, csrf: bool = True):
        if auth == "token":
            return _token_client(user)
        return _session_client(user, csrf=csrf)

    return make


@pytest.fixture
def token_alice(alice, api_as):
    """alice's API client, signed in with a token: the usual caller of the API tests."""
    return api_as(alice, "token")


# ---------------------------------------------------------------- workers
def _forget_result_backend(app) -> None:
    """Make the app build its result backend again from its configuration (Celery caches one, shared or per thread)."""
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)


def _started_within_a_minute(worker) -> None:
    # Celery's own waits for ever: a worker thread that died starting (a broker it could not reach) hung the run.
    if not worker._on_started.wait(60):
        raise RuntimeError("the test's Celery worker thread did not start within 60 s")


@contextlib.contextmanager
def celery_worker(prefix: str = "test"):
    """A real Celery worker (no eager mode) in a thread of this process, over the configured broker, on a queue
    of the test's own so that no other worker on the same broker takes its jobs; yields the queue's name."""
    from celery.contrib.testing.worker import TestWorkController
    from celery.contrib.testing.worker import start_worker
    from django.db import connection

    from cardsite.celery_app import app

    queue = f"{prefix}-{uuid.uuid4().hex}"
    # On SQLite the test database is a shared-cache in-memory one, whose table locks do not wait: the worker
    # thread storing a result while the test thread polls for it fails with "database table is locked". There
    # the results go to Celery's in-process memory cache instead (shared by both threads); the jobs' own rows
    # still live in the database, as in production.
    swap = connection.vendor == "sqlite"
    if swap:
        backend, app.conf.result_backend = app.conf.result_backend, "cache+memory://"
        _forget_result_backend(app)
    try:
        with start_worker(
            app,
            pool="solo",
            queues=[queue],
            perform_ping_check=False,
            shutdown_timeout=30,
            WorkController=type("BoundedStart", (TestWorkController,), {"ensure_started": _started_within_a_minute}),
        ):
            yield queue
    finally:
        if swap:
            app.conf.result_backend = backend
            _forget_result_backend(app)


@contextlib.contextmanager
def celery_worker_process(queue: str, log, env: dict[str, str]):
    """A real Celery worker as a separate process (prefork, one pool process) serving `queue`, its output in the
    file `log`, with `env` added to this process's environment; stopped (SIGTERM, then SIGKILL) on exit.
    Yields the Popen."""
    import signal
    import subprocess
    import sys

    celery = Path(sys.executable).with_name("celery")
    command = [str(celery), "-A", "cardsite", "worker", "--pool=prefork", "--concurrency=1", "-Q", queue]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "info", "-n", f"{queue}@%h"]
    with log.open("w") as out:
        worker = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield worker
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def wait_for(condition, timeout: float, what: str, *, every: float = 0.1, log=None):
    """Poll `condition` until it returns something true (returned) or `timeout` seconds pass (the test fails,
    showing the end of the worker's `log` file if there is one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    pytest.fail(f"timed out waiting for {what}" + (f"; worker log:\n{log.read_text()[-4000:]}" if log else ""))


# ---------------------------------------------------------------- card proposals (issue #15)
@pytest.fixture
def moderator(db):
    """dana reviews card proposals: a player in the "Card moderators" group (made by migration 0013), not staff."""
    from django.contrib.auth.models import Group
    from django.contrib.auth.models import Permission

    # A transactional test's flush empties the group the migration made (permissions come back by themselves).
    group, _ = Group.objects.get_or_create(name="Card moderators")
    group.permissions.add(Permission.objects.get(codename="review_cardproposal"))
    user = get_user_model().objects.create_user("dana", password="dana-password-1")
    user.groups.add(group)
    return user


@pytest.fixture
def second_moderator(moderator):
    """erin, a card moderator too: approves what dana proposed (no moderator approves their own proposal)."""
    from django.contrib.auth.models import Group

    user = get_user_model().objects.create_user("erin", password="erin-password-1")
    user.groups.add(Group.objects.get(name="Card moderators"))
    return user
