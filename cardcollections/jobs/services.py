"""A job's lifecycle, the same for every kind (shared/RELIABILITY.md, Celery): claim, progress, finish, fail,
cancel; the reaper; the budget.

- `job_claim` is a conditional UPDATE: QUEUED -> RUNNING under the attempt's token; or RUNNING under the
  same token (the message of an attempt whose process died came back with the same task id, and takes its
  own claim over at once); or RUNNING since before its task's own hard limit (that attempt is dead). Any
  other duplicate delivery claims nothing.
- Every later write of the attempt (`job_progress`, `job_finish`) matches the row only while the attempt
  still holds it: once the job is failed, cancelled or taken over, it matches nothing and the attempt stops.
- `job_fail` and `job_cancel` end an unfinished job whoever holds it.
- `jobs_reap` (celery beat, `cardcollections.reap_jobs`) walks every kind: fails the jobs running past
  their task's limit and the jobs no worker took within JOB_QUEUED_HOURS.
- `job_budget_check` counts a caller's unfinished jobs of one kind against the WORK_BUDGETS (a 429 with
  Retry-After past it), under the caller's `budget_lock` held by the caller of the check.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.module_loading import import_string

from cardcollections.jobs.models import UNFINISHED
from cardcollections.jobs.models import Job
from cardcollections.jobs.models import JobStatus
from cardcollections.jobs.policy import job_stale_before
from cardsite.api.work import check_budget
from cardsite.api.work import work_budget


def job_kinds() -> list[type[Job]]:
    """Every concrete kind of job: the installed models that subclass Job."""
    return [model for model in apps.get_models() if issubclass(model, Job)]


def job_claim(*, model: type[Job], pk: Any, token: str) -> bool:
    """Claim job `pk` for the attempt holding `token`; False when there is nothing to claim (a duplicate)."""
    now = timezone.now()
    rows = model._default_manager.filter(pk=pk)
    fresh = {"started": now, **model.job_claim_fields()}
    if rows.filter(status=JobStatus.QUEUED).update(status=JobStatus.RUNNING, claim=token, **fresh):
        return True
    if rows.filter(status=JobStatus.RUNNING, claim=token).update(**fresh):
        return True
    return bool(
        rows.filter(status=JobStatus.RUNNING, started__lt=job_stale_before(model, now=now)).update(claim=token, **fresh)
    )


def job_mine(*, model: type[Job], pk: Any, token: str) -> QuerySet[Any]:
    """Job `pk` while the attempt holding `token` still runs it (empty once it was failed, cancelled or taken over)."""
    return model._default_manager.filter(pk=pk, status=JobStatus.RUNNING, claim=token)


def job_progress(*, model: type[Job], pk: Any, token: str, **fields: Any) -> bool:
    """Write the attempt's progress (none: only ask); False when the attempt no longer holds the job (it should stop)."""
    mine = job_mine(model=model, pk=pk, token=token)
    return bool(mine.update(**fields)) if fields else mine.exists()


def job_finish(*, model: type[Job], pk: Any, token: str, **fields: Any) -> bool:
    """RUNNING -> DONE with the result's `fields`, if the attempt still holds the job."""
    return bool(
        job_mine(model=model, pk=pk, token=token).update(status=JobStatus.DONE, finished=timezone.now(), **fields)
    )


def job_fail(*, model: type[Job], pk: Any, message: str, **fields: Any) -> bool:
    """Fail an unfinished job with a reason its owner may read; True if it was unfinished."""
    return bool(
        model._default_manager.filter(pk=pk, status__in=UNFINISHED).update(
            status=JobStatus.FAILED, finished=timezone.now(), **model.job_failed_fields(message), **fields
        )
    )


def job_cancel(*, model: type[Job], pk: Any, **fields: Any) -> bool:
    """Cancel an unfinished job; False when it had already ended. A running attempt stops at its next write."""
    return bool(
        model._default_manager.filter(pk=pk, status__in=UNFINISHED).update(
            status=JobStatus.CANCELLED, finished=timezone.now(), **fields
        )
    )


def job_kind_reap(model: type[Job]) -> int:
    """Fail the jobs of one kind whose work died; how many: the kind's own reaper (`job_reaper`) if it has one,
    else `job_kind_reap_dead`."""
    if model.job_reaper is not None:
        return int(import_string(model.job_reaper)())
    return job_kind_reap_dead(model)


def job_kind_reap_dead(model: type[Job]) -> int:
    """Fail the jobs of one kind whose work died; how many.

    One running past its task's own hard limit (its worker is gone) or still queued after
    JOB_QUEUED_HOURS (no worker serves its queue): its page then says so, and it no longer
    counts against its caller's budget.
    """
    hours = settings.JOB_QUEUED_HOURS
    dead = {
        model.job_stopped_message: model._default_manager.filter(
            status=JobStatus.RUNNING, started__lt=job_stale_before(model)
        ),
        model.job_unclaimed_message.format(hours=hours): model._default_manager.filter(
            status=JobStatus.QUEUED, created__lt=timezone.now() - timedelta(hours=hours)
        ),
    }
    return sum(
        job_fail(model=model, pk=pk, message=message)
        for message, jobs in dead.items()
        for pk in list(jobs.values_list("pk", flat=True))
    )


def jobs_reap() -> dict[str, int]:
    """Fail the jobs of every kind whose work died: how many, by kind (its model's label)."""
    return {model._meta.label: job_kind_reap(model) for model in job_kinds()}


def job_budget_check(
    *, model: type[Job], caller: Any, client: str | None = None, seconds: float, busy: QuerySet[Any] | None = None
) -> None:
    """Refuse a new job of `seconds` of `model`'s kind when it does not fit beside the caller's unfinished ones.

    `caller` is the user (anonymous or None: counted by `client`, the address). `busy` narrows the
    unfinished jobs counted (a kind whose stale jobs no longer count). TooBig when the job alone exceeds
    the budget, OverBudget (a 429 with Retry-After) otherwise.
    """
    user = caller if caller is not None and caller.is_authenticated else None
    rows = (busy if busy is not None else model._default_manager.all()).filter(status__in=UNFINISHED)
    if user is not None:
        rows = rows.filter(**{model.job_owner_field: user})
    else:
        rows = rows.filter(**{f"{model.job_owner_field}__isnull": True, "client": client})
    check_budget(
        budget=work_budget(caller),
        busy_jobs=rows.count(),
        busy_seconds=model.job_busy_seconds(rows),
        seconds=seconds,
        what=model.job_what,
    )
