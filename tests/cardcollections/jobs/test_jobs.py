"""The one background-job module (cardcollections/jobs/): every kind of job is claimed once, taken over by its own
re-delivered message, failed by the one reaper past its own task's time limit, and budgeted the same way."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from cardcollections.jobs.models import JobStatus
from cardcollections.jobs.policy import task_limits
from cardcollections.jobs.services import job_cancel
from cardcollections.jobs.services import job_claim
from cardcollections.jobs.services import job_fail
from cardcollections.jobs.services import job_finish
from cardcollections.jobs.services import job_kinds
from cardcollections.jobs.services import job_progress
from cardcollections.jobs.services import jobs_reap
from cardcollections.jobs.tasks import reap_jobs
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.models import PrintJob
from decks.models import Event
from decks.models import EventCheck
from decks.models import FormatRecheck
from decks.models import GoldfishJob

pytestmark = pytest.mark.django_db

KINDS = {ImportJob, EventCheck, GoldfishJob, PrintJob, FormatRecheck}
# The task that runs one job of each kind.
TASKS = {
    "cardcollections.tasks.run_collection_import": ImportJob,
    "decks.event_check": EventCheck,
    "decks.format_decks_recheck": FormatRecheck,
    "decks.goldfish_chunk": GoldfishJob,
    "cardcollections.draw_print_sheet": PrintJob,
}


@pytest.fixture
def game(small_catalogs) -> Game:
    return Game.objects.get(slug="chapter-and-verse")


def an_import(owner, game) -> ImportJob:
    return ImportJob.objects.create(owner=owner, game=game, text="1,x", total_rows=1)


def a_check(organiser, game) -> EventCheck:
    event = Event.objects.create(
        organiser=organiser, name="Spring", game=game, format="standard", deadline=timezone.now()
    )
    return EventCheck.objects.create(event=event, requested_by=organiser, total=4)


def ago(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


def test_every_kind_of_job_is_registered_by_subclassing_job():
    assert set(job_kinds()) >= KINDS


def test_each_job_task_runs_with_its_kinds_own_limits_under_the_global_ceiling():
    from cardsite.celery_app import app

    app.loader.import_default_modules()
    for name, model in TASKS.items():
        task = app.tasks[name]
        assert (task.time_limit, task.soft_time_limit) == (model.job_time_limit, model.job_soft_time_limit), name
        assert task.acks_late and task.reject_on_worker_lost, name
        assert model.job_time_limit <= settings.CELERY_TASK_TIME_LIMIT, name
    assert task_limits(600) == {"time_limit": 600, "soft_time_limit": 570}
    with pytest.raises(ValueError):
        task_limits(60, 60)


@pytest.mark.parametrize("make", [an_import, a_check])
def test_a_job_is_claimed_once_and_its_redelivered_message_takes_its_own_claim_over(alice, game, make):
    job = make(alice, game)
    model = type(job)
    assert job_claim(model=model, pk=job.pk, token="a")
    assert not job_claim(model=model, pk=job.pk, token="b")  # a duplicate delivery: nothing to claim
    assert job_progress(model=model, pk=job.pk, token="a")
    assert job_claim(model=model, pk=job.pk, token="a")  # the same message again (its process died)
    assert not job_progress(model=model, pk=job.pk, token="b")
    assert job_finish(model=model, pk=job.pk, token="a")
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.finished is not None
    assert not job_claim(model=model, pk=job.pk, token="a")  # a finished job is never claimed again


@pytest.mark.parametrize("make", [an_import, a_check])
def test_a_running_job_past_its_own_tasks_limit_is_taken_over_and_its_old_attempt_writes_nothing(alice, game, make):
    job = make(alice, game)
    model = type(job)
    assert job_claim(model=model, pk=job.pk, token="old")
    model.objects.filter(pk=job.pk).update(started=ago(model.job_time_limit - 5))
    assert not job_claim(model=model, pk=job.pk, token="new")  # still within its task's limit
    model.objects.filter(pk=job.pk).update(started=ago(model.job_time_limit + 1))
    assert job_claim(model=model, pk=job.pk, token="new")
    assert not job_finish(model=model, pk=job.pk, token="old")
    assert job_finish(model=model, pk=job.pk, token="new")


def test_the_stale_window_is_the_tasks_own_limit_not_the_global_one(alice, game):
    """An event re-check's task stops at 10 minutes: a check running for 11 is dead, though the global
    CELERY_TASK_TIME_LIMIT (25 minutes) would have waited on it (the review's finding)."""
    assert EventCheck.job_time_limit < settings.CELERY_TASK_TIME_LIMIT
    check = a_check(alice, game)
    EventCheck.objects.filter(pk=check.pk).update(
        status="running", claim="x", started=ago(EventCheck.job_time_limit + 60)
    )
    assert jobs_reap()["decks.EventCheck"] == 1
    check.refresh_from_db()
    assert check.status == "failed" and check.error == "the worker running it stopped"


def test_fail_and_cancel_end_only_an_unfinished_job(alice, game):
    job = an_import(alice, game)
    assert job_fail(model=ImportJob, pk=job.pk, message="broken")
    assert not job_fail(model=ImportJob, pk=job.pk, message="again")
    assert not job_cancel(model=ImportJob, pk=job.pk)
    job.refresh_from_db()
    assert job.status == "failed" and job.errors[0]["message"] == "broken" and job.text == ""
    other = an_import(alice, game)
    assert job_cancel(model=ImportJob, pk=other.pk)
    assert not job_claim(model=ImportJob, pk=other.pk, token="a")


def a_print(owner, game) -> PrintJob:
    return PrintJob.objects.create(owner=owner, game=game, title="Sheet", cards=[], total_cards=1)


def test_the_one_reaper_walks_every_kind(alice, bob, game):
    running = {
        ImportJob: an_import(alice, game),
        EventCheck: a_check(alice, game),
        PrintJob: a_print(alice, game),
    }
    for model, job in running.items():
        model.objects.filter(pk=job.pk).update(status="running", claim="x", started=ago(model.job_time_limit + 1))
    forgotten = {ImportJob: an_import(bob, game), EventCheck: a_check(bob, game)}
    forgotten[GoldfishJob] = GoldfishJob.objects.create(mode="simulate", request={}, plan={}, trials=1)
    hours_ago = ago(settings.JOB_QUEUED_HOURS * 3600 + 1)
    for model, job in forgotten.items():
        model.objects.filter(pk=job.pk).update(created=hours_ago)
    fresh = an_import(bob, game)

    assert reap_jobs() == {
        "collections.ImportJob": 2,
        "collections.PrintJob": 1,
        "decks.EventCheck": 2,
        "decks.FormatRecheck": 0,
        "decks.GoldfishJob": 1,
    }
    for job in [*running.values(), *forgotten.values()]:
        job.refresh_from_db()
        assert job.status == "failed" and job.finished is not None, job
    fresh.refresh_from_db()
    assert fresh.status == "queued"
    assert reap_jobs() == {
        "collections.ImportJob": 0,
        "collections.PrintJob": 0,
        "decks.EventCheck": 0,
        "decks.FormatRecheck": 0,
        "decks.GoldfishJob": 0,
    }
