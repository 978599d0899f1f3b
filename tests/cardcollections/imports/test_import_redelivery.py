"""An import whose pool process died runs again as soon as its message comes back (docs/reliability.md, Celery:
`task_reject_on_worker_lost` re-queues the message, with the same task id, 0.1 s after the kill)."""

import uuid

import pytest
from django.utils import timezone

from cardcollections.collection.selectors import ledger_mismatches
from cardcollections.imports.services import import_job_create
from cardcollections.imports.tasks import run_collection_import
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import ImportJob

HEADER = "Count,Name,Set,Number,Condition,Notes\n"


@pytest.mark.django_db
def test_the_message_of_an_attempt_whose_process_died_runs_the_import_once_at_once(alice, small_catalogs):
    cv = Game.objects.get(slug="chapter-and-verse")
    job = import_job_create(owner=alice, game=cv, text=HEADER + "3,Pride Cycle,CV1,17,,\n", fmt="csv", mode="add")
    task_id = str(uuid.uuid4())
    # The first attempt claimed the job as its task, then its pool process was killed (OOM) before it wrote.
    ImportJob.objects.filter(pk=job.pk).update(
        status=ImportJob.Status.RUNNING, claim=uuid.UUID(task_id).hex, started=timezone.now()
    )

    # Any other message finds the job taken and changes nothing.
    assert run_collection_import.apply(args=[job.pk], task_id=str(uuid.uuid4())).get() == "skipped"
    assert not CollectionEntry.objects.filter(owner=alice).exists()
    # The re-queued message (same task id) takes its own claim over and runs the import now, not after the reaper.
    assert run_collection_import.apply(args=[job.pk], task_id=task_id).get() == "done"
    job.refresh_from_db()
    assert job.status == ImportJob.Status.DONE
    assert sum(CollectionEntry.objects.filter(owner=alice).values_list("quantity", flat=True)) == 3
    # Delivered once more: the job is done, nothing moves twice.
    assert run_collection_import.apply(args=[job.pk], task_id=task_id).get() == "skipped"
    assert sum(CollectionEntry.objects.filter(owner=alice).values_list("quantity", flat=True)) == 3
    assert ledger_mismatches() == []
