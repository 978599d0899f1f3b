"""Import jobs keep little: a few hundred problems, no uploaded text once they end, and nothing after a month."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.imports.services import MAX_STORED_ERRORS
from cardcollections.imports.services import import_job_create
from cardcollections.imports.services import import_job_run
from cardcollections.imports.services import import_jobs_expire
from cardcollections.models import Game
from cardcollections.models import ImportJob

pytestmark = pytest.mark.django_db

HEADER = "Count,Name,Set,Number,Condition,Notes\n"


@pytest.fixture
def cv(small_catalogs) -> Game:
    return Game.objects.get(slug="chapter-and-verse")


def test_a_file_full_of_mistakes_keeps_only_the_first_problems_and_not_its_text(alice, cv):
    text = HEADER + "1,No Such Card,,,,\n" * 3_000
    job = import_job_create(owner=alice, game=cv, text=text, fmt="csv", mode="add")
    job = import_job_run(job_id=job.pk)
    assert job.status == ImportJob.Status.FAILED
    assert len(job.errors) == MAX_STORED_ERRORS + 1
    assert "and 2700 more problems" in job.errors[-1]["message"]
    assert job.text == ""


def test_a_finished_import_drops_its_uploaded_text(alice, cv, cv_cards):
    job = import_job_create(owner=alice, game=cv, text=HEADER + "1,Pride Cycle,CV1,17,,\n", fmt="csv", mode="add")
    job = import_job_run(job_id=job.pk)
    assert job.status == ImportJob.Status.DONE and job.text == ""


def test_jobs_that_ended_long_ago_expire_and_unfinished_ones_stay(alice, cv, settings):
    old = timezone.now() - timedelta(days=settings.IMPORT_JOB_KEEP_DAYS + 1)
    done = ImportJob.objects.create(owner=alice, game=cv, text="", status=ImportJob.Status.DONE, finished=old)
    queued = ImportJob.objects.create(owner=alice, game=cv, text="x", status=ImportJob.Status.QUEUED)
    recent = ImportJob.objects.create(
        owner=alice, game=cv, text="", status=ImportJob.Status.FAILED, finished=timezone.now()
    )
    assert import_jobs_expire() == 1
    assert set(ImportJob.objects.values_list("pk", flat=True)) == {queued.pk, recent.pk}
    assert not ImportJob.objects.filter(pk=done.pk).exists()
