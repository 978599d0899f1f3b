"""A job whose work died is failed by the periodic reaper, and its caller is told so instead of waiting for ever."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardsite.celery_app import app
from decks.goldfish import services as service
from decks.goldfish.models import GoldfishChunk
from decks.goldfish.models import GoldfishJob
from decks.goldfish.services import goldfish_chunk_run
from decks.goldfish.tasks import reap_goldfish_jobs
from tests.decks.goldfish.test_goldfish_budget import BUDGETS
from tests.decks.goldfish.test_goldfish_budget import URL
from tests.decks.goldfish.test_goldfish_budget import body

pytestmark = pytest.mark.django_db


def started_job(client) -> GoldfishJob:
    job_id = client.post(URL, body(), content_type="application/json").json()["id"]
    return GoldfishJob.objects.get(pk=job_id)


def test_a_job_whose_worker_went_silent_is_failed_and_the_api_says_why(client, cv_catalog, queued, settings):
    job = started_job(client)
    GoldfishChunk.objects.filter(job=job).update(status="running", task_id="t-1", attempt=1)
    assert reap_goldfish_jobs() == 0  # still reporting: left alone

    silent = timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS + 1)
    GoldfishChunk.objects.filter(job=job).update(updated=silent)
    assert reap_goldfish_jobs() == 1
    state = client.get(f"{URL}{job.id}/").json()
    assert state["status"] == "failed"
    assert "stopped (no progress for 5 minutes)" in state["error"]
    # The worker coming back later changes nothing.
    assert goldfish_chunk_run(job_id=str(job.id), index=0, task_id="t-1") == "skipped"
    assert GoldfishJob.objects.get(pk=job.id).status == "failed"


def test_a_progress_report_keeps_a_running_chunk_alive(client, cv_catalog, queued, settings):
    job = started_job(client)
    long_ago = timezone.now() - timedelta(hours=1)
    GoldfishChunk.objects.filter(job=job).update(updated=long_ago)
    goldfish_chunk_run(job_id=str(job.id), index=0, task_id="t-2")  # claims, reports, finishes
    assert GoldfishJob.objects.get(pk=job.id).status == "done"
    assert GoldfishChunk.objects.get(job=job).updated > long_ago


def test_a_job_no_worker_took_for_hours_is_failed(client, cv_catalog, queued, settings):
    job = started_job(client)
    GoldfishJob.objects.filter(pk=job.pk).update(created=timezone.now() - timedelta(hours=settings.JOB_QUEUED_HOURS))
    fresh = started_job(client)
    assert reap_goldfish_jobs() == 1
    assert GoldfishJob.objects.get(pk=job.pk).error.startswith("No worker took this job within 6 hours")
    assert GoldfishJob.objects.get(pk=fresh.pk).status == "queued"


def test_a_job_handed_off_by_the_request_that_no_worker_takes_is_reaped(client, cv_catalog, settings, monkeypatch):
    """A job the web request hands to a worker at its deadline waits in the queue like any other: it says so,
    and when no worker takes it within JOB_QUEUED_HOURS it is failed and stops counting against the budget
    (an anonymous address was refused with a 429 for ever)."""
    settings.WORK_BUDGETS = {**BUDGETS, "anon": {"jobs": 1, "seconds": 60}}
    monkeypatch.setattr(service.current_app, "send_task", lambda *a, **k: None)  # no worker serves the queue
    settings.GOLDFISH_INLINE_DEADLINE = 0.0
    response = client.post(URL, body(trials=20_000), content_type="application/json")
    assert response.status_code == 202
    job = GoldfishJob.objects.get(pk=response.json()["id"])
    assert job.chunks.get().status == "queued"  # nothing is running it
    assert client.get(f"{URL}{job.id}/").json()["status"] == "queued"
    settings.GOLDFISH_INLINE_SECONDS = 0.0  # the address's next job is queued, so the budget counts
    assert client.post(URL, body(), content_type="application/json").status_code == 429

    GoldfishJob.objects.filter(pk=job.pk).update(created=timezone.now() - timedelta(hours=settings.JOB_QUEUED_HOURS))
    assert reap_goldfish_jobs() == 1
    state = client.get(f"{URL}{job.id}/").json()
    assert state["status"] == "failed", state
    assert state["error"].startswith("No worker took this job within 6 hours")
    assert client.post(URL, body(), content_type="application/json").status_code == 202


def test_a_running_job_whose_chunks_all_wait_in_the_queue_is_failed_after_hours(client, cv_catalog, queued, settings):
    # Such rows were left by hand-offs before they put the job back in the queue.
    job = started_job(client)
    GoldfishJob.objects.filter(pk=job.pk).update(
        status="running", created=timezone.now() - timedelta(hours=settings.JOB_QUEUED_HOURS)
    )
    working = started_job(client)
    GoldfishJob.objects.filter(pk=working.pk).update(
        status="running", created=timezone.now() - timedelta(hours=settings.JOB_QUEUED_HOURS)
    )
    GoldfishChunk.objects.filter(job=working).update(status="running", task_id="t-3", attempt=1)
    assert reap_goldfish_jobs() == 1
    assert GoldfishJob.objects.get(pk=job.pk).status == "failed"
    assert GoldfishJob.objects.get(pk=working.pk).status == "running"  # a worker is on it: left alone


def test_a_job_whose_other_chunk_never_reached_a_worker_is_failed_after_hours(cv_catalog, queued, settings):
    job = service.goldfish_job_create(owner=None, data=body(trials=2_000_000), parts=2, inline=False)
    assert goldfish_chunk_run(job_id=str(job.id), index=0, task_id="t-0") == "done"  # chunk 1's message is lost
    assert GoldfishJob.objects.get(pk=job.pk).status == "running"
    assert reap_goldfish_jobs() == 0  # it may still come
    hours_ago = timezone.now() - timedelta(hours=settings.JOB_QUEUED_HOURS)
    GoldfishJob.objects.filter(pk=job.pk).update(created=hours_ago)
    GoldfishChunk.objects.filter(job=job).update(updated=hours_ago)
    assert reap_goldfish_jobs() == 1
    assert GoldfishJob.objects.get(pk=job.pk).status == "failed"


def test_celery_beat_runs_the_one_reaper_of_every_kind_and_the_old_names_still_run(settings):
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    # One reaper for every kind of job; beside it the tables' clocks, which end games whose flag fell (not a reaper).
    assert scheduled == {"cardcollections.reap_jobs", "tables.flag_timed_out"}
    app.loader.import_default_modules()
    # The per-kind names of the earlier schedule still run, for messages a beat sent before the change.
    assert scheduled | {
        "decks.reap_goldfish_jobs",
        "decks.reap_event_checks",
        "cardcollections.reap_import_jobs",
    } <= set(app.tasks)
