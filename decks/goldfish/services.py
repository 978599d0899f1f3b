"""Goldfish (docs/contracts/goldfish.md): answering a checked request, `exact` at once or as a job of chunks.

The one entry point the API, the command and the page share. The engine
(`rules.goldfish.request`, `rules.goldfish.playout`) does the arithmetic; the request
is checked and its deck resolved in `checks`, the modes are described in
`modes`, and this module runs `simulate` and `play` as jobs:

- A job's plan is split into the engine's own chunks (fixed by the plan, so the
  numbers never depend on the split), and those are grouped into task-sized
  `GoldfishChunk` rows: at least ~0.5 s of work each, a power of two of them
  (so 1, 2, 4 ... workers share the job evenly), at most `MAX_PARTS` (a Celery
  round trip costs ~3 ms, and 1,024 chunks ran 2x slower than 16 in
  docs/reliability.md). A job whose whole work is estimated under `INLINE_SECONDS`
  runs in the request itself, through the same chunk code (still 202, already
  done): queueing it would cost more than running it.
- A task claims its chunk with a conditional update (QUEUED -> RUNNING). A
  re-delivery of the same message (its pool process was killed; the task id is
  the same) takes a RUNNING chunk over; any other duplicate finds nothing to
  claim. Only the latest attempt may write counts, and a chunk's counts are
  the same whoever computes them.
- When the last chunk is written, the finaliser combines the counts and stores
  the result with one conditional update (status unfinished -> done): of two
  finalisers racing, or a finaliser racing a cancel, exactly one wins.
- Cancelling is a conditional update of the job; a running chunk sees it at
  its next progress report (its progress update matches no row) and stops.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
import uuid
from collections.abc import Iterable
from collections.abc import Mapping
from datetime import timedelta
from typing import Any
from typing import cast

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.db.models import Exists
from django.db.models import F
from django.db.models import OuterRef
from django.db.models.functions import Now
from django.utils import timezone

from cardcollections.jobs.services import job_budget_check
from cardcollections.jobs.services import job_cancel
from cardcollections.jobs.services import job_fail
from cardsite.api.work import OverBudget
from cardsite.api.work import TooBig
from cardsite.api.work import budget_lock
from cardsite.api.work import work_queue
from decks.battles.modes import BATTLE_MODES
from decks.goldfish.checks import GoldfishInputError
from decks.goldfish.checks import PreparedGoldfish
from decks.goldfish.checks import goldfish_prepare
from decks.goldfish.models import UNFINISHED
from decks.goldfish.models import GoldfishChunk
from decks.goldfish.models import GoldfishJob
from decks.goldfish.models import GoldfishStatus
from decks.goldfish.modes import JobMode
from decks.goldfish.modes import ProgressCallback
from decks.goldfish.modes import play_game_seconds
from decks.goldfish.modes import play_mode
from decks.goldfish.modes import simulate_plan
from decks.goldfish.modes import simulate_seconds
from decks.goldfish.selectors import card_ids_by_printing
from decks.goldfish.selectors import goldfish_job_progress
from rules.goldfish.playout import play_options
from rules.goldfish.replay import MAX_REPLAY_GAME
from rules.goldfish.replay import goldfish_replay
from rules.goldfish.request import GoldfishRequestError
from rules.goldfish.request import goldfish_exact
from rules.goldfish.simulate import ChunkCounts
from rules.goldfish.simulate import SimulationPlan
from rules.goldfish.simulate import combine
from rules.goldfish.simulate import simulate_chunk
from rules.simulation import is_int

logger = logging.getLogger(__name__)

# The Celery task that runs one GoldfishChunk (decks/goldfish/tasks.py). Sent by name so
# that this module and the task module do not import each other.
CHUNK_TASK = "decks.goldfish_chunk"
# Each task's share of a job is at least this much work ...
PART_SECONDS = 0.5
# ... and a job has at most this many shares, unless a share would take longer than MAX_PART_SECONDS.
MAX_PARTS = 16
MAX_PART_SECONDS = 60.0
# Claims of one chunk before the job is failed (each lost process re-queues it).
MAX_ATTEMPTS = 3
# How often a running chunk writes its progress and looks for a cancel.
PROGRESS_SECONDS = 0.5


class GoldfishJobStopped(Exception):
    """A running chunk's job was cancelled or failed, or another attempt took the chunk over."""


class GoldfishChunkHandOff(Exception):
    """A chunk run in a web request reached its deadline: the rest goes to a worker."""


# The simulate mode, built here from the engine's functions (jobs look them up in this module).
SIMULATE = JobMode(
    plan=simulate_plan,
    n_chunks=lambda data: SimulationPlan.from_dict(data).n_chunks,
    chunk_trials=lambda data, i: SimulationPlan.from_dict(data).chunk_size(i),
    run_chunk=lambda data, i, on_progress: simulate_chunk(
        SimulationPlan.from_dict(data), i, on_progress=on_progress
    ).to_dict(),
    combine=lambda data, chunks: combine(
        SimulationPlan.from_dict(data), [ChunkCounts.from_dict(c) for c in chunks]
    ).to_dict(),
    seconds=simulate_seconds,
)


def job_mode(mode: str) -> JobMode:
    """The dispatch table of the random modes; an unknown or unavailable mode is a 400 on `mode`."""
    if mode == "simulate":
        return SIMULATE
    if mode in BATTLE_MODES:
        return BATTLE_MODES[mode]
    if mode == "play":
        found = play_mode()
        if found is None:
            raise GoldfishInputError("mode", "play mode is not available yet")
        return found
    raise GoldfishInputError("mode", f"{mode} mode does not run as a job")


def goldfish_exact_answer(*, prepared: PreparedGoldfish) -> dict[str, Any]:
    request = prepared.request
    return goldfish_exact(prepared.deck, request.queries, request.turns).to_dict()


def _plan(mode: JobMode, prepared: PreparedGoldfish) -> dict[str, Any]:
    """The engine's plan; options only the mode's engine judges (play's policy, target) are 400s too."""
    try:
        return mode.plan(prepared.deck, prepared.request)
    except GoldfishRequestError as exc:
        raise GoldfishInputError(exc.field, exc.message) from exc


# The estimated engine time a replay may take (it re-plays the games before the one asked for).
REPLAY_SECONDS = 2.0


# The estimated engine time a replay may take inside a web request is settings.GOLDFISH_REPLAY_INLINE_MS (issue
# #34: a 396-card deck, 30 turns, game 1,000 held a web worker 0.85 s, and four loops of it moved the health check
# from 5 ms to 2.8 s). Dearer replays (up to REPLAY_SECONDS) are played by a worker: the page polls for the result
# (goldfish_replay_queue).
def replay_inline_seconds() -> float:
    return settings.GOLDFISH_REPLAY_INLINE_MS / 1000


# The task that plays a replay on a worker, named here so that this module and the task module do not import
# each other; how long its result is kept for the page to fetch, and how long a caller's one pending replay holds.
REPLAY_TASK = "decks.goldfish_replay"
REPLAY_KEPT_SECONDS = 600
REPLAY_PENDING_SECONDS = 120


def _replay_prepare(data: Any, user: Any) -> tuple[PreparedGoldfish, Any, float]:
    """The replay request checked: the prepared play request, the game number, and the replay's estimated seconds."""
    if not isinstance(data, Mapping):
        raise GoldfishInputError("", "the request must be a JSON object")
    body = {k: v for k, v in data.items() if k != "game_number"}
    body.setdefault("mode", "play")
    if body["mode"] != "play":
        raise GoldfishInputError("mode", "a replay is a game of a play-out: mode must be play")
    prepared = goldfish_prepare(data=body, user=user)
    request = prepared.request
    game_number = data.get("game_number", 1)
    per_game = play_game_seconds(request.game, deck_size=prepared.deck.size, turns=request.turns)
    reach = max(1, int(REPLAY_SECONDS // per_game))
    if is_int(game_number) and reach < game_number <= MAX_REPLAY_GAME:
        # The games before it are played again: a big deck over many turns reaches fewer games.
        raise GoldfishInputError("game_number", f"must be an integer from 1 to {reach:,} for this deck and turns")
    # A game number the engine refuses costs nothing: it is refused in the request (the engine names the field).
    trials = request.trials if isinstance(request.trials, int) else MAX_REPLAY_GAME
    last = min(reach, MAX_REPLAY_GAME, trials)
    seconds = per_game * game_number if is_int(game_number) and 0 < game_number <= last else 0.0
    return prepared, game_number, seconds


def goldfish_replay_seconds(*, data: Any, user: Any = None) -> float:
    """The estimated engine time of a replay request (checked as goldfish_replay_answer checks it: a bad one
    raises GoldfishInputError naming the field)."""
    return _replay_prepare(data, user)[2]


def goldfish_replay_answer(*, data: Any, user: Any = None) -> dict[str, Any]:
    """One game of a play-out, turn by turn (rules/goldfish/replay.py): the play request plus `game_number`.

    The body is the `play` request whose run the game belongs to (`mode` may be left out) and
    `game_number`, 1 to the smaller of `trials` and 1,000 (default 1); a saved `deck` must be one
    `user` may read. Each card of the answer carries its catalog id (`card_id`, None if unknown).
    """
    prepared, game_number, _ = _replay_prepare(data, user)
    request = prepared.request
    try:
        replay = goldfish_replay(
            prepared.deck,
            request.turns,
            request.trials,  # type: ignore[arg-type]
            request.seed,  # type: ignore[arg-type]
            game_number,
            **play_options(request),
        ).to_dict()
    except GoldfishRequestError as exc:
        raise GoldfishInputError(exc.field, exc.message) from exc
    ids = card_ids_by_printing(game=request.game)
    for card in replay["cards"]:
        card["card_id"] = ids.get((card["set"], card["number"]))
    return replay


def replay_caller(*, user: Any, address: str) -> str:
    """Who owns a replay played on a worker: the account, or the address of a caller who is not signed in (the
    page's and the API's one rule)."""
    return f"user:{user.pk}" if user is not None and user.is_authenticated else f"address:{address}"


def _replay_key(token: str) -> str:
    return f"goldfish-replay:{token}"


def goldfish_replay_queue(*, data: Any, user: Any, caller: str) -> str:
    """Have a worker play a replay too dear for the request (checked first: a bad one raises GoldfishInputError);
    answers the token its result is fetched by (goldfish_replay_result).

    `caller` ("user:<id>" or "address:<ip>") owns the result: no one else can fetch it. A caller holds one
    pending replay at a time (OverBudget, a 429 with the reason, for a second), so one address cannot fill the
    queue; the compute rate limit counts the posts as before.
    """
    goldfish_replay_seconds(data=data, user=user)
    token = uuid.uuid4().hex
    pending = f"goldfish-replay-pending:{caller}"
    if not cache.add(pending, token, timeout=REPLAY_PENDING_SECONDS):
        raise OverBudget(
            "A replay of yours is still being played on a worker; wait for it to show, then ask for another.",
            retry_after=5,
        )
    cache.set(_replay_key(token), {"caller": caller, "status": "pending"}, REPLAY_KEPT_SECONDS)
    user_id = user.pk if user is not None and user.is_authenticated else None
    try:
        current_app.send_task(
            REPLAY_TASK,
            args=[token, data, user_id],
            queue=settings.GOLDFISH_QUEUE or work_queue(REPLAY_SECONDS),
            ignore_result=True,
        )
    except Exception as exc:  # a broker that cannot be reached: the result says so, the pending slot is freed
        logger.exception("goldfish replay %s could not be queued", token)
        _replay_finish(
            token, caller, {"status": "problem", "field": "", "message": f"could not be queued: {type(exc).__name__}"}
        )
    return token


def _replay_finish(token: str, caller: str, result: dict[str, Any]) -> None:
    cache.set(_replay_key(token), {"caller": caller, **result}, REPLAY_KEPT_SECONDS)
    pending = f"goldfish-replay-pending:{caller}"
    if cache.get(pending) == token:
        cache.delete(pending)


def goldfish_replay_run(*, token: str, data: dict[str, Any], user_id: int | None) -> str:
    """Play a queued replay (the worker's side of goldfish_replay_queue) and keep its result; idempotent: a
    replay already played, or whose entry has expired, is left alone. Answers the result's status."""
    entry = cache.get(_replay_key(token))
    if not isinstance(entry, dict) or entry.get("status") != "pending":
        return "gone" if entry is None else str(entry.get("status"))
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id is not None else None
    try:
        replay = goldfish_replay_answer(data=data, user=user or AnonymousUser())
    except GoldfishInputError as exc:
        result: dict[str, Any] = {"status": "problem", "field": exc.field, "message": exc.message}
    else:
        result = {"status": "done", "replay": replay}
    _replay_finish(token, entry["caller"], result)
    return str(result["status"])


def goldfish_replay_result(*, token: str, caller: str) -> dict[str, Any] | None:
    """A queued replay's entry ({"status": "pending"|"done"|"problem", ...}) for its own caller; None for a token
    that is unknown, expired or someone else's (the page's 404: tokens do not leak)."""
    entry = cache.get(_replay_key(token)) if len(token) == 32 else None
    if not isinstance(entry, dict) or entry.get("caller") != caller:
        return None
    return entry


def goldfish_job_seconds(*, prepared: PreparedGoldfish) -> float:
    """The estimated worker time of a `simulate` or `play` request: the figure its job's budget would count."""
    mode = job_mode(prepared.request.mode)
    return mode.seconds(_plan(mode, prepared))


def goldfish_run(*, data: Any, on_progress: ProgressCallback | None = None) -> dict[str, Any]:
    """Answer a request of any mode in this process, no broker (the `manage.py goldfish` path)."""
    prepared = goldfish_prepare(data=data)
    if prepared.request.mode == "exact":
        result = goldfish_exact_answer(prepared=prepared)
        if on_progress is not None:
            on_progress(1.0)
        return result
    mode = job_mode(prepared.request.mode)
    plan = _plan(mode, prepared)
    n = mode.n_chunks(plan)
    sizes = [mode.chunk_trials(plan, i) for i in range(n)]
    total = sum(sizes)
    counts = []
    finished = 0
    for i in range(n):

        def report(fraction: float, finished: int = finished, size: int = sizes[i]) -> None:
            on_progress((finished + fraction * size) / total)  # type: ignore[misc]

        counts.append(mode.run_chunk(plan, i, report if on_progress else None))
        finished += sizes[i]
    return mode.combine(plan, counts)


# ---------------------------------------------------------------- jobs: creating
def goldfish_parts(*, seconds: float, n_chunks: int) -> int:
    """How many tasks share a job.

    Each >= PART_SECONDS of work, a power of two (so 1, 2, 4 ... workers end
    together), at most MAX_PARTS; but more when that would make a task longer
    than MAX_PART_SECONDS (far under the task time limit, itself under half
    the visibility timeout). Never more than the engine's chunks.
    """
    wanted = max(1, int(seconds / PART_SECONDS))
    parts = min(1 << (wanted.bit_length() - 1), MAX_PARTS)
    parts = max(parts, math.ceil(seconds / MAX_PART_SECONDS))
    return max(1, min(parts, n_chunks))


def _ranges(n_chunks: int, parts: int) -> list[tuple[int, int]]:
    """`parts` contiguous ranges covering 0..n_chunks-1, sizes differing by at most one."""
    base, extra = divmod(n_chunks, parts)
    out, start = [], 0
    for p in range(parts):
        stop = start + base + (1 if p < extra else 0)
        out.append((start, stop))
        start = stop
    return out


def chunk_task_id(job_id: Any, index: int) -> str:
    """A chunk's Celery task id, fixed so that enqueueing twice makes the same task."""
    return f"goldfish-{job_id}-{index}"


def goldfish_job_create(
    *,
    owner: User | AnonymousUser | None,
    data: Any,
    prepared: PreparedGoldfish | None = None,
    client: str | None = None,
    parts: int | None = None,
    queue: str | None = None,
    inline: bool | None = None,
) -> GoldfishJob:
    """Create a `simulate` or `play` job and queue its chunks once the transaction commits.

    A signed-in `owner`'s unfinished jobs, or an anonymous caller's from the
    address `client`, must leave room for this one in their budget
    (cardsite/api/work.py): TooBig as a 400 on `trials`, OverBudget (a 429)
    otherwise. Callers in this process (tests, benchmarks) give neither and
    have no budget. `parts` (how many tasks share it), `queue` and `inline`
    (None: decided by the estimated work) are for tests and benchmarks; the
    numbers do not depend on them.
    """
    prepared = prepared or goldfish_prepare(data=data, user=owner)
    request = prepared.request
    if request.mode == "exact":
        raise GoldfishInputError("mode", "exact mode answers at once; it does not make a job")
    mode = job_mode(request.mode)
    return planned_job_create(
        owner=owner,
        client=client,
        mode_name=request.mode,
        request=request.to_dict(),
        plan=_plan(mode, prepared),
        trials=request.trials or 0,
        parts=parts,
        queue=queue,
        inline=inline,
    )


def planned_job_create(
    *,
    owner: User | AnonymousUser | None,
    client: str | None,
    mode_name: str,
    request: dict[str, Any],
    plan: dict[str, Any],
    trials: int,
    parts: int | None = None,
    queue: str | None = None,
    inline: bool | None = None,
) -> GoldfishJob:
    """A job of any random mode (`job_mode`) from its checked request and plan: budget, chunks, queue or run inline.

    Other features' simulations (decks.battles.modes) make their jobs here, so they share the
    workers, the budget, the progress and `GET /api/v1/goldfish/{id}/`.
    """
    mode = job_mode(mode_name)
    n_chunks = mode.n_chunks(plan)
    seconds = mode.seconds(plan)
    if parts is None:
        parts = goldfish_parts(seconds=seconds, n_chunks=n_chunks)
    parts = max(1, min(parts, n_chunks))
    if inline is None:
        inline = parts == 1 and seconds < settings.GOLDFISH_INLINE_SECONDS
    user = owner if owner is not None and owner.is_authenticated else None
    # An inline job queues nothing (its request's rate limit bounds it).
    budgeted = not inline and (user is not None or client is not None)
    lock = budget_lock(f"goldfish:{user.pk if user else client}") if budgeted else contextlib.nullcontext()
    with lock, transaction.atomic():
        if budgeted:
            _check_budget(owner=owner, client=client, seconds=seconds)
        job = GoldfishJob.objects.create(
            owner=user,
            client="" if user is not None else (client or ""),
            mode=mode_name,
            request=request,
            plan=plan,
            trials=trials,
            seconds=seconds,
        )
        GoldfishChunk.objects.bulk_create(
            GoldfishChunk(
                job=job,
                index=index,
                first=first,
                last=last,
                trials=sum(mode.chunk_trials(plan, i) for i in range(first, last)),
            )
            for index, (first, last) in enumerate(_ranges(n_chunks, parts))
        )
        job_id, target = str(job.id), queue or settings.GOLDFISH_QUEUE or work_queue(seconds)
        if not inline:
            transaction.on_commit(lambda: _enqueue(job_id, range(parts), target))
    if inline:
        # Same code as a worker's; the request waits for it (well under a second), and never longer than
        # the deadline whatever the estimate said: then a worker finishes the chunk.
        deadline = time.monotonic() + settings.GOLDFISH_INLINE_DEADLINE
        outcome = goldfish_chunk_run(job_id=job_id, index=0, task_id=f"inline-{job.id}", deadline=deadline)
        if outcome == "handed-off":
            _enqueue(job_id, [0], target)
        job.refresh_from_db()
    return job


def _check_budget(*, owner: Any, client: str | None, seconds: float) -> None:
    """The caller's unfinished jobs (their own, or their address's when anonymous) must leave room for this one."""
    try:
        job_budget_check(model=GoldfishJob, caller=owner, client=client, seconds=seconds)
    except TooBig as exc:
        raise GoldfishInputError("trials", exc.message) from exc


def _enqueue(job_id: str, indices: Iterable[int], queue: str | None) -> None:
    """Send one message per chunk. A broker that cannot be reached fails the job (a 202 the caller can poll), not the request."""
    options: dict[str, Any] = {"queue": queue} if queue else {}
    try:
        for index in indices:
            current_app.send_task(CHUNK_TASK, args=[job_id, index], task_id=chunk_task_id(job_id, index), **options)
    except Exception as exc:
        logger.exception("goldfish job %s could not be queued", job_id)
        goldfish_job_fail(job_id=job_id, message=f"the job could not be queued: {type(exc).__name__}")


# ---------------------------------------------------------------- jobs: running
def _claim(*, job_id: str, index: int, task_id: str) -> GoldfishChunk | None:
    """Claim chunk `index` for this attempt; None when there is nothing to do.

    QUEUED -> RUNNING, or RUNNING under the same task id (the message came back
    because its pool process died) -> RUNNING again with a new attempt number.
    """
    chunks = GoldfishChunk.objects.filter(job_id=job_id, index=index, job__status__in=UNFINISHED)  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID
    with transaction.atomic():
        # `updated` by hand: QuerySet.update() skips auto_now, and the reaper reads it as a heartbeat.
        claimed = chunks.filter(status=GoldfishStatus.QUEUED).update(
            status=GoldfishStatus.RUNNING, task_id=task_id, attempt=F("attempt") + 1, progress=0.0, updated=Now()
        )
        if not claimed:
            claimed = chunks.filter(status=GoldfishStatus.RUNNING, task_id=task_id).update(
                attempt=F("attempt") + 1, progress=0.0, updated=Now()
            )
        if not claimed:
            return None
        GoldfishJob.objects.filter(pk=job_id, status=GoldfishStatus.QUEUED).update(
            status=GoldfishStatus.RUNNING, started=Now()
        )
        # Read inside the transaction: the row is ours until it commits.
        chunk = GoldfishChunk.objects.select_related("job").get(job_id=job_id, index=index)  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID
    if chunk.attempt > MAX_ATTEMPTS:
        # A chunk that kills its process every time (out of memory, say) would
        # otherwise come back for ever: reject_on_worker_lost re-queues it.
        goldfish_job_fail(job_id=job_id, message=f"chunk {index} was interrupted {MAX_ATTEMPTS} times")
        return None
    return chunk


def goldfish_chunk_run(*, job_id: str, index: int, task_id: str, deadline: float | None = None) -> str:
    """Run one chunk (the body of the chunk task). Answers what happened: done, skipped, stopped or handed-off.

    Idempotent: a chunk already done, or a job already finished, is skipped.
    With a `deadline` (time.monotonic(); a web request's run) the chunk stops
    at its first progress report past it and goes back to QUEUED for a worker
    ("handed-off"): a worker starts it again from the beginning.
    """
    chunk = _claim(job_id=job_id, index=index, task_id=task_id)
    if chunk is None:
        _drop_if_finished(job_id=job_id, index=index)
        return "skipped"
    job = chunk.job
    mode = job_mode(job.mode)
    mine = GoldfishChunk.objects.filter(
        pk=chunk.pk, attempt=chunk.attempt, status=GoldfishStatus.RUNNING, job__status__in=UNFINISHED
    )
    sizes = [mode.chunk_trials(job.plan, i) for i in range(chunk.first, chunk.last)]
    total = sum(sizes)
    last_report = time.monotonic()

    def report(done: float, *, force: bool = False) -> None:
        # Throttled: one UPDATE every PROGRESS_SECONDS. It matches no row once
        # the job is cancelled or the chunk taken over, and that stops the run.
        nonlocal last_report
        now = time.monotonic()
        if deadline is not None and now > deadline:
            raise GoldfishChunkHandOff
        if not force and now - last_report < PROGRESS_SECONDS:
            return
        last_report = now
        if not mine.update(progress=min(done / total, 1.0), updated=Now()):
            raise GoldfishJobStopped

    counts: list[dict[str, Any]] = []
    finished = 0
    try:
        for size, i in zip(sizes, range(chunk.first, chunk.last)):

            def on_progress(fraction: float, finished: int = finished, size: int = size) -> None:
                report(finished + fraction * size)

            counts.append(mode.run_chunk(job.plan, i, on_progress))
            finished += size
            report(finished, force=True)  # between engine chunks: always look for a cancel
    except GoldfishJobStopped:
        _drop_if_finished(job_id=job_id, index=index)
        return "stopped"
    except GoldfishChunkHandOff:
        # Back to the queue as if never claimed: the worker's claim is the first that counts. The job too,
        # when no other chunk is claimed: then the reaper fails it like any job no worker took.
        with transaction.atomic():
            handed = mine.update(status=GoldfishStatus.QUEUED, task_id="", attempt=F("attempt") - 1, progress=0.0)
            claimed = GoldfishChunk.objects.filter(job_id=job_id).exclude(status=GoldfishStatus.QUEUED)  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID
            if handed and not claimed.exists():
                GoldfishJob.objects.filter(pk=job_id, status=GoldfishStatus.RUNNING).update(
                    status=GoldfishStatus.QUEUED
                )
        return "handed-off" if handed else "stopped"
    except (ValueError, KeyError, TypeError) as exc:
        # A plan this engine cannot run (another engine version, a broken row): no retry will help.
        logger.exception("goldfish job %s chunk %s failed", job_id, index)
        goldfish_job_fail(job_id=job_id, message=f"chunk {index} failed: {exc}")
        return "failed"
    written = mine.update(status=GoldfishStatus.DONE, counts=counts, progress=1.0)
    if not written:
        _drop_if_finished(job_id=job_id, index=index)
        return "stopped"
    goldfish_job_finalise(job_id=job_id)
    return "done"


def _drop_if_finished(*, job_id: str, index: int) -> None:
    """A chunk of a cancelled or failed job takes the job's status, so nothing looks busy."""
    job_status = GoldfishJob.objects.filter(pk=job_id).values_list("status", flat=True).first()
    if job_status in (GoldfishStatus.CANCELLED, GoldfishStatus.FAILED):
        GoldfishChunk.objects.filter(job_id=job_id, index=index, status__in=UNFINISHED).update(status=job_status)  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID


def goldfish_job_finalise(*, job_id: str) -> bool:
    """Combine the chunks once all are done; True for the one call that stored the result."""
    if GoldfishChunk.objects.filter(job_id=job_id).exclude(status=GoldfishStatus.DONE).exists():  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID
        return False
    job = GoldfishJob.objects.filter(pk=job_id, status__in=UNFINISHED).first()
    if job is None:
        return False
    mode = job_mode(job.mode)
    rows = GoldfishChunk.objects.filter(job_id=job_id).order_by("index").values_list("counts", flat=True)  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID
    try:
        result = mode.combine(job.plan, [c for counts in rows for c in cast(list[Any], counts)])  # all stored
    except (ValueError, KeyError, TypeError) as exc:
        goldfish_job_fail(job_id=job_id, message=f"the chunks could not be combined: {exc}")
        return False
    # The claim and the write in one statement: a cancel or another finaliser in between wins instead.
    return bool(
        GoldfishJob.objects.filter(pk=job_id, status__in=UNFINISHED).update(
            status=GoldfishStatus.DONE, result=result, progress=1.0, error=None, finished=Now()
        )
    )


def goldfish_job_cancel(*, job: GoldfishJob) -> bool:
    """Cancel a job that has not finished; False when it already had. Running chunks stop at their next report."""
    progress = goldfish_job_progress(job=job)
    with transaction.atomic():
        cancelled = job_cancel(model=GoldfishJob, pk=job.pk, progress=progress)
        if cancelled:
            GoldfishChunk.objects.filter(job=job, status=GoldfishStatus.QUEUED).update(status=GoldfishStatus.CANCELLED)
    job.refresh_from_db()
    return bool(cancelled)


def goldfish_job_fail(*, job_id: str, message: str) -> bool:
    """Mark an unfinished job failed with a message the caller may read."""
    with transaction.atomic():
        failed = job_fail(model=GoldfishJob, pk=job_id, message=message)
        if failed:
            GoldfishChunk.objects.filter(job_id=job_id, status__in=UNFINISHED).update(status=GoldfishStatus.FAILED)  # type: ignore[misc]  # Django reads a UUID's text; the stubs take a UUID
    return bool(failed)


# ---------------------------------------------------------------- jobs: the reaper
def goldfish_jobs_reap() -> int:
    """Fail the jobs whose work died; how many. The goldfish share of `cardcollections.reap_jobs` (GoldfishJob.job_reaper).

    A running chunk reports progress every PROGRESS_SECONDS (at most a couple
    of seconds apart): one silent for JOB_STALE_SECONDS lost its process and
    its message (a killed pool process is re-queued at once and claims it
    again, which refreshes it). A job still queued after JOB_QUEUED_HOURS has
    no worker serving its queue. Either way its owner's page says so instead
    of a bar that never moves, and the job stops counting against the budget.
    """
    now = timezone.now()
    stale = now - timedelta(seconds=settings.JOB_STALE_SECONDS)
    silent = (
        GoldfishChunk.objects.filter(status=GoldfishStatus.RUNNING, updated__lt=stale, job__status__in=UNFINISHED)
        .values_list("job_id", flat=True)
        .distinct()
    )
    reaped = 0
    for job_id in list(silent):
        minutes = settings.JOB_STALE_SECONDS // 60
        reaped += goldfish_job_fail(
            job_id=str(job_id),
            message=f"The worker running this job stopped (no progress for {minutes} minutes). Run it again.",
        )
    waited = now - timedelta(hours=settings.JOB_QUEUED_HOURS)
    # Every chunk still queued: no worker took any, whatever the job's status says (a job handed from the
    # web request to a worker was left "running" before the hand-off put it back in the queue). Or, with no
    # chunk running, one has waited in the queue all that time: its message was lost (a killed worker on a
    # broker that does not deliver again) while the other chunks ran.
    chunks = GoldfishChunk.objects.filter(job_id=OuterRef("pk"))
    claimed = chunks.exclude(status=GoldfishStatus.QUEUED)
    running = chunks.filter(status=GoldfishStatus.RUNNING)
    forgotten = chunks.filter(status=GoldfishStatus.QUEUED, updated__lt=waited)
    for job_id in list(
        GoldfishJob.objects.filter(status__in=UNFINISHED, created__lt=waited)
        .filter(~Exists(claimed) | (Exists(forgotten) & ~Exists(running)))
        .values_list("id", flat=True)
    ):
        reaped += goldfish_job_fail(
            job_id=str(job_id),
            message=f"No worker took this job within {settings.JOB_QUEUED_HOURS} hours. Try again later.",
        )
    return reaped
