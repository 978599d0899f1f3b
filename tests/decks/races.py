"""Races (PostgreSQL): service calls run in threads released at the same instant."""

import functools
import threading
from collections.abc import Callable

import pytest
from django.db import connection

from decks.events.services import EventError
from tests.threads import run_threads


def race(calls: list[Callable[[], object]]) -> list[str]:
    """Run `calls` in threads released together; what each did: "done", "refused" or an error."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent transactions need PostgreSQL")
    barrier = threading.Barrier(len(calls), timeout=60)
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

    run_threads([functools.partial(run, call) for call in calls], timeout=60)
    return outcomes
