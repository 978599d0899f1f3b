"""Reading print jobs: a job is its owner's only."""

from __future__ import annotations

from typing import Any

from cardcollections.printing.models import PrintJob


def print_job_for(*, owner: Any, pk: Any) -> PrintJob | None:
    """The owner's job `pk`, or None (someone else's job is as missing as one that does not exist)."""
    if not getattr(owner, "is_authenticated", False):
        return None
    return PrintJob.objects.filter(owner=owner, pk=pk).select_related("game").first()
