"""Imports share the work budgets of goldfish (a 429 with Retry-After past them), go to the queue their size
asks for, and an import whose worker died is failed by the reaper, which its page then says."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.imports.services import import_job_create
from cardcollections.imports.tasks import reap_import_jobs
from cardcollections.models import Game
from cardcollections.models import ImportJob
from tests.cardcollections.imports.test_collection_import import big_csv

pytestmark = pytest.mark.django_db

API = "/api/v1/collection/imports/"


@pytest.fixture
def cv(small_catalogs) -> Game:
    return Game.objects.get(slug="chapter-and-verse")


@pytest.fixture
def tight(settings):
    settings.WORK_BUDGETS = {**settings.WORK_BUDGETS, "user": {"jobs": 2, "seconds": 30}}


def queued_import(owner, game) -> ImportJob:
    return import_job_create(owner=owner, game=game, text=big_csv(2_500), fmt="csv", mode="add")


def test_a_third_unfinished_import_is_a_429_on_the_api_and_the_page(alice, bob, cv, tight, api_as, client):
    queued_import(alice, cv), queued_import(alice, cv)
    response = api_as(alice).post(API, {"game": cv.slug, "text": big_csv(3)}, format="json")
    assert response.status_code == 429, response.content
    assert response["Retry-After"] and "2 unfinished imports" in response.json()["detail"]

    client.force_login(alice)
    page = client.post(f"/collection/{cv.slug}/import/", {"text": big_csv(3), "format": "csv", "mode": "add"})
    assert page.status_code == 429 and page["Retry-After"]
    assert "2 unfinished imports" in page.content.decode()
    assert ImportJob.objects.filter(owner=alice).count() == 2
    # Bob's budget is his own.
    assert api_as(bob).post(API, {"game": cv.slug, "text": big_csv(3)}, format="json").status_code == 201


def test_a_file_bigger_than_the_whole_budget_is_a_400(alice, cv, tight, api_as):
    response = api_as(alice).post(API, {"game": cv.slug, "text": big_csv(20_000)}, format="json")
    assert response.status_code == 400, response.content
    assert "of worker time" in str(response.json())
    assert not ImportJob.objects.exists()


def test_an_import_whose_worker_died_is_failed_and_its_page_says_so(alice, cv, client, settings):
    job = queued_import(alice, cv)
    ImportJob.objects.filter(pk=job.pk).update(status="running", started=timezone.now())
    assert reap_import_jobs() == 0
    long_ago = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    ImportJob.objects.filter(pk=job.pk).update(started=long_ago)
    never_taken = queued_import(alice, cv)
    ImportJob.objects.filter(pk=never_taken.pk).update(created=timezone.now() - timedelta(hours=7))
    assert reap_import_jobs() == 2

    client.force_login(alice)
    page = client.get(f"/collection/imports/{job.pk}/").content.decode()
    assert "The worker running this import stopped. Nothing was changed" in page
    assert (
        "No worker took this import within 6 hours"
        in client.get(f"/collection/imports/{never_taken.pk}/").content.decode()
    )


class WorkerKilled(BaseException):
    """What a web worker's death looks like from inside the request: nothing after it runs."""


def test_an_inline_import_whose_web_worker_died_is_failed_within_minutes_and_frees_the_budget(
    alice, cv, client, monkeypatch, tight
):
    """Issue #34: a small import runs in its request; its web worker killed, it stayed "running" for 25 minutes
    and held its owner's budget. Gunicorn ends a request after 30 s, so the reaper fails it after 2 minutes."""
    from cardcollections.imports import services
    from cardcollections.imports.tasks import collection_import_start
    from cardcollections.jobs.services import jobs_reap

    def killed(**kwargs):
        raise WorkerKilled

    monkeypatch.setattr(services, "import_parse", killed)
    small = import_job_create(owner=alice, game=cv, text=big_csv(3), fmt="csv", mode="add")
    with pytest.raises(WorkerKilled):
        collection_import_start(small)
    monkeypatch.undo()
    small.refresh_from_db()
    assert small.status == "running" and small.claim.startswith(services.INLINE_CLAIM)
    worker_run = queued_import(alice, cv)  # run by a worker: its claim is its task's id
    ImportJob.objects.filter(pk=worker_run.pk).update(status="running", claim="ab" * 16, started=timezone.now())
    assert next_import_status(alice, cv, client) == 429  # two unfinished imports: the budget is spent

    assert jobs_reap()["collections.ImportJob"] == 0  # just started: it might still be running
    a_while_ago = timezone.now() - timedelta(seconds=services.INLINE_STALE_SECONDS + 1)
    ImportJob.objects.filter(pk__in=[small.pk, worker_run.pk]).update(started=a_while_ago)
    assert jobs_reap()["collections.ImportJob"] == 1  # the inline one; the worker's task may run 20 minutes
    assert ImportJob.objects.get(pk=worker_run.pk).status == "running"
    assert ImportJob.objects.get(pk=small.pk).status == "failed"
    assert next_import_status(alice, cv, client) != 429
    page = client.get(f"/collection/imports/{small.pk}/").content.decode()
    assert "The worker running this import stopped. Nothing was changed" in page


def next_import_status(alice, cv, client) -> int:
    """The status of alice's next import on the page (a 429 once her budget is spent)."""
    client.force_login(alice)
    return client.post(
        f"/collection/{cv.slug}/import/", {"text": big_csv(3), "format": "csv", "mode": "add"}
    ).status_code
