"""Importing collections: writing checked rows in one transaction, at once or as an ImportJob.

Two steps. `import_parse` (cardcollections.imports.parsing) reads and checks
every row; it writes nothing. `import_apply` then writes all rows in one
transaction, adding to the collection of that game or replacing it. A file with
any bad row changes nothing. Big files run as an ImportJob in a Celery worker
(cardcollections.imports.tasks), with the validation's progress written as it goes.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from cardcollections.collection.services import Change
from cardcollections.collection.services import CollectionError
from cardcollections.collection.services import collection_apply
from cardcollections.imports.parsing import ImportProblem
from cardcollections.imports.parsing import ImportRow
from cardcollections.imports.parsing import import_parse
from cardcollections.imports.parsing import import_row_count
from cardcollections.jobs.services import job_budget_check
from cardcollections.jobs.services import job_claim
from cardcollections.jobs.services import job_fail
from cardcollections.jobs.services import job_kind_reap_dead
from cardcollections.jobs.services import job_mine
from cardcollections.jobs.services import job_progress
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.models import LedgerReason
from cardsite.api.work import TooBig
from cardsite.api.work import budget_lock
from cardsite.api.work import claim_token

# Files with more rows than this, or more bytes, go to a Celery worker; smaller ones run in the request. The
# bytes too: a file of a few lines can be a 20 MB header of a million columns (ten seconds of reading).
INLINE_MAX_ROWS = 2000
INLINE_MAX_BYTES = 256 * 1024
# A small import runs inside its request (collection_import_start), under a claim that says so. Gunicorn ends a
# request's worker after 30 s, so one still running after INLINE_STALE_SECONDS lost its web worker and nothing
# will finish it: the reaper fails it then, not after the worker task's 20 minutes (issue #34: it stayed
# "running" for 25 minutes, holding its owner's work budget). A Celery task id is hex: it never starts so.
INLINE_CLAIM = "inline"
INLINE_STALE_SECONDS = 120
# The estimated worker time of a row, for the owner's work budget and the queue (declared with the kind).
SECONDS_PER_ROW = ImportJob.SECONDS_PER_ROW
UNFINISHED = (ImportJob.Status.QUEUED, ImportJob.Status.RUNNING)
# A job keeps this many of its problems (a 50,000-row file of mistakes kept them all, for ever).
MAX_STORED_ERRORS = 300


def import_apply(
    *,
    owner: User,
    game: Game,
    rows: list[ImportRow],
    mode: str,
    actor: User | None = None,
    job: ImportJob | None = None,
    confirm_empty: bool = False,
) -> dict[str, int]:
    """Write the rows in one transaction: add them to the owner's collection of the game, or make it exactly them.

    Replacing with no rows at all (a header-only file) would empty the collection: refused unless `confirm_empty`.
    """
    if mode == ImportJob.Mode.REPLACE and not rows and not confirm_empty:
        raise CollectionError(_empty_replace(game))
    targets: dict[tuple[int, str], int] = {}
    notes: dict[tuple[int, str], str] = {}
    for row in rows:
        key = (row.card_id, row.condition)
        targets[key] = targets.get(key, 0) + row.count
        if row.notes:
            notes[key] = row.notes
    with transaction.atomic():
        if mode == ImportJob.Mode.REPLACE:
            # Locked first, so the quantities the deltas are computed from cannot change under us.
            current = {
                (e.card_id, e.condition): e.quantity
                for e in CollectionEntry.objects.select_for_update()
                .filter(owner=owner, card__game=game)
                .order_by("pk")
                .only("id", "card_id", "condition", "quantity")
            }
            keys = set(current) | set(targets)
            changes = [
                Change(owner.pk, c, cond, targets.get((c, cond), 0) - current.get((c, cond), 0)) for c, cond in keys
            ]
            reason = LedgerReason.REPLACE
        elif mode == ImportJob.Mode.ADD:
            changes = [Change(owner.pk, c, cond, n) for (c, cond), n in targets.items()]
            reason = LedgerReason.IMPORT
        else:
            raise CollectionError(f"Unknown mode {mode!r}; use add or replace.")
        ledger = collection_apply(changes=changes, reason=reason, actor=actor or owner, import_job=job)
        _write_notes(owner, game, notes, replace=mode == ImportJob.Mode.REPLACE)
    return {
        "rows": len(rows),
        "cards": len(targets),
        "added": sum(e.delta for e in ledger if e.delta > 0),
        "removed": -sum(e.delta for e in ledger if e.delta < 0),
    }


def _write_notes(owner: User, game: Game, notes: dict[tuple[int, str], str], *, replace: bool) -> None:
    entries = CollectionEntry.objects.filter(owner=owner, card__game=game)
    if not replace:
        entries = entries.filter(card_id__in={k[0] for k in notes}) if len(notes) <= 500 else entries
    changed = []
    for entry in entries.only("id", "card_id", "condition", "notes"):
        key = (entry.card_id, entry.condition)
        new = notes.get(key, "" if replace else entry.notes)
        if new != entry.notes:
            entry.notes = new
            changed.append(entry)
    CollectionEntry.objects.bulk_update(changed, ["notes"], batch_size=500)


def _empty_replace(game: Game) -> str:
    return (
        f"The file has no cards: replacing with it would empty your {game.name} collection. "
        "To empty it, confirm that you mean to."
    )


def collection_import(
    *, owner: User, game: Game, text: str, fmt: str, mode: str, confirm_empty: bool = False
) -> tuple[dict[str, int] | None, list[ImportProblem]]:
    """Parse and apply in one go (small files, tests): (summary, []) or (None, every problem)."""
    parsed = import_parse(game=game, text=text, fmt=fmt)
    if parsed.problems:
        return None, parsed.problems
    try:
        return import_apply(owner=owner, game=game, rows=parsed.rows, mode=mode, confirm_empty=confirm_empty), []
    except CollectionError as exc:
        return None, [ImportProblem(None, str(exc))]


# ---------------------------------------------------------------- jobs
def import_job_create(
    *, owner: User, game: Game, text: str, fmt: str, mode: str, confirm_empty: bool = False
) -> ImportJob:
    if fmt not in ImportJob.Format.values:
        raise CollectionError(f"Unknown format {fmt!r}; use {' or '.join(ImportJob.Format.values)}.")
    if mode not in ImportJob.Mode.values:
        raise CollectionError(f"Unknown mode {mode!r}; use {' or '.join(ImportJob.Mode.values)}.")
    if not text.strip():
        raise CollectionError("The file is empty.")
    import_jobs_expire()
    total_rows = import_row_count(text=text, fmt=fmt)
    if mode == ImportJob.Mode.REPLACE and total_rows == 0 and not confirm_empty:
        raise CollectionError(_empty_replace(game))  # said before a job exists (import_apply checks again)
    with budget_lock(f"import:{owner.pk}"), transaction.atomic():
        try:
            job_budget_check(model=ImportJob, caller=owner, seconds=import_job_seconds(total_rows))
        except TooBig as exc:
            raise CollectionError(exc.message) from exc
        return ImportJob.objects.create(
            owner=owner,
            game=game,
            text=text,
            format=fmt,
            mode=mode,
            confirm_empty=confirm_empty,
            total_rows=total_rows,
        )


def import_job_seconds(total_rows: int) -> float:
    """The estimated worker time of an import of `total_rows` rows."""
    return total_rows * SECONDS_PER_ROW


def import_jobs_reap() -> int:
    """Fail the imports whose work died; how many (ImportJob.job_reaper: the imports' share of
    `cardcollections.reap_jobs`).

    One run inline and still running after INLINE_STALE_SECONDS (its web worker is gone), one run by a worker
    for longer than its task may, or one still queued after JOB_QUEUED_HOURS (no worker serves its queue): the
    import page then says so, and the job no longer counts against its owner's budget.
    """
    lost = ImportJob.objects.filter(
        status=ImportJob.Status.RUNNING,
        claim__startswith=INLINE_CLAIM,
        started__lt=timezone.now() - timedelta(seconds=INLINE_STALE_SECONDS),
    )
    inline = sum(
        job_fail(model=ImportJob, pk=pk, message=ImportJob.job_stopped_message)
        for pk in list(lost.values_list("pk", flat=True))
    )
    return inline + job_kind_reap_dead(ImportJob)


def import_job_runs_inline(job: ImportJob) -> bool:
    return job.total_rows <= INLINE_MAX_ROWS and len(job.text) <= INLINE_MAX_BYTES


def import_job_run(*, job_id: int, task_id: str | None = None, inline: bool = False) -> ImportJob | None:
    """Run a queued import job; None if another attempt holds it (a duplicate delivery changes nothing).

    The claim is a conditional UPDATE, its token the task's id. The message of a task whose pool
    process died comes back with the same id (reject_on_worker_lost) and takes its own claim over,
    so the import runs again at once rather than waiting for the reaper (docs/reliability.md,
    Celery). A job left RUNNING longer than its task's own time limit belongs to a dead attempt and
    may be claimed again (cardcollections.jobs.services.job_claim); the rows are written together with
    the job's DONE status, under a lock on the job, so only one attempt ever applies them.
    """
    token = f"{INLINE_CLAIM}{uuid.uuid4().hex[: 32 - len(INLINE_CLAIM)]}" if inline else claim_token(task_id)
    if not job_claim(model=ImportJob, pk=job_id, token=token):
        return None
    job = ImportJob.objects.select_related("owner", "game").get(pk=job_id)
    mine = job_mine(model=ImportJob, pk=job_id, token=token)

    def progress(fraction: float) -> None:
        # Validation is 90 % of the bar; the one-transaction write is the rest.
        job_progress(model=ImportJob, pk=job_id, token=token, progress=round(min(0.9, fraction * 0.9), 3))

    parsed = import_parse(game=job.game, text=job.text, fmt=job.format, on_progress=progress)
    if parsed.problems:
        mine.update(**_ended(ImportJob.Status.FAILED, errors=_stored_errors(parsed.problems)))
        return ImportJob.objects.get(pk=job_id)
    progress(1.0)
    try:
        with transaction.atomic():
            locked = job_mine(model=ImportJob, pk=job_id, token=token).select_for_update()
            if not locked.exists():
                return None
            summary = import_apply(
                owner=job.owner,
                game=job.game,
                rows=parsed.rows,
                mode=job.mode,
                job=job,
                confirm_empty=job.confirm_empty,
            )
            locked.update(**_ended(ImportJob.Status.DONE, summary=summary))
    except CollectionError as exc:
        mine.update(**_ended(ImportJob.Status.FAILED, errors=_stored_errors([ImportProblem(None, str(exc))])))
    return ImportJob.objects.get(pk=job_id)


def import_job_fail(*, job_id: int, message: str) -> bool:
    """Fail an unfinished job (its task raised) with the reason; True if it was unfinished."""
    return job_fail(model=ImportJob, pk=job_id, message=message)


def _ended(status: str, **fields: object) -> dict[str, object]:
    """The fields of a job that has ended: its uploaded text is dropped (up to 10 MB a job, never needed again)."""
    return {"status": status, "progress": 1.0, "finished": timezone.now(), "text": "", **fields}


def _stored_errors(problems: list[ImportProblem]) -> list[dict]:
    """The first MAX_STORED_ERRORS problems, and a line saying how many more there were."""
    kept = [p.to_dict() for p in problems[:MAX_STORED_ERRORS]]
    if len(problems) > MAX_STORED_ERRORS:
        more = len(problems) - MAX_STORED_ERRORS
        kept.append(ImportProblem(None, f"... and {more} more problems (fix these and import again).").to_dict())
    return kept


def import_jobs_expire(*, now: datetime | None = None) -> int:
    """Delete import jobs that ended more than IMPORT_JOB_KEEP_DAYS ago; how many went."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.IMPORT_JOB_KEEP_DAYS)
    deleted, _ = (
        ImportJob.objects.filter(finished__lt=cutoff)
        .exclude(status__in=[ImportJob.Status.QUEUED, ImportJob.Status.RUNNING])
        .delete()
    )
    return deleted
