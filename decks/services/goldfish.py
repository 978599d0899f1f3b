"""Goldfish (shared/spec/goldfish.md): checking a request, answering `exact`, and running jobs.

The one entry point the API, the command and the page share. The engine
(`rules.goldfish`, `rules.goldfish_play`) does the arithmetic; this module
resolves the deck against the card pool and runs `simulate` and `play` as jobs:

- A job's plan is split into the engine's own chunks (fixed by the plan, so the
  numbers never depend on the split), and those are grouped into task-sized
  `GoldfishChunk` rows: at least ~0.5 s of work each, a power of two of them
  (so 1, 2, 4 ... workers share the job evenly), at most `MAX_PARTS` (a Celery
  round trip costs ~3 ms, and 1,024 chunks ran 2x slower than 16 in
  RELIABILITY.md). A job whose whole work is estimated under `INLINE_SECONDS`
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

import importlib
import logging
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F

from cardcollections.adapters import card_pool_for_game
from decks.goldfish_models import UNFINISHED, GoldfishChunk, GoldfishJob, GoldfishStatus
from decks.selectors.decks import deck_get_readable
from decks.selectors.goldfish import goldfish_job_progress
from decks.services.decks import stored_cards
from rules.decklist import DeckFormatError, ParsedDeck, ResolvedDeck, entries_from_json, parse_decklist, resolve
from rules.goldfish import (
    ChunkCounts,
    GoldfishDeck,
    GoldfishRequest,
    GoldfishRequestError,
    SimulationPlan,
    combine,
    goldfish_exact,
    parse_goldfish_request,
    plan_simulation,
    simulate_chunk,
)

logger = logging.getLogger(__name__)

# The Celery task that runs one GoldfishChunk (decks/tasks.py). Sent by name so
# that this module and the task module do not import each other.
CHUNK_TASK = "decks.goldfish_chunk"
# A job estimated to take less than this runs in the request.
INLINE_SECONDS = 0.5
# Each task's share of a job is at least this much work ...
PART_SECONDS = 0.5
# ... and a job has at most this many shares, unless a share would take longer than MAX_PART_SECONDS.
MAX_PARTS = 16
MAX_PART_SECONDS = 60.0
# Claims of one chunk before the job is failed (each lost process re-queues it).
MAX_ATTEMPTS = 3
# How often a running chunk writes its progress and looks for a cancel.
PROGRESS_SECONDS = 0.5
# Deck list bounds (as the validation service's): refuse a pasted file cheaply.
MAX_DECKLIST_CHARS = 1_000_000
MAX_DECKLIST_LINES = 10_000
MAX_CARD_ENTRIES = 10_000
# Measured (bench/goldfish_simulate.py's deck on this 2-core machine): a
# simulated trial costs about 1e-9 s per card drawn per tracked class or query;
# rounded up so that a busy machine does not run a 2 s job in the request.
SIMULATE_SECONDS_PER_UNIT = 1.5e-9
# A play-out follows every turn with its effects: measured ~4 microseconds a
# game-turn on a 40-card Chapter and Verse deck; rounded up the same way.
PLAY_SECONDS_PER_TRIAL_TURN = 1e-5

DECK_FIELDS = ("decklist", "cards", "deck")


# ---------------------------------------------------------------- errors
class GoldfishInputError(Exception):
    """The request is malformed or over the limits: 400 on the API, exit 2 on the command.

    `field` is the JSON path of the field to blame; `unknown_cards` lists the
    deck's unknown-card findings, `problems` any other findings of its list.
    """

    def __init__(
        self,
        field: str,
        message: str,
        *,
        unknown_cards: Sequence[Mapping[str, Any]] = (),
        problems: Sequence[Mapping[str, Any]] = (),
    ):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        self.unknown_cards = [dict(f) for f in unknown_cards]
        self.problems = [dict(f) for f in problems]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.field, "message": self.message}
        if self.unknown_cards:
            out["unknown_cards"] = self.unknown_cards
        if self.problems:
            out["problems"] = self.problems
        return out


class GoldfishJobStopped(Exception):
    """A running chunk's job was cancelled or failed, or another attempt took the chunk over."""


# ---------------------------------------------------------------- modes
ProgressCallback = Callable[[float], None]


@dataclass(frozen=True)
class JobMode:
    """How a random mode plans, runs one engine chunk and combines them, all through JSON primitives.

    Plans and counts cross the broker and the database as dicts; each function
    rebuilds the engine's objects, which costs microseconds against a chunk's
    tenth of a second.
    """

    plan: Callable[[GoldfishDeck, GoldfishRequest], dict[str, Any]]
    n_chunks: Callable[[Mapping[str, Any]], int]
    chunk_trials: Callable[[Mapping[str, Any], int], int]
    run_chunk: Callable[[Mapping[str, Any], int, ProgressCallback | None], dict[str, Any]]
    combine: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], dict[str, Any]]
    seconds: Callable[[Mapping[str, Any]], float]


def _simulate_plan(deck: GoldfishDeck, request: GoldfishRequest) -> dict[str, Any]:
    assert request.trials is not None and request.seed is not None
    return plan_simulation(deck, request.queries, request.turns, request.trials, request.seed).to_dict()


def _simulate_seconds(data: Mapping[str, Any]) -> float:
    plan = SimulationPlan.from_dict(data)
    units = max(plan.cards_seen[-1], 1) * (len(plan.classes) + len(plan.names))
    return plan.trials * units * SIMULATE_SECONDS_PER_UNIT


SIMULATE = JobMode(
    plan=_simulate_plan,
    n_chunks=lambda data: SimulationPlan.from_dict(data).n_chunks,
    chunk_trials=lambda data, i: SimulationPlan.from_dict(data).chunk_size(i),
    run_chunk=lambda data, i, on_progress: simulate_chunk(
        SimulationPlan.from_dict(data), i, on_progress=on_progress
    ).to_dict(),
    combine=lambda data, chunks: combine(
        SimulationPlan.from_dict(data), [ChunkCounts.from_dict(c) for c in chunks]
    ).to_dict(),
    seconds=_simulate_seconds,
)


def _play_mode() -> JobMode | None:
    """The `play` mode from rules.goldfish_play (another engineer's engine), or None if it is not there.

    Imported when first asked for, so the rest of goldfish works whatever state that module is in.
    """
    try:
        play = importlib.import_module("rules.goldfish_play")
    except ImportError:
        return None
    if not all(
        hasattr(play, name) for name in ("plan_play", "play_chunk", "combine_play", "PlayPlan", "PlayChunkCounts")
    ):
        return None

    def plan(deck: GoldfishDeck, request: GoldfishRequest) -> dict[str, Any]:
        options: dict[str, Any] = {"policy": request.policy or "greedy", "queries": request.queries}
        if request.target is not None:
            options["target"] = request.target
        return play.plan_play(deck, request.turns, request.trials, request.seed, **options).to_dict()

    def seconds(data: Mapping[str, Any]) -> float:
        p = play.PlayPlan.from_dict(data)
        return p.trials * (p.turns + 1) * PLAY_SECONDS_PER_TRIAL_TURN

    return JobMode(
        plan=plan,
        n_chunks=lambda data: play.PlayPlan.from_dict(data).n_chunks,
        chunk_trials=lambda data, i: play.PlayPlan.from_dict(data).chunk_size(i),
        run_chunk=lambda data, i, on_progress: play.play_chunk(
            play.PlayPlan.from_dict(data), i, on_progress=on_progress
        ).to_dict(),
        combine=lambda data, chunks: play.combine_play(
            play.PlayPlan.from_dict(data), [play.PlayChunkCounts.from_dict(c) for c in chunks]
        ).to_dict(),
        seconds=seconds,
    )


def job_mode(mode: str) -> JobMode:
    """The dispatch table of the random modes; an unknown or unavailable mode is a 400 on `mode`."""
    if mode == "simulate":
        return SIMULATE
    if mode == "play":
        found = _play_mode()
        if found is None:
            raise GoldfishInputError("mode", "play mode is not available yet")
        return found
    raise GoldfishInputError("mode", f"{mode} mode does not run as a job")


# ---------------------------------------------------------------- the request and its deck
@dataclass(frozen=True)
class PreparedGoldfish:
    """A checked request with its deck resolved against the card pool."""

    request: GoldfishRequest
    deck: GoldfishDeck
    resolved: ResolvedDeck


def _parse_deck(data: Mapping[str, Any]) -> tuple[str, ParsedDeck]:
    given = [key for key in DECK_FIELDS if key in data]
    if "deck" in given:
        # goldfish_prepare has put the saved deck's own entries ({"set", "number", "count"}) here.
        if len(given) != 1:
            raise GoldfishInputError("deck", "give the deck as decklist, cards or deck, exactly one of them")
        try:
            return "deck", entries_from_json(data["deck"])
        except DeckFormatError as exc:
            raise GoldfishInputError("deck", "must be the id of a saved deck") from exc
    if len(given) != 1:
        raise GoldfishInputError("decklist", "give the deck as decklist (text) or cards (a list), exactly one of them")
    if "decklist" in data:
        text = data["decklist"]
        if not isinstance(text, str):
            raise GoldfishInputError("decklist", "must be a string")
        if len(text) > MAX_DECKLIST_CHARS:
            raise GoldfishInputError("decklist", f"is longer than {MAX_DECKLIST_CHARS:,} characters")
        if text.count("\n") + text.count("\r") - text.count("\r\n") >= MAX_DECKLIST_LINES:
            raise GoldfishInputError("decklist", f"has more than {MAX_DECKLIST_LINES:,} lines")
        return "decklist", parse_decklist(text)
    cards = data["cards"]
    if isinstance(cards, list) and len(cards) > MAX_CARD_ENTRIES:
        raise GoldfishInputError("cards", f"has more than {MAX_CARD_ENTRIES:,} entries")
    try:
        return "cards", entries_from_json(cards)
    except DeckFormatError as exc:
        raise GoldfishInputError(exc.path or "cards", exc.message) from exc


def _saved_deck_entries(*, data: Mapping[str, Any], user: Any) -> tuple[str, list[dict[str, Any]]]:
    """The game and the stored entries of the saved deck `data["deck"]`, which `user` must be able to read."""
    others = [key for key in DECK_FIELDS if key in data and key != "deck"]
    if others:
        raise GoldfishInputError("deck", "give the deck as decklist, cards or deck, exactly one of them")
    deck_id = data["deck"]
    if not isinstance(deck_id, str):
        raise GoldfishInputError("deck", "must be the id of a saved deck (a UUID string)")
    saved = deck_get_readable(deck_id=deck_id, user=user)
    if saved is None:
        # The same answer for a deck that does not exist and one the caller may not read: ids do not leak.
        raise GoldfishInputError("deck", "no saved deck with this id that you may read")
    return saved.game.slug, stored_cards(saved.cards)


def goldfish_prepare(*, data: Any, user: AbstractBaseUser | AnonymousUser | None = None) -> PreparedGoldfish:
    """Check a request body and resolve its deck; raise GoldfishInputError naming the first bad field.

    One query for the card pool (none when the pool is cached), whatever the
    size of the list. Unknown cards are listed all at once. A saved `deck` must
    be one `user` may read (its owner's, or an unlisted or public one); it
    supplies the game (a `game` in the body must agree) and the list.
    """
    if not isinstance(data, Mapping):
        raise GoldfishInputError("", "the request must be a JSON object")
    saved_game = None
    if "deck" in data:
        # Checked first: the saved deck's game is what the rest is checked against.
        saved_game, entries = _saved_deck_entries(data=data, user=user)
    try:
        request = parse_goldfish_request(data, game=saved_game)
    except GoldfishRequestError as exc:
        raise GoldfishInputError(exc.field, exc.message) from exc
    deck_data = {"deck": entries} if saved_game is not None else data
    resolved, deck = goldfish_deck_resolve(game=request.game, data=deck_data)
    return PreparedGoldfish(request=request, deck=deck, resolved=resolved)


def goldfish_deck_resolve(*, game: str, data: Mapping[str, Any]) -> tuple[ResolvedDeck, GoldfishDeck]:
    """The request's deck (`decklist` or `cards`) resolved against `game`'s pool; GoldfishInputError if it is not usable."""
    field, parsed = _parse_deck(data)
    resolved = resolve(parsed, card_pool_for_game(game))
    unknown = [f for f in resolved.findings if f.code == "unknown-card"]
    if unknown:
        titles = ", ".join(f.title or f.message for f in unknown[:10])
        raise GoldfishInputError(
            field,
            f"{len(unknown)} unknown card{'s' if len(unknown) != 1 else ''}: {titles}",
            unknown_cards=[f.to_dict() for f in unknown],
            problems=[f.to_dict() for f in resolved.findings if f.code != "unknown-card"],
        )
    if resolved.findings:
        first = resolved.findings[0]
        raise GoldfishInputError(field, first.message, problems=[f.to_dict() for f in resolved.findings])
    deck = GoldfishDeck(game, tuple((e.card, e.count) for e in resolved.entries))
    if deck.size == 0:
        raise GoldfishInputError(field, "the deck has no cards")
    return resolved, deck


def goldfish_exact_answer(*, prepared: PreparedGoldfish) -> dict[str, Any]:
    request = prepared.request
    return goldfish_exact(prepared.deck, request.queries, request.turns).to_dict()


def _plan(mode: JobMode, prepared: PreparedGoldfish) -> dict[str, Any]:
    """The engine's plan; options only the mode's engine judges (play's policy, target) are 400s too."""
    try:
        return mode.plan(prepared.deck, prepared.request)
    except GoldfishRequestError as exc:
        raise GoldfishInputError(exc.field, exc.message) from exc


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
    owner: AbstractBaseUser | AnonymousUser | None,
    data: Any,
    prepared: PreparedGoldfish | None = None,
    parts: int | None = None,
    queue: str | None = None,
    inline: bool | None = None,
) -> GoldfishJob:
    """Create a `simulate` or `play` job and queue its chunks once the transaction commits.

    `parts` (how many tasks share it), `queue` and `inline` (None: decided by
    the estimated work) are for tests and benchmarks; the numbers do not depend
    on them.
    """
    prepared = prepared or goldfish_prepare(data=data, user=owner)
    request = prepared.request
    if request.mode == "exact":
        raise GoldfishInputError("mode", "exact mode answers at once; it does not make a job")
    mode = job_mode(request.mode)
    plan = _plan(mode, prepared)
    n_chunks = mode.n_chunks(plan)
    seconds = mode.seconds(plan)
    if parts is None:
        parts = goldfish_parts(seconds=seconds, n_chunks=n_chunks)
    parts = max(1, min(parts, n_chunks))
    if inline is None:
        inline = parts == 1 and seconds < INLINE_SECONDS
    user = owner if owner is not None and owner.is_authenticated else None
    with transaction.atomic():
        job = GoldfishJob.objects.create(
            owner=user,
            mode=request.mode,
            request=request.to_dict(),
            plan=plan,
            trials=request.trials or 0,
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
        if not inline:
            job_id, target = str(job.id), queue or getattr(settings, "GOLDFISH_QUEUE", None)
            transaction.on_commit(lambda: _enqueue(job_id, parts, target))
    if inline:
        # Same code as a worker's; the request waits for it (well under a second).
        goldfish_chunk_run(job_id=str(job.id), index=0, task_id=f"inline-{job.id}")
        job.refresh_from_db()
    return job


def _enqueue(job_id: str, parts: int, queue: str | None) -> None:
    """Send one message per chunk. A broker that cannot be reached fails the job (a 202 the caller can poll), not the request."""
    options: dict[str, Any] = {"queue": queue} if queue else {}
    try:
        for index in range(parts):
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
    chunks = GoldfishChunk.objects.filter(job_id=job_id, index=index, job__status__in=UNFINISHED)
    with transaction.atomic():
        claimed = chunks.filter(status=GoldfishStatus.QUEUED).update(
            status=GoldfishStatus.RUNNING, task_id=task_id, attempt=F("attempt") + 1, progress=0.0
        )
        if not claimed:
            claimed = chunks.filter(status=GoldfishStatus.RUNNING, task_id=task_id).update(
                attempt=F("attempt") + 1, progress=0.0
            )
        if not claimed:
            return None
        GoldfishJob.objects.filter(pk=job_id, status=GoldfishStatus.QUEUED).update(status=GoldfishStatus.RUNNING)
        # Read inside the transaction: the row is ours until it commits.
        chunk = GoldfishChunk.objects.select_related("job").get(job_id=job_id, index=index)
    if chunk.attempt > MAX_ATTEMPTS:
        # A chunk that kills its process every time (out of memory, say) would
        # otherwise come back for ever: reject_on_worker_lost re-queues it.
        goldfish_job_fail(job_id=job_id, message=f"chunk {index} was interrupted {MAX_ATTEMPTS} times")
        return None
    return chunk


def goldfish_chunk_run(*, job_id: str, index: int, task_id: str) -> str:
    """Run one chunk (the body of the chunk task). Answers what happened: done, skipped or stopped.

    Idempotent: a chunk already done, or a job already finished, is skipped.
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
        if not force and now - last_report < PROGRESS_SECONDS:
            return
        last_report = now
        if not mine.update(progress=min(done / total, 1.0)):
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
        GoldfishChunk.objects.filter(job_id=job_id, index=index, status__in=UNFINISHED).update(status=job_status)


def goldfish_job_finalise(*, job_id: str) -> bool:
    """Combine the chunks once all are done; True for the one call that stored the result."""
    if GoldfishChunk.objects.filter(job_id=job_id).exclude(status=GoldfishStatus.DONE).exists():
        return False
    job = GoldfishJob.objects.filter(pk=job_id, status__in=UNFINISHED).first()
    if job is None:
        return False
    mode = job_mode(job.mode)
    rows = GoldfishChunk.objects.filter(job_id=job_id).order_by("index").values_list("counts", flat=True)
    try:
        result = mode.combine(job.plan, [c for counts in rows for c in counts])
    except (ValueError, KeyError, TypeError) as exc:
        goldfish_job_fail(job_id=job_id, message=f"the chunks could not be combined: {exc}")
        return False
    # The claim and the write in one statement: a cancel or another finaliser in between wins instead.
    return bool(
        GoldfishJob.objects.filter(pk=job_id, status__in=UNFINISHED).update(
            status=GoldfishStatus.DONE, result=result, progress=1.0, error=None
        )
    )


def goldfish_job_cancel(*, job: GoldfishJob) -> bool:
    """Cancel a job that has not finished; False when it already had. Running chunks stop at their next report."""
    progress = goldfish_job_progress(job=job)
    with transaction.atomic():
        cancelled = GoldfishJob.objects.filter(pk=job.pk, status__in=UNFINISHED).update(
            status=GoldfishStatus.CANCELLED, progress=progress
        )
        if cancelled:
            GoldfishChunk.objects.filter(job=job, status=GoldfishStatus.QUEUED).update(status=GoldfishStatus.CANCELLED)
    job.refresh_from_db()
    return bool(cancelled)


def goldfish_job_fail(*, job_id: str, message: str) -> bool:
    """Mark an unfinished job failed with a message the caller may read."""
    with transaction.atomic():
        failed = GoldfishJob.objects.filter(pk=job_id, status__in=UNFINISHED).update(
            status=GoldfishStatus.FAILED, error=message[:2000]
        )
        if failed:
            GoldfishChunk.objects.filter(job_id=job_id, status__in=UNFINISHED).update(status=GoldfishStatus.FAILED)
    return bool(failed)
