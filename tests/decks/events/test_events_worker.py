"""A real Celery worker (no eager mode) runs the organiser's re-check and the format-change notices.

The worker runs in a thread of this process on a queue of the test's own, over the configured
broker (the file-system one by default, Redis in the PostgreSQL run).
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.events.services import event_create
from decks.events.services import event_format_version_move
from decks.events.services import registration_create
from decks.lists.services import deck_create
from decks.models import DeckNotice
from decks.models import EventCheck
from decks.models import Registration
from tests.conftest import celery_worker
from tests.conftest import wait_for
from tests.decks.events.fixtures import ban_verse_003
from tests.decks.events.fixtures import spring_text

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_a_worker_rechecks_every_registration_after_a_ban_once_the_organiser_moves_the_event(
    cv, spring, alice, bob, charlie
):
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
    with celery_worker("test-events") as queue:
        # A ban of Verse 003: the organiser's change queues the deck notices on the same queue.
        ban_verse_003(spring, alice, queue=queue)
        # The event keeps its version until alice moves it; moving it queues the re-check.
        _ev, check = event_format_version_move(event=ev, requested_by=alice, queue=queue)
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
