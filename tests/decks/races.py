"""Races (PostgreSQL): service calls run in threads released at the same instant."""

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from decks.events.services import EventError


def race(calls: list[Callable[[], object]]) -> list[str]:
    """Run `calls` in threads released together; what each did: "done", "refused" or an error."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent transactions need PostgreSQL")
    barrier = threading.Barrier(len(calls))
    outcomes: list[str] = []

    def run(call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            call()
            outcomes.append("done")
        except EventError:
            outcomes.append("refused")
        except Exception as exc:  # anything else fails the test
            outcomes.append(f"error: {type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes
