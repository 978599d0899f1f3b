"""Import counts are whole numbers in ASCII digits; a job whose task raised ends failed with the reason, never running."""

import pytest

from cardcollections.imports import services
from cardcollections.imports.services import import_job_create
from cardcollections.imports.tasks import run_collection_import
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from tests.conftest import celery_worker

HEADER = "Count,Name,Set,Number,Condition,Notes\n"


def csv_with(rows: int, bad_row: int | None = None, count: str = "²") -> str:
    lines = [HEADER.strip()]
    for i in range(rows):
        lines.append(f"{count if i == bad_row else 1},Pride Cycle,CV1,17,,")
    return "\n".join(lines) + "\n"


@pytest.mark.django_db
@pytest.mark.parametrize("count", ["²", "\u0663", "1.0", "-1"])
def test_a_small_import_with_a_bad_count_is_refused_inline_naming_its_line(alice, small_catalogs, api_as, count):
    text = csv_with(5, bad_row=2, count=count)
    response = api_as(alice).post(
        "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": text}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["status"] == "failed"
    assert [e["line"] for e in response.json()["errors"]] == [4]
    assert "Count must be a whole number from 1 to 100000" in response.json()["errors"][0]["message"]
    assert not CollectionEntry.objects.exists() and not LedgerEntry.objects.exists()


@pytest.mark.django_db
def test_a_big_import_with_a_unicode_digit_count_is_a_job_that_ends_failed_with_the_line(
    alice, small_catalogs, api_as, django_capture_on_commit_callbacks
):
    text = csv_with(2_500, bad_row=2_099)  # line 2,101: the header is line 1
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = api_as(alice).post(
            "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": text}, format="json"
        )
    assert response.status_code == 202 and len(queued) == 1
    job_id = response.json()["id"]
    assert run_collection_import(job_id) == "failed"  # called as a function, as the worker would
    job = ImportJob.objects.get(pk=job_id)
    assert job.status == ImportJob.Status.FAILED and job.finished is not None
    assert [e["line"] for e in job.errors] == [2_101]
    assert not CollectionEntry.objects.exists() and not LedgerEntry.objects.exists()


@pytest.mark.django_db
def test_an_inline_import_that_raises_ends_failed_with_the_reason(alice, small_catalogs, api_as, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("the parser broke")

    monkeypatch.setattr(services, "import_parse", broken)
    response = api_as(alice).post(
        "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": csv_with(3)}, format="json"
    )
    assert response.status_code == 400
    job = ImportJob.objects.get()
    assert job.status == ImportJob.Status.FAILED
    assert job.errors[0]["message"] == "The import failed: RuntimeError: the parser broke"


@pytest.mark.django_db(transaction=True)
def test_a_job_whose_task_raised_in_a_worker_is_failed_with_the_reason(alice, small_catalogs, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("the parser broke")

    monkeypatch.setattr(services, "import_parse", broken)
    cv = Game.objects.get(slug="chapter-and-verse")
    job = import_job_create(owner=alice, game=cv, text=csv_with(2_500), fmt="csv", mode="add")
    with celery_worker() as queue:
        result = run_collection_import.apply_async(args=[job.pk], queue=queue)
        with pytest.raises(RuntimeError):
            result.get(timeout=60)
    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED
    assert job.errors == [
        {"line": None, "message": "The import failed: RuntimeError: the parser broke", "suggestions": []}
    ]
