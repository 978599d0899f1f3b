"""The organiser's re-check: one EventCheck job for every registration, called here as a function
(as a worker would call it) and run by a real worker in test_events_worker.py."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.models import Notification
from decks.events import services as service
from decks.events.services import event_check_create
from decks.events.services import event_check_run
from decks.events.services import event_create
from decks.events.services import event_format_version_move
from decks.events.services import registration_create
from decks.events.tasks import event_check
from decks.lists.services import deck_create
from decks.models import EventCheck
from decks.models import Registration
from tests.decks.events.fixtures import ban_verse_003
from tests.decks.events.fixtures import spring_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def spring_event(cv, alice, bob, charlie, staff, spring):
    """Spring Open with three registrations: bob's and charlie's play Verse 003, staff's does not."""
    ev = event_create(
        organiser=alice, name="Spring", game=cv, format_slug="spring-open", deadline=timezone.now() + timedelta(1)
    )
    for player, first in ((bob, 3), (charlie, 3), (staff, 10)):
        deck = deck_create(owner=player, game=cv, name=f"{player.username}'s", decklist=spring_text(first=first))
        registration_create(event=ev, player=player, deck=deck)
    return ev


def test_it_queues_one_job_after_commit_and_the_task_rechecks_every_registration(
    spring_event, spring, alice, sent, django_capture_on_commit_callbacks
):
    ban_verse_003(spring, alice)
    sent.clear()  # the deck notices' re-check of the format change
    snapshots = {r.pk: (r.validation, r.decklist, r.list_hash) for r in Registration.objects.all()}
    with django_capture_on_commit_callbacks(execute=True):
        # The event keeps the version it was created with until alice moves it; moving queues the re-check.
        _event, check = event_format_version_move(event=spring_event, requested_by=alice)
    assert check.status == "queued" and check.total == 3
    assert sent == [{"name": "decks.event_check", "args": [str(check.pk)]}]

    assert event_check(str(check.pk)) == "done"

    check.refresh_from_db()
    assert (check.status, check.done, check.total, check.legal, check.illegal) == ("done", 3, 3, 1, 2)
    assert check.progress == 1.0 and check.finished is not None
    by_player = {r.player.username: r for r in Registration.objects.select_related("player")}
    assert by_player["bob"].recheck_legal is False and by_player["charlie"].recheck_legal is False
    assert [f["code"] for f in by_player["bob"].recheck["errors"]] == ["banned-card"]
    assert by_player["sam"].recheck_legal is True and by_player["sam"].rechecked is not None
    # The snapshots are untouched: legal when registered, still.
    assert {r.pk: (r.validation, r.decklist, r.list_hash) for r in Registration.objects.all()} == snapshots


def test_a_duplicate_delivery_changes_nothing(spring_event, alice, sent):
    check = event_check_create(event=spring_event, requested_by=alice)
    assert event_check(str(check.pk)) == "done"
    first = list(Registration.objects.order_by("pk").values_list("pk", "rechecked"))
    assert event_check(str(check.pk)) == "skipped"
    assert list(Registration.objects.order_by("pk").values_list("pk", "rechecked")) == first


def test_a_redelivered_message_takes_its_running_job_over(spring_event, alice, sent):
    check = event_check_create(event=spring_event, requested_by=alice)
    task_id = "5d0c3c5e-3f4a-4a52-9d1c-0d3c6c6d1f0a"
    # The first attempt claimed the job and its process died half-way.
    EventCheck.objects.filter(pk=check.pk).update(
        status="running", claim=task_id.replace("-", ""), started=timezone.now(), done=1
    )
    assert event_check_run(check_id=str(check.pk), task_id="another-task") is None
    assert event_check_run(check_id=str(check.pk), task_id=task_id).status == "done"
    check.refresh_from_db()
    assert (check.done, check.legal, check.illegal) == (3, 3, 0)


def test_a_job_left_running_by_a_dead_worker_is_taken_over_once_stale(spring_event, alice, sent, settings):
    check = event_check_create(event=spring_event, requested_by=alice)
    EventCheck.objects.filter(pk=check.pk).update(status="running", claim="x" * 32, started=timezone.now())
    assert event_check_run(check_id=str(check.pk), task_id=None) is None
    long_ago = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    EventCheck.objects.filter(pk=check.pk).update(started=long_ago)
    assert event_check_run(check_id=str(check.pk), task_id=None).status == "done"


def test_it_writes_its_progress_as_it_goes(cv, alice, event, monkeypatch, sent):
    from django.contrib.auth import get_user_model

    from tests.decks.conftest import legal_cv_text

    for i in range(12):
        player = get_user_model().objects.create_user(f"player{i}")
        deck = deck_create(owner=player, game=cv, name=f"Deck {i}", decklist=legal_cv_text())
        registration_create(event=event, player=player, deck=deck)
    check = event_check_create(event=event, requested_by=alice)
    seen: list[int] = []
    real = service.registration_recheck_result

    def spy(**kwargs):
        seen.append(EventCheck.objects.get(pk=check.pk).done)
        return real(**kwargs)

    monkeypatch.setattr(service, "registration_recheck_result", spy)
    monkeypatch.setattr(service, "PROGRESS_SECONDS", 3600.0)
    event_check_run(check_id=str(check.pk))
    # Written after every fifth registration, and at the end.
    assert seen == [0] * 5 + [5] * 5 + [10] * 2
    assert EventCheck.objects.get(pk=check.pk).done == 12


def test_a_second_request_while_one_runs_answers_the_same_job(spring_event, alice, sent):
    first = event_check_create(event=spring_event, requested_by=alice)
    assert event_check_create(event=spring_event, requested_by=alice) == first
    event_check(str(first.pk))
    assert event_check_create(event=spring_event, requested_by=alice) != first


def test_a_task_that_fails_for_good_fails_its_job(spring_event, alice, sent):
    check = event_check_create(event=spring_event, requested_by=alice)
    event_check.on_failure(RuntimeError("boom"), "task-id", [str(check.pk)], {}, None)
    check.refresh_from_db()
    assert check.status == "failed" and "boom" in check.error
    assert event_check(str(check.pk)) == "skipped"


def test_a_check_of_no_registrations_is_done_at_once(event, alice, sent):
    check = event_check_create(event=event, requested_by=alice)
    assert event_check(str(check.pk)) == "done"
    check.refresh_from_db()
    assert (check.total, check.done, check.progress) == (0, 0, 1.0)


REDELIVERED_TASK_ID = "7d0c6a52-1c1e-4b59-9d59-3c9f1f3f0a11"


def test_a_second_delivery_running_beside_the_first_tells_each_player_once(
    spring_event, spring, alice, sent, monkeypatch
):
    ban_verse_003(spring, alice)
    # The event moves to the format's new version: that queues the organiser's re-check.
    _event, check = event_format_version_move(event=spring_event, requested_by=alice)
    assert check.status == "queued"
    real = service.registration_recheck_result
    calls = {"n": 0}

    def first_verdict_then_the_message_comes_again(**kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            # While the first delivery is at its first registration, the same message is delivered again
            # (same task id) and runs to the end.
            event_check_run(check_id=str(check.pk), task_id=REDELIVERED_TASK_ID)
        return real(**kwargs)

    monkeypatch.setattr(service, "registration_recheck_result", first_verdict_then_the_message_comes_again)
    before = Notification.objects.filter(kind="registration-illegal").count()
    event_check_run(check_id=str(check.pk), task_id=REDELIVERED_TASK_ID)
    told = Notification.objects.filter(kind="registration-illegal").count() - before
    assert EventCheck.objects.get(pk=check.pk).status == "done"
    assert told == 2, f"bob and charlie each told once; {told} notifications"
