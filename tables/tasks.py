"""The tables' periodic task, run by celery beat (an interface calling one service; docs/tables.md, "Clocks")."""

from celery import shared_task
from django.conf import settings

from tables.services import tables_flag_due


@shared_task(name="tables.flag_timed_out", ignore_result=True)
def flag_timed_out() -> int:
    """End the tables whose clock ran out with nobody touching them (a bounded batch; idempotent)."""
    return tables_flag_due(limit=settings.TABLES_CLOCK_BATCH)
