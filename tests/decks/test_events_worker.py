"""A real Celery worker (no eager mode) runs the organiser's re-check and the format-change notices.

The worker runs in a thread of this process on a queue of the test's own, over the configured
broker (the file-system one by default, Redis in the PostgreSQL run).
"""

# ruff: noqa: F811 (fixtures imported from test_events_fixtures are arguments of the tests)

import time
import uuid
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.utils import timezone

from cardsite.celery_app import app
from decks.models import DeckNotice, EventCheck, Registration
from decks.services.decks import deck_create
from decks.services.events import event_check_create, event_create, registration_create
from decks.services.formats import tournament_format_update
from tests.decks.test_events_fixtures import cv, spring, spring_text  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("celery-worker")]


def wait_for(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")


def test_a_worker_rechecks_every_registration_after_a_ban(cv, spring, alice, bob, charlie):
    ev = event_create(
        organiser=alice, name="Spring", game=cv, format_slug="spring-open", deadline=timezone.now() + timedelta(1)
    )
    for player, first in ((bob, 3), (charlie, 10)):
        deck = deck_create(
            owner=player,
            game=cv,
            name=f"{player.username}'s",
            format_slug="spring-open",
            decklist=spring_text(first=first),
        )
        registration_create(event=ev, player=player, deck=deck)
    queue = f"test-events-{uuid.uuid4().hex}"
    with start_worker(app, pool="solo", queues=[queue], perform_ping_check=False, shutdown_timeout=30):
        # A ban of Verse 003: the organiser's change queues the deck notices on the same queue.
        tournament_format_update(
            fmt=spring,
            user=alice,
            name=spring.name,
            base_format="advanced",
            legal_sets=list(spring.legal_sets.all()),
            banned_titles=["Verse 001", "Verse 003"],
            min_size=30,
            max_size=45,
            queue=queue,
        )
        check = event_check_create(event=ev, requested_by=alice, queue=queue)
        assert check.status == "queued"
        done = wait_for(
            lambda: EventCheck.objects.filter(pk=check.pk, status="done").first(), 60, "the re-check to finish"
        )
        wait_for(lambda: DeckNotice.objects.exists(), 60, "the deck notice")
    assert (done.total, done.done, done.legal, done.illegal) == (2, 2, 1, 1)
    verdicts = dict(Registration.objects.values_list("player__username", "recheck_legal"))
    assert verdicts == {"bob": False, "charlie": True}
    # The snapshots still say what the engine said when they were registered.
    assert all(r.validation["legal"] for r in Registration.objects.all())
    notice = DeckNotice.objects.get()
    assert notice.owner == bob and notice.message.startswith("Spring Open changed: bob's is no longer legal — ")
