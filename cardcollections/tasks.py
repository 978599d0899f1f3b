"""Celery tasks of the catalogs: interfaces like views, calling one service each."""

from celery import shared_task

from cardcollections.services.images import card_faces_render


@shared_task(acks_late=True, reject_on_worker_lost=True, time_limit=600, soft_time_limit=570)
def render_card_faces(card_ids: list[int]) -> int:
    """Draw the faces of cards without a scan (idempotent: a drawn face is kept)."""
    return card_faces_render(card_ids=card_ids)


# ---------------------------------------------------------------- collection imports
@shared_task(acks_late=True, reject_on_worker_lost=True, time_limit=1200, soft_time_limit=1140)
def run_collection_import(job_id: int) -> str:
    """Run one import job (idempotent: the job is claimed atomically; a duplicate delivery does nothing)."""
    from cardcollections.services.collection_import import import_job_run

    job = import_job_run(job_id=job_id)
    return job.status if job is not None else "skipped"


def collection_import_start(job) -> None:
    """Run a small import now; queue a big one for a worker once the job row is committed."""
    from django.db import transaction

    from cardcollections.services.collection_import import import_job_run, import_job_runs_inline

    if import_job_runs_inline(job):
        import_job_run(job_id=job.pk)
    else:
        job_id = job.pk
        transaction.on_commit(lambda: run_collection_import.delay(job_id))
    job.refresh_from_db()
