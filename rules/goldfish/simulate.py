"""Goldfish `simulate` mode: how often each query holds by each turn, over seeded shuffles (docs/contracts/goldfish.md).

The mode is split into chunks of a FIXED number of trials (`CHUNK_TRIALS`),
each drawing from its own generator (rules/simulation.py):
`plan = plan_simulation(...)`, `simulate_chunk(plan, i)` per chunk (a Celery
task may take a range), `combine(plan, chunks)`. `goldfish_simulate_run` does
all of it in this process (the `manage.py goldfish` path).

The same numbers are promised for the same request on the same engine
version (`SIMULATION_VERSION`, carried in the plan) and NumPy version; a
worker refuses a plan of another engine version rather than mixing streams.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules.cards import CardData
from rules.goldfish.request import MAX_SEED
from rules.goldfish.request import MAX_TRIALS
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishQuery
from rules.goldfish.request import GoldfishResult
from rules.goldfish.request import check_turns
from rules.goldfish.request import summed_results
from rules.simulation import ChunkedPlan
from rules.simulation import ChunkTally
from rules.simulation import check_chunks
from rules.simulation import check_int
from rules.simulation import chunk_generator
from rules.simulation import run_chunks
from rules.simulation import sub_batches

# Trials per chunk. Fixed, because the chunk boundaries decide which generator
# draws which trial: change it and the numbers for a seed change. One million
# trials is ~0.1 s of work for a typical deck, so a 100 M request is 100 chunks
# and a 20 M one 20: docs/reliability.md measured 2-16 chunks of 20 M hands running
# 1.6-1.9x faster on two workers, and 1,024 chunks 2x slower (a Celery round
# trip costs ~3 ms), so chunks must stay coarse. A task may run several.
CHUNK_TRIALS = 1_000_000
# Rows simulated at once inside a chunk: bounds memory (a few arrays of this
# many small integers per class and query) and sets the progress granularity.
# Also fixed for reproducibility: the generator is consumed batch by batch.
SUB_BATCH = 20_000
# Bump when anything changes the random stream a plan produces.
SIMULATION_VERSION = 1


# ---------------------------------------------------------------- simulate: the plan
@dataclass(frozen=True)
class SimulationPlan(ChunkedPlan):
    """Everything a worker needs to run any chunk, as JSON primitives (`to_dict`/`from_dict`).

    The deck is reduced to classes of interchangeable cards: copies that match
    the same set of queries. `classes[c]` is (copies, indices of the queries
    they match), in a canonical order (the class matching nothing, if any,
    last). `digest` fingerprints all of it, so chunks of different plans cannot
    be combined by mistake.
    """

    game: str
    trials: int
    seed: int
    deck_size: int
    cards_seen: tuple[int, ...]
    classes: tuple[tuple[int, tuple[int, ...]], ...]
    names: tuple[str, ...]
    at_least: tuple[int, ...]
    chunk_trials: int = CHUNK_TRIALS
    version: int = SIMULATION_VERSION

    @property
    def turns(self) -> int:
        return len(self.cards_seen) - 1

    _BODY = (
        "version",
        "game",
        "trials",
        "seed",
        "chunk_trials",
        "deck_size",
        "cards_seen",
        "classes",
        "names",
        "at_least",
    )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SimulationPlan:
        """Rebuild a plan sent over the broker; a plan of another engine version is refused."""
        cls.check_version(data, SIMULATION_VERSION)
        return cls(
            game=data["game"],
            trials=int(data["trials"]),
            seed=int(data["seed"]),
            deck_size=int(data["deck_size"]),
            cards_seen=tuple(int(n) for n in data["cards_seen"]),
            classes=tuple((int(count), tuple(int(q) for q in queries)) for count, queries in data["classes"]),
            names=tuple(str(n) for n in data["names"]),
            at_least=tuple(int(k) for k in data["at_least"]),
            chunk_trials=int(data["chunk_trials"]),
        ).check_digest(data)


def plan_simulation(
    deck: GoldfishDeck,
    queries: Sequence[GoldfishQuery],
    turns: int,
    trials: int,
    seed: int,
    *,
    chunk_trials: int = CHUNK_TRIALS,
) -> SimulationPlan:
    """Reduce a simulate request to a plan; `chunk_trials` other than the default is for tests."""
    check_turns(turns)
    check_int(trials, "trials", 1, MAX_TRIALS)
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(chunk_trials, "chunk_trials", 1, MAX_TRIALS)
    copies: dict[CardData, int] = {}  # each card matched once, however many lines name it
    for card, count in deck.cards:
        copies[card] = copies.get(card, 0) + count
    signatures: dict[tuple[int, ...], int] = {}
    for card, count in copies.items():
        if count:
            signature = tuple(i for i, q in enumerate(queries) if q.filter.matches(card))
            signatures[signature] = signatures.get(signature, 0) + count
    # Canonical order, so that the same deck listed in another order gives the
    # same plan (and the same numbers); the no-match class last, because the
    # last class is simulated as "none of the others" and costs nothing.
    classes = tuple(sorted(signatures.items(), key=lambda item: (not item[0], item[0])))
    return SimulationPlan(
        game=deck.game,
        trials=trials,
        seed=seed,
        deck_size=deck.size,
        cards_seen=deck.cards_seen(turns),
        classes=tuple((count, signature) for signature, count in classes),
        names=tuple(q.name for q in queries),
        at_least=tuple(q.at_least for q in queries),
        chunk_trials=chunk_trials,
    )


# ---------------------------------------------------------------- simulate: chunks
@dataclass(frozen=True)
class ChunkCounts(ChunkTally):
    """One chunk's tally: `successes[q][t]` trials in which query q held by turn t."""

    successes: tuple[tuple[int, ...], ...]
    _ROWS = ("successes",)


def _simulate_batch(plan: SimulationPlan, rng: np.random.Generator, rows: int) -> np.ndarray:
    """Successes per (turn, query) over `rows` shuffles.

    Only the classes of the seen cards are drawn, one card at a time, without
    replacement: the next card is class c with probability remaining_c /
    cards_left, picked by one random integer r per row against the running
    sum of the remaining counts. That is exactly the law of the first cards of
    a uniform shuffle. The C&V blessings are not drawn: a uniformly random
    subset set aside unseen leaves the seen cards a uniform sample of the whole
    deck. Arrays are one row per class/query (vectorised along the trials), so
    a step is a handful of NumPy calls on contiguous small integers; this beats
    shuffling a (rows, N) array by an order of magnitude.
    """
    n_queries = len(plan.names)
    out = np.zeros((plan.turns + 1, n_queries), dtype=np.int64)
    dtype: type[np.int16 | np.int32] = np.int16 if plan.deck_size < 2**15 else np.int32
    classes = plan.classes
    if not classes:  # an empty deck: nothing is ever seen
        return out
    # All classes but the last are tracked; the last is "r beyond all of them".
    rest = [np.full(rows, count, dtype=dtype) for count, _ in classes[:-1]]
    last_queries = classes[-1][1]
    seen_count = [np.zeros(rows, dtype=dtype) for _ in range(n_queries)]
    running = np.empty(rows, dtype=dtype)
    below = np.empty(rows, dtype=bool)
    before = np.empty(rows, dtype=bool)
    drawn_now = np.empty(rows, dtype=bool)
    drawn = 0
    for turn, target in enumerate(plan.cards_seen):
        while drawn < target:
            r = rng.integers(0, plan.deck_size - drawn, size=rows, dtype=dtype)
            running.fill(0)
            before.fill(False)
            for c, (_, queries) in enumerate(classes[:-1]):
                np.add(running, rest[c], out=running)
                np.less(r, running, out=below)
                # below & ~before: r lands in this class's stretch.
                np.greater(below, before, out=drawn_now)
                np.subtract(rest[c], drawn_now, out=rest[c], casting="unsafe")
                for q in queries:
                    np.add(seen_count[q], drawn_now, out=seen_count[q], casting="unsafe")
                below, before = before, below
            if last_queries:
                np.logical_not(before, out=drawn_now)
                for q in last_queries:
                    np.add(seen_count[q], drawn_now, out=seen_count[q], casting="unsafe")
            drawn += 1
        for q in range(n_queries):
            out[turn, q] = np.count_nonzero(seen_count[q] >= plan.at_least[q])
    return out


def simulate_chunk(
    plan: SimulationPlan, chunk_index: int, *, on_progress: Callable[[float], None] | None = None
) -> ChunkCounts:
    """Run one chunk; `on_progress(fraction of this chunk)` after each sub-batch."""
    if plan.version != SIMULATION_VERSION:
        raise ValueError(f"plan version {plan.version} is not this engine's {SIMULATION_VERSION}")
    size = plan.chunk_size(chunk_index)
    rng = chunk_generator(plan.seed, chunk_index)
    totals = np.zeros((plan.turns + 1, len(plan.names)), dtype=np.int64)
    for rows in sub_batches(size, SUB_BATCH, on_progress):
        totals += _simulate_batch(plan, rng, rows)
    return ChunkCounts(
        plan=plan.digest,
        chunk=chunk_index,
        trials=size,
        successes=tuple(tuple(int(n) for n in totals[:, q]) for q in range(len(plan.names))),
    )


def combine(plan: SimulationPlan, chunks: Iterable[ChunkCounts]) -> GoldfishResult:
    """Add up every chunk of the plan, each exactly once, into probabilities and standard errors."""
    chunks = list(chunks)
    check_chunks(plan, chunks)
    return GoldfishResult(
        mode="simulate",
        trials=plan.trials,
        seed=plan.seed,
        turns=tuple(range(plan.turns + 1)),
        cards_seen=plan.cards_seen,
        queries=summed_results(plan.names, (chunk.successes for chunk in chunks), plan.turns, plan.trials),
    )


def goldfish_simulate_run(
    deck: GoldfishDeck,
    queries: Sequence[GoldfishQuery],
    turns: int,
    trials: int,
    seed: int,
    *,
    on_progress: Callable[[float], None] | None = None,
) -> GoldfishResult:
    """The whole simulation in this process (no broker): plan, every chunk, combine."""
    plan = plan_simulation(deck, queries, turns, trials, seed)
    return combine(plan, run_chunks(plan, simulate_chunk, on_progress=on_progress))
