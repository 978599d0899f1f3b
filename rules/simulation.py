"""Seeded, chunked simulation: the machinery goldfish `simulate` and `play` share.

A run is split into chunks of a FIXED number of trials; chunk i draws from its
own generator, child i of `SeedSequence(seed)`. A chunk's counts therefore do
not depend on which worker runs it, or in what order, and adding up any split
of the chunk list gives the same numbers. A plan (`ChunkedPlan`) is JSON
primitives with a digest, so chunks of different plans cannot be mixed.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import ClassVar
from typing import Protocol
from typing import Self
from typing import TypeVar

import numpy as np

from rules.primitives import fields_dict

# Uniforms drawn at a time for shuffles inside a game. Fixed: the generator is
# consumed buffer by buffer, so changing it changes the games a seed plays.
UNIFORM_BUFFER = 4_096

_Chunk = TypeVar("_Chunk")


def is_int(value: object) -> bool:
    """True for an int that is not a bool (JSON true/false arrive as bool, which Python counts as int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(value: object, name: str, low: int, high: int) -> int:
    """`value` if it is an integer from `low` to `high`; ValueError naming `name` otherwise."""
    if not is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise ValueError(f"{name} must be an integer from {low:,} to {high:,}, not {value!r}")
    return value  # type: ignore[return-value]


def chunk_generator(seed: int, chunk_index: int) -> np.random.Generator:
    """Chunk i's generator: child i of SeedSequence(seed), i.e. `SeedSequence(seed).spawn(n)[i]`.

    Built from the spawn key directly, so a worker need not spawn every child
    up to i; the stream does not depend on how many chunks there are.
    """
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk_index,))))


class ChunkedPlan:
    """What simulate's and play's plans share: chunks of `chunk_trials`, and a digest of the `_BODY` fields."""

    trials: int
    chunk_trials: int
    # The fields sent over the broker, in the order `to_dict` writes them.
    _BODY: ClassVar[tuple[str, ...]] = ()

    def _body(self) -> dict[str, Any]:
        return fields_dict(self, self._BODY)

    @property
    def n_chunks(self) -> int:
        return -(-self.trials // self.chunk_trials)

    def chunk_size(self, chunk_index: int) -> int:
        if not 0 <= chunk_index < self.n_chunks:
            raise ValueError(f"chunk {chunk_index} is not in 0..{self.n_chunks - 1}")
        return min(self.chunk_trials, self.trials - chunk_index * self.chunk_trials)

    @property
    def digest(self) -> str:
        canonical = json.dumps(self._body(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {**self._body(), "digest": self.digest}

    @staticmethod
    def check_version(data: Mapping[str, Any], version: int, what: str = "plan") -> None:
        """Refuse a plan of another engine version (its numbers would differ)."""
        if data.get("version") != version:
            raise ValueError(
                f"{what} version {data.get('version')!r} is not this engine's {version}: "
                "its numbers would differ, so it must be planned again"
            )

    def check_digest(self, data: Mapping[str, Any]) -> Self:
        """This plan, if `data` carries no digest or the plan's own."""
        if "digest" in data and data["digest"] != self.digest:
            raise ValueError("plan digest does not match its contents")
        return self


@dataclass(frozen=True)
class ChunkTally:
    """One chunk's counts: the rows named in `_ROWS` (and `_OPTIONAL_ROWS`) hold a count per turn."""

    plan: str
    chunk: int
    trials: int
    _ROWS: ClassVar[tuple[str, ...]] = ()
    _OPTIONAL_ROWS: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        return fields_dict(self, ("plan", "chunk", "trials", *self._ROWS, *self._OPTIONAL_ROWS))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        rows = {name: data[name] for name in cls._ROWS} | {name: data.get(name, ()) for name in cls._OPTIONAL_ROWS}
        return cls(
            plan=str(data["plan"]),
            chunk=int(data["chunk"]),
            trials=int(data["trials"]),
            **{name: tuple(tuple(int(n) for n in row) for row in value) for name, value in rows.items()},
        )


class Chunk(Protocol):
    # Read-only (properties): a frozen dataclass's fields are.
    @property
    def plan(self) -> str: ...
    @property
    def chunk(self) -> int: ...
    @property
    def trials(self) -> int: ...


def sub_batches(size: int, batch: int, on_progress: Callable[[float], None] | None) -> Iterator[int]:
    """The rows of each sub-batch of a chunk of `size`; `on_progress(fraction done)` after each one."""
    done = 0
    while done < size:
        rows = min(batch, size - done)
        yield rows
        done += rows
        if on_progress is not None:
            on_progress(done / size)


def run_chunks(
    plan: ChunkedPlan,
    run_chunk: Callable[..., _Chunk],
    chunk_indices: Iterable[int] | None = None,
    *,
    on_progress: Callable[[float], None] | None = None,
) -> list[_Chunk]:
    """Run several chunks of a plan (all by default) with `run_chunk(plan, index, on_progress=...)`,
    reporting the fraction of all their trials done. Shared by simulate and play."""
    indices = list(range(plan.n_chunks) if chunk_indices is None else chunk_indices)
    total = sum(plan.chunk_size(i) for i in indices)
    finished = 0
    results = []
    for index in indices:
        size = plan.chunk_size(index)

        def report(fraction: float, finished: int = finished, size: int = size) -> None:
            on_progress((finished + fraction * size) / total)  # type: ignore[misc]

        results.append(run_chunk(plan, index, on_progress=report if on_progress else None))
        finished += size
    return results


def check_chunks(plan: ChunkedPlan, chunks: Sequence[Chunk], ran: str = "ran", unit: str = "trials") -> None:
    """Refuse anything but every chunk of the plan, each exactly once."""
    digest = plan.digest
    seen: set[int] = set()
    for chunk in chunks:
        if chunk.plan != digest:
            raise ValueError(f"chunk {chunk.chunk} belongs to another plan")
        if chunk.chunk in seen:
            raise ValueError(f"chunk {chunk.chunk} is given twice")
        if chunk.trials != plan.chunk_size(chunk.chunk):
            raise ValueError(f"chunk {chunk.chunk} {ran} {chunk.trials} {unit}, not {plan.chunk_size(chunk.chunk)}")
        seen.add(chunk.chunk)
    if missing := sorted(set(range(plan.n_chunks)) - seen):
        raise ValueError(f"chunks missing: {missing[:10]}{'...' if len(missing) > 10 else ''}")


def estimates(hits: Sequence[int], n: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Probabilities `hits / n` and their standard errors."""
    probability = tuple(h / n for h in hits)
    stderr = tuple(math.sqrt(p * (1 - p) / n) for p in probability)
    return probability, stderr


class Uniforms:
    """Uniform [0, 1) numbers from the chunk's generator, drawn a buffer at a time.

    Shuffles inside a game are rare (Keyword) and small, so a Python
    Fisher-Yates over buffered uniforms beats a NumPy call per shuffle.
    """

    __slots__ = ("buffer", "position", "rng")

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.buffer: list[float] = []
        self.position = 0

    def shuffle(self, items: list[int]) -> None:
        buffer, position = self.buffer, self.position
        for i in range(len(items) - 1, 0, -1):
            if position >= len(buffer):
                buffer = self.buffer = self.rng.random(UNIFORM_BUFFER).tolist()
                position = 0
            j = int(buffer[position] * (i + 1))
            position += 1
            items[i], items[j] = items[j], items[i]
        self.position = position

    def uniform(self) -> float:
        """One uniform number (a Quote attempt), from the same buffer as the shuffles."""
        if self.position >= len(self.buffer):
            self.buffer = self.rng.random(UNIFORM_BUFFER).tolist()
            self.position = 0
        value = self.buffer[self.position]
        self.position += 1
        return value
