"""Goldfish: how a deck draws when played alone (shared/spec/goldfish.md).

Pure engine: no Django, no Celery, no I/O. The caller resolves the deck list
against its card pool and hands over a `GoldfishDeck`; progress goes out
through an `on_progress(fraction)` callable, which may raise to stop a run
(a cancelled job).

- `parse_goldfish_request(data, game=...)` checks the request's own fields
  (game, mode, turns, trials, seed, queries) and raises `GoldfishRequestError`
  naming the JSON path of the first bad field. The deck fields (`decklist`,
  `cards`, `deck`) are the caller's: resolving them needs the card pool.
- `goldfish_exact(deck, queries, turns)`: hypergeometric tail probabilities,
  exact rational arithmetic, no randomness.
- `simulate` mode is split into chunks of a FIXED number of trials
  (`CHUNK_TRIALS`); chunk i draws from its own generator, seeded by child i of
  `SeedSequence(seed)`. A chunk's counts therefore do not depend on which
  worker runs it, or in what order, and `combine` of any split of the chunk
  list gives the same numbers:
  `plan = plan_simulation(...)`, `simulate_chunk(plan, i)` per chunk (a Celery
  task may take a range), `combine(plan, chunks)`. `goldfish_simulate_run`
  does all of it in this process (the `manage.py goldfish` path).

The same numbers are promised for the same request on the same engine
version (`SIMULATION_VERSION`, carried in the plan) and NumPy version; a
worker refuses a plan of another engine version rather than mixing streams.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from rules.cards import CardData
from rules.games import BB_TYPES, CV_THEMES, GAME_SLUGS
from rules.text import title_key

# ---------------------------------------------------------------- limits
MODES: tuple[str, ...] = ("exact", "simulate", "play")
MAX_TURNS = 30
MAX_TRIALS = 100_000_000
MAX_QUERIES = 20
MAX_AT_LEAST = 999
MAX_NAME_LENGTH = 100
MAX_TITLE_LENGTH = 200
MAX_TITLES = 200
MAX_COST = 999
MAX_SEED = 2**63 - 1
MAX_TARGET = 10_000
MAX_POLICY_LENGTH = 50

# Trials per chunk. Fixed, because the chunk boundaries decide which generator
# draws which trial: change it and the numbers for a seed change. One million
# trials is ~0.1 s of work for a typical deck, so a 100 M request is 100 chunks
# and a 20 M one 20: RELIABILITY.md measured 2-16 chunks of 20 M hands running
# 1.6-1.9x faster on two workers, and 1,024 chunks 2x slower (a Celery round
# trip costs ~3 ms), so chunks must stay coarse. A task may run several.
CHUNK_TRIALS = 1_000_000
# Rows simulated at once inside a chunk: bounds memory (a few arrays of this
# many small integers per class and query) and sets the progress granularity.
# Also fixed for reproducibility: the generator is consumed batch by batch.
SUB_BATCH = 20_000
# Bump when anything changes the random stream a plan produces.
SIMULATION_VERSION = 1

# Top-level request keys. The deck keys and the `play` options are read by
# other layers; they are listed so that a typo ("trails") is a 400, not ignored.
REQUEST_KEYS: tuple[str, ...] = (
    "game",
    "decklist",
    "cards",
    "deck",
    "mode",
    "turns",
    "trials",
    "seed",
    "queries",
    "policy",
    "target",
)
FILTER_KEYS: tuple[str, ...] = ("title", "titles", "type", "theme", "marker", "unique", "cost_min", "cost_max")


# ---------------------------------------------------------------- setup per game
@dataclass(frozen=True)
class GoldfishSetup:
    """How a game starts: `unseen` cards set aside face down, then a `hand`; one draw a turn."""

    unseen: int
    hand: int

    def cards_seen(self, deck_size: int, turns: int) -> tuple[int, ...]:
        """Cards seen by each turn 0..turns, capped when the deck runs out."""
        available = max(0, deck_size - self.unseen)
        return tuple(min(self.hand + t, available) for t in range(turns + 1))


GOLDFISH_SETUPS: Mapping[str, GoldfishSetup] = {
    # The top 7 become the blessing stack, the next 5 the opening hand; every
    # turn starts with a draw, the first player's first turn too.
    "chapter-and-verse": GoldfishSetup(unseen=7, hand=5),
    "bible-battles": GoldfishSetup(unseen=0, hand=7),
}


def _goldfish_game_problem(game: object) -> str | None:
    if not isinstance(game, str) or game not in GAME_SLUGS:
        return f"must be one of {', '.join(GAME_SLUGS)}"
    if game not in GOLDFISH_SETUPS:
        return (
            f"{game} is played with fixed decks, so there is nothing to goldfish; "
            f"goldfish supports {', '.join(GOLDFISH_SETUPS)}"
        )
    return None


# ---------------------------------------------------------------- errors
class GoldfishRequestError(ValueError):
    """A malformed or over-the-limits request: `field` is the JSON path (`queries[1].filter.colour`)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


def _is_int(value: object) -> bool:
    # JSON true/false arrive as bool, which Python counts as int.
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(value: object, path: str, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise GoldfishRequestError(path, f"must be an integer from {low:,} to {high:,}")
    return value  # type: ignore[return-value]


def _text(value: object, path: str, max_length: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise GoldfishRequestError(path, "must be a non-empty string")
    if len(value) > max_length:
        raise GoldfishRequestError(path, f"must be at most {max_length} characters")
    return value


# ---------------------------------------------------------------- queries
@dataclass(frozen=True)
class GoldfishFilter:
    """Which cards a query counts. Every given key must hold; no keys matches every card.

    `title` and `titles` compare title keys (case and spacing ignored), `marker`
    ignores case, `theme` needs at least one icon of the theme, `cost_min` and
    `cost_max` bound the sacrifice (C&V) or effort (BB); a card without a cost
    fails any cost bound.
    """

    title: str | None = None
    titles: tuple[str, ...] | None = None
    type: str | None = None
    theme: str | None = None
    marker: str | None = None
    unique: bool | None = None
    cost_min: int | None = None
    cost_max: int | None = None

    def __post_init__(self) -> None:
        if self.titles is not None:
            object.__setattr__(self, "titles", tuple(self.titles))

    def matches(self, card: CardData) -> bool:
        if self.title is not None and card.title_key != title_key(self.title):
            return False
        if self.titles is not None and card.title_key not in {title_key(t) for t in self.titles}:
            return False
        if self.type is not None and card.type != self.type:
            return False
        if self.theme is not None and card.icons.get(self.theme, 0) < 1:
            return False
        if self.marker is not None:
            wanted = self.marker.strip().casefold()
            if all(m.strip().casefold() != wanted for m in card.markers):
                return False
        if self.unique is not None and card.unique != self.unique:
            return False
        if self.cost_min is not None or self.cost_max is not None:
            cost = card.cost
            if cost is None:
                return False
            if self.cost_min is not None and cost < self.cost_min:
                return False
            if self.cost_max is not None and cost > self.cost_max:
                return False
        return True

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in FILTER_KEYS:
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: object, *, path: str = "filter", game: str | None = None) -> GoldfishFilter:
        """Check a JSON filter; `game`, when known, rejects keys that cannot apply to its cards."""
        if not isinstance(data, Mapping):
            raise GoldfishRequestError(path, "must be an object")
        for key in data:
            if key not in FILTER_KEYS:
                raise GoldfishRequestError(f"{path}.{key}", f"unknown filter key; use {', '.join(FILTER_KEYS)}")
        values: dict[str, Any] = {}
        if "title" in data:
            values["title"] = _text(data["title"], f"{path}.title", MAX_TITLE_LENGTH)
        if "titles" in data:
            titles = data["titles"]
            if not isinstance(titles, list) or not titles:
                raise GoldfishRequestError(f"{path}.titles", "must be a non-empty list of titles")
            if len(titles) > MAX_TITLES:
                raise GoldfishRequestError(f"{path}.titles", f"must list at most {MAX_TITLES} titles")
            values["titles"] = tuple(_text(t, f"{path}.titles[{i}]", MAX_TITLE_LENGTH) for i, t in enumerate(titles))
        if "type" in data:
            if game is not None and game != "bible-battles":
                raise GoldfishRequestError(f"{path}.type", "type is a Bible Battles card type; this deck is " + game)
            if data["type"] not in BB_TYPES:
                raise GoldfishRequestError(f"{path}.type", f"must be one of {', '.join(BB_TYPES)}")
            values["type"] = data["type"]
        if "theme" in data:
            if game is not None and game != "chapter-and-verse":
                raise GoldfishRequestError(f"{path}.theme", "theme is a Chapter and Verse icon; this deck is " + game)
            theme = data["theme"]
            if not isinstance(theme, str) or theme.strip().lower() not in CV_THEMES:
                raise GoldfishRequestError(f"{path}.theme", f"must be one of {', '.join(CV_THEMES)}")
            values["theme"] = theme.strip().lower()
        if "marker" in data:
            values["marker"] = _text(data["marker"], f"{path}.marker", MAX_TITLE_LENGTH)
        if "unique" in data:
            if not isinstance(data["unique"], bool):
                raise GoldfishRequestError(f"{path}.unique", "must be true or false")
            values["unique"] = data["unique"]
        for key in ("cost_min", "cost_max"):
            if key in data:
                values[key] = _int_in(data[key], f"{path}.{key}", 0, MAX_COST)
        if "cost_min" in values and "cost_max" in values and values["cost_min"] > values["cost_max"]:
            raise GoldfishRequestError(f"{path}.cost_max", "must not be less than cost_min")
        return cls(**values)


@dataclass(frozen=True)
class GoldfishQuery:
    """ "At least `at_least` cards matching `filter` among the cards seen": one line of the answer."""

    name: str
    filter: GoldfishFilter = GoldfishFilter()
    at_least: int = 1

    def __post_init__(self) -> None:
        # Checked here too because engine callers build queries in code.
        if not _is_int(self.at_least) or self.at_least < 1:
            raise ValueError(f"at_least must be a positive integer, not {self.at_least!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "filter": self.filter.to_dict(), "at_least": self.at_least}

    @classmethod
    def from_dict(cls, data: object, *, path: str = "query", game: str | None = None) -> GoldfishQuery:
        if not isinstance(data, Mapping):
            raise GoldfishRequestError(path, "must be an object with name, filter and at_least")
        for key in data:
            if key not in ("name", "filter", "at_least"):
                raise GoldfishRequestError(f"{path}.{key}", "unknown key; a query has name, filter and at_least")
        if "name" not in data:
            raise GoldfishRequestError(f"{path}.name", "is required")
        name = _text(data["name"], f"{path}.name", MAX_NAME_LENGTH)
        query_filter = GoldfishFilter.from_dict(data.get("filter", {}), path=f"{path}.filter", game=game)
        at_least = _int_in(data.get("at_least", 1), f"{path}.at_least", 1, MAX_AT_LEAST)
        return cls(name=name, filter=query_filter, at_least=at_least)


# ---------------------------------------------------------------- the request
@dataclass(frozen=True)
class GoldfishRequest:
    """The checked request fields; the deck itself is resolved by the caller.

    `trials` and `seed` are None in `exact` mode. `policy` and `target` are
    `play` options, kept as given for the `play` engine to judge.
    """

    game: str
    mode: str
    turns: int
    queries: tuple[GoldfishQuery, ...]
    trials: int | None = None
    seed: int | None = None
    policy: str | None = None
    target: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "mode": self.mode,
            "turns": self.turns,
            "trials": self.trials,
            "seed": self.seed,
            "queries": [q.to_dict() for q in self.queries],
        }
        if self.policy is not None:
            out["policy"] = self.policy
        if self.target is not None:
            out["target"] = self.target
        return out


def parse_goldfish_request(data: object, *, game: str | None = None) -> GoldfishRequest:
    """Check a request body's own fields; raise `GoldfishRequestError` naming the first bad one.

    `game` is the deck's game when the caller already knows it (a saved `deck`
    id); the body's `game`, if given, must agree. Required: `game` (one way or
    the other), `mode`, `turns`; `trials` in `simulate` and `play`; `queries`
    (1 to 20) in `exact` and `simulate`. A missing `seed` is drawn at random
    here and reported in the result, so any run can be repeated.
    """
    if not isinstance(data, Mapping):
        raise GoldfishRequestError("", "the request must be a JSON object")
    for key in data:
        if key not in REQUEST_KEYS:
            raise GoldfishRequestError(str(key), f"unknown field; a goldfish request has {', '.join(REQUEST_KEYS)}")

    body_game = data.get("game")
    if body_game is None and game is None:
        raise GoldfishRequestError("game", "is required")
    if body_game is not None:
        if problem := _goldfish_game_problem(body_game):
            raise GoldfishRequestError("game", problem)
        if game is not None and body_game != game:
            raise GoldfishRequestError("game", f"is {body_game} but the deck is a {game} deck")
    resolved_game: str = body_game if body_game is not None else game  # type: ignore[assignment]
    if problem := _goldfish_game_problem(resolved_game):
        raise GoldfishRequestError("game", problem)

    if "mode" not in data:
        raise GoldfishRequestError("mode", f"is required: one of {', '.join(MODES)}")
    mode = data["mode"]
    if mode not in MODES:
        raise GoldfishRequestError("mode", f"must be one of {', '.join(MODES)}")

    if "turns" not in data:
        raise GoldfishRequestError("turns", f"is required: an integer from 0 to {MAX_TURNS}")
    turns = _int_in(data["turns"], "turns", 0, MAX_TURNS)

    random_mode = mode != "exact"
    trials: int | None = None
    if "trials" in data:
        trials = _int_in(data["trials"], "trials", 1, MAX_TRIALS)
    elif random_mode:
        raise GoldfishRequestError("trials", f"is required in {mode} mode: an integer from 1 to {MAX_TRIALS:,}")
    seed: int | None = None
    if "seed" in data:
        seed = _int_in(data["seed"], "seed", 0, MAX_SEED)
    elif random_mode:
        # A fresh seed, echoed in the result, so the run can be repeated exactly.
        seed = secrets.randbits(32)
    if not random_mode:
        trials = seed = None

    raw_queries = data.get("queries")
    if raw_queries is None:
        if mode != "play":
            raise GoldfishRequestError("queries", f"is required: a list of 1 to {MAX_QUERIES} queries")
        raw_queries = []
    if not isinstance(raw_queries, list):
        raise GoldfishRequestError("queries", f"must be a list of 1 to {MAX_QUERIES} queries")
    if (not raw_queries and mode != "play") or len(raw_queries) > MAX_QUERIES:
        raise GoldfishRequestError("queries", f"must be a list of 1 to {MAX_QUERIES} queries")
    queries = tuple(
        GoldfishQuery.from_dict(q, path=f"queries[{i}]", game=resolved_game) for i, q in enumerate(raw_queries)
    )

    policy: str | None = None
    if "policy" in data:
        policy = _text(data["policy"], "policy", MAX_POLICY_LENGTH)
    target: int | None = None
    if "target" in data:
        target = _int_in(data["target"], "target", 1, MAX_TARGET)

    return GoldfishRequest(
        game=resolved_game,
        mode=mode,
        turns=turns,
        queries=queries,
        trials=trials,
        seed=seed,
        policy=policy,
        target=target,
    )


# ---------------------------------------------------------------- the deck
@dataclass(frozen=True)
class GoldfishDeck:
    """A resolved deck as (card, copies) pairs, in the game that decides the setup.

    From a `rules.decklist.ResolvedDeck`:
    `GoldfishDeck(resolved.game, tuple((e.card, e.count) for e in resolved.entries))`.
    The same card may appear in several pairs; the copies add up.
    """

    game: str
    cards: tuple[tuple[CardData, int], ...]

    def __post_init__(self) -> None:
        if problem := _goldfish_game_problem(self.game):
            raise ValueError(f"game: {problem}")
        cards = tuple((card, count) for card, count in self.cards)
        for card, count in cards:
            if not _is_int(count) or count < 0:
                raise ValueError(f"{card.title}: copies must be a non-negative integer, not {count!r}")
            if card.game != self.game:
                raise ValueError(f"{card.title} is a {card.game} card, not {self.game}")
        object.__setattr__(self, "cards", cards)

    @classmethod
    def of(cls, game: str, cards: Iterable[tuple[CardData, int]]) -> GoldfishDeck:
        return cls(game=game, cards=tuple(cards))

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards)

    @property
    def setup(self) -> GoldfishSetup:
        return GOLDFISH_SETUPS[self.game]

    def cards_seen(self, turns: int) -> tuple[int, ...]:
        return self.setup.cards_seen(self.size, turns)

    def matching(self, query_filter: GoldfishFilter) -> int:
        """Copies in the deck that match the filter."""
        return sum(count for card, count in self.cards if query_filter.matches(card))


# ---------------------------------------------------------------- results
@dataclass(frozen=True)
class QueryResult:
    name: str
    probability: tuple[float, ...]
    stderr: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "probability": list(self.probability), "stderr": list(self.stderr)}


@dataclass(frozen=True)
class GoldfishResult:
    """The answer of goldfish.md's "The result": `probability[t]` is for turn `turns[t]`."""

    mode: str
    trials: int | None
    seed: int | None
    turns: tuple[int, ...]
    cards_seen: tuple[int, ...]
    queries: tuple[QueryResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "trials": self.trials,
            "seed": self.seed,
            "turns": list(self.turns),
            "cards_seen": list(self.cards_seen),
            "queries": [q.to_dict() for q in self.queries],
        }


def _check_turns(turns: int) -> None:
    if not _is_int(turns) or not 0 <= turns <= MAX_TURNS:
        raise ValueError(f"turns must be an integer from 0 to {MAX_TURNS}, not {turns!r}")


# ---------------------------------------------------------------- exact
def hypergeometric_at_least(population: int, successes: int, draws: int, at_least: int) -> Fraction:
    """P(X >= at_least) for X ~ Hypergeometric(population, successes, draws), exactly."""
    top = min(successes, draws)
    if at_least > top:
        return Fraction(0)
    failures = population - successes
    favourable = sum(math.comb(successes, x) * math.comb(failures, draws - x) for x in range(max(at_least, 0), top + 1))
    return Fraction(favourable, math.comb(population, draws))


def goldfish_exact(deck: GoldfishDeck, queries: Sequence[GoldfishQuery], turns: int) -> GoldfishResult:
    """Each query's chance by each turn, from the hypergeometric distribution; stderr 0.

    Chapter and Verse sets aside 7 blessings unseen, but they are a uniformly
    random subset, so the cards seen by turn t are still a uniform random
    sample of the whole N-card deck, of size min(5 + t, N - 7): the plain
    hypergeometric tail applies, with the deck's full size and match count.
    """
    _check_turns(turns)
    size = deck.size
    seen = deck.cards_seen(turns)
    results = []
    for query in queries:
        matching = deck.matching(query.filter)
        probability = tuple(float(hypergeometric_at_least(size, matching, n, query.at_least)) for n in seen)
        results.append(QueryResult(query.name, probability, tuple(0.0 for _ in seen)))
    return GoldfishResult(
        mode="exact",
        trials=None,
        seed=None,
        turns=tuple(range(turns + 1)),
        cards_seen=seen,
        queries=tuple(results),
    )


# ---------------------------------------------------------------- simulate: the plan
@dataclass(frozen=True)
class SimulationPlan:
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

    @property
    def n_chunks(self) -> int:
        return -(-self.trials // self.chunk_trials)

    def chunk_size(self, chunk_index: int) -> int:
        if not 0 <= chunk_index < self.n_chunks:
            raise ValueError(f"chunk {chunk_index} is not in 0..{self.n_chunks - 1}")
        return min(self.chunk_trials, self.trials - chunk_index * self.chunk_trials)

    def _body(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "game": self.game,
            "trials": self.trials,
            "seed": self.seed,
            "chunk_trials": self.chunk_trials,
            "deck_size": self.deck_size,
            "cards_seen": list(self.cards_seen),
            "classes": [[count, list(queries)] for count, queries in self.classes],
            "names": list(self.names),
            "at_least": list(self.at_least),
        }

    @property
    def digest(self) -> str:
        canonical = json.dumps(self._body(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {**self._body(), "digest": self.digest}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SimulationPlan:
        """Rebuild a plan sent over the broker; a plan of another engine version is refused."""
        if data.get("version") != SIMULATION_VERSION:
            raise ValueError(
                f"plan version {data.get('version')!r} is not this engine's {SIMULATION_VERSION}: "
                "its numbers would differ, so it must be planned again"
            )
        plan = cls(
            game=data["game"],
            trials=int(data["trials"]),
            seed=int(data["seed"]),
            deck_size=int(data["deck_size"]),
            cards_seen=tuple(int(n) for n in data["cards_seen"]),
            classes=tuple((int(count), tuple(int(q) for q in queries)) for count, queries in data["classes"]),
            names=tuple(str(n) for n in data["names"]),
            at_least=tuple(int(k) for k in data["at_least"]),
            chunk_trials=int(data["chunk_trials"]),
        )
        if "digest" in data and data["digest"] != plan.digest:
            raise ValueError("plan digest does not match its contents")
        return plan


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
    _check_turns(turns)
    if not _is_int(trials) or not 1 <= trials <= MAX_TRIALS:
        raise ValueError(f"trials must be an integer from 1 to {MAX_TRIALS:,}, not {trials!r}")
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}, not {seed!r}")
    if not _is_int(chunk_trials) or chunk_trials < 1:
        raise ValueError("chunk_trials must be a positive integer")
    signatures: dict[tuple[int, ...], int] = {}
    for card, count in deck.cards:
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
class ChunkCounts:
    """One chunk's tally: `successes[q][t]` trials in which query q held by turn t."""

    plan: str
    chunk: int
    trials: int
    successes: tuple[tuple[int, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "plan": self.plan,
            "chunk": self.chunk,
            "trials": self.trials,
            "successes": [list(row) for row in self.successes],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChunkCounts:
        return cls(
            plan=str(data["plan"]),
            chunk=int(data["chunk"]),
            trials=int(data["trials"]),
            successes=tuple(tuple(int(n) for n in row) for row in data["successes"]),
        )


def chunk_generator(seed: int, chunk_index: int) -> np.random.Generator:
    """Chunk i's generator: child i of SeedSequence(seed), i.e. `SeedSequence(seed).spawn(n)[i]`.

    Built from the spawn key directly, so a worker need not spawn every child
    up to i; the stream does not depend on how many chunks there are.
    """
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk_index,))))


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
    dtype = np.int16 if plan.deck_size < 2**15 else np.int32
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
    done = 0
    while done < size:
        rows = min(SUB_BATCH, size - done)
        totals += _simulate_batch(plan, rng, rows)
        done += rows
        if on_progress is not None:
            on_progress(done / size)
    return ChunkCounts(
        plan=plan.digest,
        chunk=chunk_index,
        trials=size,
        successes=tuple(tuple(int(n) for n in totals[:, q]) for q in range(len(plan.names))),
    )


def run_chunks(
    plan: Any,
    run_chunk: Callable[..., Any],
    chunk_indices: Iterable[int] | None = None,
    *,
    on_progress: Callable[[float], None] | None = None,
) -> list[Any]:
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


def simulate_chunks(
    plan: SimulationPlan,
    chunk_indices: Iterable[int] | None = None,
    *,
    on_progress: Callable[[float], None] | None = None,
) -> list[ChunkCounts]:
    """Run several chunks (all by default), reporting the fraction of their trials done."""
    return run_chunks(plan, simulate_chunk, chunk_indices, on_progress=on_progress)


def combine(plan: SimulationPlan, chunks: Iterable[ChunkCounts]) -> GoldfishResult:
    """Add up every chunk of the plan, each exactly once, into probabilities and standard errors."""
    chunks = list(chunks)
    digest = plan.digest
    seen: set[int] = set()
    for chunk in chunks:
        if chunk.plan != digest:
            raise ValueError(f"chunk {chunk.chunk} belongs to another plan")
        if chunk.chunk in seen:
            raise ValueError(f"chunk {chunk.chunk} is given twice")
        if chunk.trials != plan.chunk_size(chunk.chunk):
            raise ValueError(f"chunk {chunk.chunk} ran {chunk.trials} trials, not {plan.chunk_size(chunk.chunk)}")
        seen.add(chunk.chunk)
    if missing := sorted(set(range(plan.n_chunks)) - seen):
        raise ValueError(f"chunks missing: {missing[:10]}{'...' if len(missing) > 10 else ''}")
    n = plan.trials
    results = []
    for q, name in enumerate(plan.names):
        hits = [sum(chunk.successes[q][t] for chunk in chunks) for t in range(plan.turns + 1)]
        probability = tuple(h / n for h in hits)
        stderr = tuple(math.sqrt(p * (1 - p) / n) for p in probability)
        results.append(QueryResult(name, probability, stderr))
    return GoldfishResult(
        mode="simulate",
        trials=plan.trials,
        seed=plan.seed,
        turns=tuple(range(plan.turns + 1)),
        cards_seen=plan.cards_seen,
        queries=tuple(results),
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
    return combine(plan, simulate_chunks(plan, on_progress=on_progress))
