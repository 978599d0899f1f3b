"""Reading goldfish jobs, and the card ids the goldfish page draws its hands with."""

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.db.models import F
from django.db.models import FloatField
from django.db.models import Sum

from cardcollections.models import Card
from decks.goldfish.models import GoldfishChunk
from decks.goldfish.models import GoldfishJob


def goldfish_job_get(*, job_id: Any, user: User | AnonymousUser | None) -> GoldfishJob | None:
    """The job if `user` may see it: an anonymous job by anyone with its id, an owned one by its owner only.

    None (a 404) for a missing job and for someone else's: the answer must not
    tell whether an id exists.
    """
    job = GoldfishJob.objects.filter(pk=job_id).first()
    if job is None:
        return None
    if job.owner_id is None:
        return job
    if user is not None and user.is_authenticated and job.owner_id == user.pk:
        return job
    return None


def goldfish_job_progress(*, job: GoldfishJob) -> float:
    """0.0..1.0: the stored figure once the job is final, else the chunks' progress weighted by their trials."""
    if not job.unfinished:
        return job.progress
    totals = GoldfishChunk.objects.filter(job=job).aggregate(
        done=Sum(F("progress") * F("trials"), output_field=FloatField()), trials=Sum("trials")
    )
    if not totals["trials"]:
        return 0.0
    return max(0.0, min(1.0, (totals["done"] or 0.0) / totals["trials"]))


def goldfish_job_state(*, job: GoldfishJob) -> dict[str, Any]:
    """The body of GET /api/v1/goldfish/{id}/ (docs/contracts/goldfish.md, "HTTP")."""
    return {
        "status": job.status,
        "progress": round(goldfish_job_progress(job=job), 4),
        "result": job.result,
        "error": job.error,
    }


def card_ids_by_printing(*, game: str) -> dict[tuple[str, str], int]:
    """(set code, number) -> card id for every card of the game, in one query (card images need ids)."""
    rows = Card.objects.filter(game__slug=game).values_list("card_set__code", "number", "id")
    return {(set_code, number): pk for set_code, number, pk in rows}
