"""Queued work every feature shares: which queue a job goes to, and how much unfinished work a caller may hold.

Rate limits (`throttles`) count requests; a single request may still ask for an
hour of worker time. So each kind of job (goldfish, collection imports, event
re-checks) also checks its caller's unfinished work against a budget before it
is created: a count of jobs and their estimated seconds of worker time,
`WORK_BUDGETS["anon" | "user" | "staff"]` in settings. A job bigger than the
whole budget is a 400 (it could never run); one that does not fit beside the
caller's other jobs is a 429 with Retry-After. Cancelled, failed and finished
jobs count for nothing. The count and the new job's row are made under the caller's
`budget_lock`, so requests sent at once cannot each see room for one more job.

Queues: work estimated at up to `INTERACTIVE_MAX_SECONDS` goes to the
`interactive` queue, the rest to `bulk`, each served by its own workers
(docs/deploy.md), so a long job never waits in front of a short one.
"""

from __future__ import annotations

import contextlib
import math
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework import status
from rest_framework.throttling import BaseThrottle

from cardsite.api.errors import Problem

INTERACTIVE = "interactive"
BULK = "bulk"


def work_queue(seconds: float) -> str:
    """The queue for a job of `seconds` estimated worker time."""
    if seconds <= settings.INTERACTIVE_MAX_SECONDS:
        return settings.CELERY_INTERACTIVE_QUEUE
    return settings.CELERY_BULK_QUEUE


@dataclass(frozen=True)
class Budget:
    """How much unfinished work one caller may hold: `jobs` at once, `seconds` of estimated worker time in all."""

    who: str
    jobs: int
    seconds: float


def work_budget(user: Any) -> Budget:
    """The caller's budget: staff, a signed-in user, or an anonymous visitor (counted by address)."""
    signed_in = user is not None and user.is_authenticated
    who = ("staff" if user.is_staff else "user") if signed_in else "anon"
    figures = settings.WORK_BUDGETS[who]
    return Budget(who=who, jobs=int(figures["jobs"]), seconds=float(figures["seconds"]))


def client_address(request: Any) -> str:
    """The address an anonymous caller's work is counted by: the same one the rate limits use (settings'
    NUM_PROXIES says which). Cut to the column that stores it on a job, whatever a proxy wrote. A request with no
    address at all (no REMOTE_ADDR: a WSGI server on a socket, a test client) counts as "unknown", not a 500."""
    return (BaseThrottle().get_ident(request) or "unknown")[:64]


class OverBudget(Exception):
    """The caller's unfinished work leaves no room for this job (a 429); `retry_after` in seconds."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after

    def problem(self) -> Problem:
        return Problem(
            status.HTTP_429_TOO_MANY_REQUESTS,
            {"detail": self.message, "retry_after": self.retry_after},
            headers={"Retry-After": str(self.retry_after)},
        )


def over_budget(response: Any, exc: OverBudget) -> Any:
    """A page's answer to an OverBudget: `response` (the form with the message) as a 429 with Retry-After."""
    response.status_code = status.HTTP_429_TOO_MANY_REQUESTS
    response["Retry-After"] = str(exc.retry_after)
    return response


class TooBig(Exception):
    """One job estimated at more than the caller's whole budget: no wait would let it run (a 400)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def work_duration(seconds: float) -> str:
    """Worker time for people: "3 s", "12 min"."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    return f"{seconds / 60:.0f} min"


def check_budget(*, budget: Budget, busy_jobs: int, busy_seconds: float, seconds: float, what: str) -> None:
    """Refuse a new job of `seconds` when it exceeds `budget` beside the caller's `busy_jobs` unfinished ones.

    `what` names the work in the messages ("goldfish job", "import"). TooBig when
    the job alone exceeds the budget, OverBudget (with Retry-After) otherwise.
    """
    whose = {"anon": "a visitor who is not signed in", "user": "an account", "staff": "a staff account"}[budget.who]
    if seconds > budget.seconds:
        raise TooBig(
            f"This {what} needs about {work_duration(seconds)} of worker time; {whose} may queue at most "
            f"{work_duration(budget.seconds)}. Ask for less work (fewer trials or turns, a smaller file)."
            + (" Signing in raises the limit." if budget.who == "anon" else "")
        )
    if busy_jobs + 1 > budget.jobs or busy_seconds + seconds > budget.seconds:
        # Roughly when enough of the caller's own work will have finished.
        wait = max(5, min(3600, math.ceil(busy_seconds or 5)))
        raise OverBudget(
            f"You already have {busy_jobs} unfinished {what}{'s' if busy_jobs != 1 else ''} "
            f"(about {work_duration(busy_seconds)} of worker time); {whose} may hold {budget.jobs} at once and "
            f"{work_duration(budget.seconds)} in all. Wait for them to finish or cancel one, then try again "
            f"(in about {work_duration(wait)}).",
            retry_after=wait,
        )


@contextlib.contextmanager
def budget_lock(key: str, *, wait: float = 5.0) -> Iterator[None]:
    """Hold `key` (a kind of job and its caller) while their unfinished work is counted and the new job written.

    Without it, ten requests sent at once each count the same unfinished jobs and all pass. The lock is
    an entry in the shared cache (Redis in production, so it spans gunicorn workers and hosts) that expires
    by itself if its holder dies. The caller commits the new job before leaving the block. A request
    that waits `wait` seconds for it gets a 429.
    """
    name, token = f"budget-lock:{key}", uuid.uuid4().hex
    deadline = time.monotonic() + wait
    while not cache.add(name, token, timeout=30):
        if time.monotonic() > deadline:
            raise OverBudget("Another request of yours is starting a job; try again in a moment.", retry_after=1)
        time.sleep(0.02)
    try:
        yield
    finally:
        if cache.get(name) == token:
            cache.delete(name)


def claim_token(task_id: str | None) -> str:
    """The token a worker claims a job with: its task's id, so the message of an attempt whose process died
    (re-delivered with the same id) takes its own claim back, or a fresh one when there is no task id."""
    try:
        return uuid.UUID(str(task_id)).hex
    except (TypeError, ValueError):
        return uuid.uuid4().hex
