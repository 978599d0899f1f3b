"""Goldfish `play` mode: a solo player who follows the turn sequence (docs/contracts/goldfish.md).

Pure engine, like rules/goldfish/request.py: no Django, no Celery, no I/O; progress goes
out through `on_progress(fraction)`, which may raise to stop a run. The design
mirrors `simulate`: `plan_play(...)` reduces the request to a `PlayPlan` of JSON
primitives; the plan is split into chunks of a FIXED number of games
(`PLAY_CHUNK_TRIALS`); chunk i draws from child i of `SeedSequence(seed)`
(`rules.simulation.chunk_generator`), so `play_chunk(plan, i)` gives the same
counts on any worker, in any order, and `combine_play(plan, chunks)` of any
split gives the same `PlayResult`. `goldfish_play_run` does all of it in this
process.

Randomness: per sub-batch of `PLAY_SUB_BATCH` games the chunk's generator
shuffles every deck at once (`Generator.permuted`); the few shuffles in the
middle of a game (after Keyword) take uniforms from a buffer refilled from the
same generator. All of it is consumed in game order, so a chunk is a pure
function of (plan, chunk index).

The player itself is the game's (`GameRules.play`, a `SoloPlay`): the greedy
policies are rules/games/chapter_and_verse/solo.py and
rules/games/bible_battles/solo.py, each with its rulings.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import TypedDict
from typing import Unpack

import numpy as np

from rules.cards import CardData
from rules.games.interface import Player
from rules.games.interface import SoloPlay
from rules.games.registry import GAME_RULES
from rules.goldfish.request import MAX_SEED
from rules.goldfish.request import MAX_TARGET
from rules.goldfish.request import MAX_TRIALS
from rules.goldfish.request import MAX_TURNS
from rules.goldfish.request import RESULT_KEYS
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishQuery
from rules.goldfish.request import GoldfishRequest
from rules.goldfish.request import GoldfishRequestError
from rules.goldfish.request import QueryResult
from rules.goldfish.request import summed_results
from rules.primitives import fields_dict
from rules.simulation import ChunkedPlan
from rules.simulation import ChunkTally
from rules.simulation import Uniforms
from rules.simulation import check_chunks
from rules.simulation import check_int
from rules.simulation import chunk_generator
from rules.simulation import is_int
from rules.simulation import run_chunks
from rules.simulation import sub_batches

POLICIES: tuple[str, ...] = ("greedy",)
DEFAULT_TARGET = 30

# Games per chunk. Fixed, because chunk boundaries decide which generator plays
# which game. Play is ~200x slower per trial than simulate's hands, so a chunk
# is 50,000 games: ~5-10 s of ten-turn games, coarse enough that a Celery round
# trip (~3 ms) does not matter, fine enough to spread a few million over workers.
PLAY_CHUNK_TRIALS = 50_000
# Games whose decks are shuffled in one NumPy call; also the progress step.
# Fixed for reproducibility: the generator is consumed batch by batch.
PLAY_SUB_BATCH = 1_000
# Bump when anything changes the games a plan plays (2: card effects, Quote, Unique by title;
# 3: Bible Battles abilities as effects; 4: C&V Discard effects judged by what they bring now and
# never returning themselves, set verses' effects ignored, hand-to-deck-bottom `if-drew`, Prayer's
# rest under the deck with the first seen lowest).
PLAY_VERSION = 4


def solo_play(game: str) -> SoloPlay:
    """The game's `play` policy; GoldfishRequestError for a game without one."""
    rules = GAME_RULES.get(game)
    if rules is None or rules.play is None:
        raise GoldfishRequestError("game", f"{game} has no play policy")
    return rules.play


# ---------------------------------------------------------------- the plan
@dataclass(frozen=True)
class PlayPlan(ChunkedPlan):
    """Everything a worker needs to play any chunk, as JSON primitives (`to_dict`/`from_dict`).

    `kinds` are the deck's distinct printings in a canonical order (title key,
    set, number), each a tuple laid out by the game's policy (`SoloPlay.kinds`:
    copies first, query indices last).
    `digest` fingerprints it all, so chunks of different plans do not mix.
    """

    game: str
    policy: str
    trials: int
    seed: int
    turns: int
    target: int | None
    cards_seen: tuple[int, ...]
    titles: tuple[str, ...]
    kinds: tuple[tuple[Any, ...], ...]
    query_names: tuple[str, ...] = ()
    query_at_least: tuple[int, ...] = ()
    # The chance that a Quote succeeds (Chapter and Verse); the deck's titles whose effects are not run.
    quote_rate: float = 1.0
    unmodelled: tuple[str, ...] = ()
    chunk_trials: int = PLAY_CHUNK_TRIALS
    version: int = PLAY_VERSION

    @property
    def outcome_names(self) -> tuple[str, ...]:
        return solo_play(self.game).outcomes

    _BODY = (
        "version",
        "game",
        "policy",
        "trials",
        "seed",
        "turns",
        "target",
        "chunk_trials",
        "cards_seen",
        "titles",
        "kinds",
        "query_names",
        "query_at_least",
        "quote_rate",
        "unmodelled",
    )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayPlan:
        """Rebuild a plan sent over the broker; a plan of another engine version is refused."""
        cls.check_version(data, PLAY_VERSION, "play plan")
        target = data.get("target")
        return cls(
            game=str(data["game"]),
            policy=str(data["policy"]),
            trials=int(data["trials"]),
            seed=int(data["seed"]),
            turns=int(data["turns"]),
            target=None if target is None else int(target),
            cards_seen=tuple(int(n) for n in data["cards_seen"]),
            titles=tuple(str(t) for t in data["titles"]),
            kinds=_to_tuple(data["kinds"]),
            query_names=tuple(str(n) for n in data.get("query_names", ())),
            query_at_least=tuple(int(n) for n in data.get("query_at_least", ())),
            quote_rate=float(data["quote_rate"]),
            unmodelled=tuple(str(t) for t in data["unmodelled"]),
            chunk_trials=int(data["chunk_trials"]),
        ).check_digest(data)


def _to_tuple(value: Any) -> Any:
    return tuple(_to_tuple(v) for v in value) if isinstance(value, list | tuple) else value


class PlayOptions(TypedDict, total=False):
    """The optional choices of a play request as `plan_play` takes them; one absent takes plan_play's default."""

    policy: str | None
    target: int | None
    queries: Sequence[GoldfishQuery]
    quote_rate: float | None


def play_options(request: GoldfishRequest) -> PlayOptions:
    """A checked request's play options, as given: one it left out is None, which takes plan_play's default."""
    return PlayOptions(
        policy=request.policy, target=request.target, queries=request.queries, quote_rate=request.quote_rate
    )


def plan_play(
    deck: GoldfishDeck,
    turns: int,
    trials: int,
    seed: int,
    *,
    policy: str | None = "greedy",
    target: int | None = DEFAULT_TARGET,
    queries: Sequence[GoldfishQuery] = (),
    quote_rate: float | None = 1.0,
    chunk_trials: int = PLAY_CHUNK_TRIALS,
) -> PlayPlan:
    """Reduce a play request to a plan.

    `target` is Bible Battles' wisdom to reach (ignored for Chapter and Verse).
    `queries`, if any, count the cards that came into the hand by each turn
    (drawn, taken by Prayer or Keyword, blessings). An unknown `policy` or a
    bad `target` raises `GoldfishRequestError` naming the field; `quote_rate` is the
    chance that quoting a Quote verse succeeds (0..1, default 1); `chunk_trials`
    other than the default is for tests. `policy` or `target` None (absent from
    the request, as `GoldfishRequest` has them) means the default.
    """
    policy = "greedy" if policy is None else policy
    target = DEFAULT_TARGET if target is None else target
    quote_rate = 1.0 if quote_rate is None else quote_rate
    if isinstance(quote_rate, bool) or not isinstance(quote_rate, int | float) or not 0 <= quote_rate <= 1:
        raise GoldfishRequestError("quote_rate", "must be a number from 0 to 1")
    if policy not in POLICIES:
        raise GoldfishRequestError("policy", f"must be one of {', '.join(POLICIES)}, not {policy!r}")
    check_int(turns, "turns", 0, MAX_TURNS)
    check_int(trials, "trials", 1, MAX_TRIALS)
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(chunk_trials, "chunk_trials", 1, MAX_TRIALS)
    play = solo_play(deck.game)
    plan_target: int | None = None
    if play.uses_target:
        if not is_int(target) or not 1 <= target <= MAX_TARGET:
            raise GoldfishRequestError("target", f"must be an integer from 1 to {MAX_TARGET:,}")
        plan_target = target

    cards, copies = deck_kinds(deck)
    query_of = [tuple(q for q, query in enumerate(queries) if query.filter.matches(c)) for c in cards]

    kinds = play.kinds(cards, copies, query_of)
    return PlayPlan(
        game=deck.game,
        policy=policy,
        trials=trials,
        seed=seed,
        turns=turns,
        target=plan_target,
        cards_seen=deck.cards_seen(turns),
        titles=tuple(c.title for c in cards),
        kinds=tuple(kinds),
        query_names=tuple(q.name for q in queries),
        query_at_least=tuple(q.at_least for q in queries),
        quote_rate=float(quote_rate),
        unmodelled=play.unmodelled(cards) if play.unmodelled else (),
        chunk_trials=chunk_trials,
    )


def deck_kinds(deck: GoldfishDeck) -> tuple[list[CardData], dict[CardData, int]]:
    """The deck's distinct printings in the plan's order (title key, set, number), and their copies.

    Copies of one printing are merged; the canonical order means the deck list's order does not
    change the numbers, and a plan's kind i is `cards[i]`.
    """
    copies: dict[CardData, int] = {}
    for card, count in deck.cards:
        if count:
            copies[card] = copies.get(card, 0) + count
    return sorted(copies, key=lambda c: (c.title_key, c.set_code, c.number)), copies


# ---------------------------------------------------------------- chunks
@dataclass(frozen=True)
class PlayChunkCounts(ChunkTally):
    """One chunk's tally: `outcomes[o][t]` / `queries[q][t]` games in which it had happened by turn t."""

    outcomes: tuple[tuple[int, ...], ...]
    queries: tuple[tuple[int, ...], ...] = ()
    _ROWS = ("outcomes",)
    _OPTIONAL_ROWS = ("queries",)


def _base_deck(plan: PlayPlan) -> np.ndarray:
    return np.array([i for i, kind in enumerate(plan.kinds) for _ in range(kind[0])], dtype=np.int64)


def _query_tally(
    plan: PlayPlan, entered: list[int], position: int, seen: list[int], first: list[int], turn: int
) -> int:
    """Count the cards that came into the hand since `position`; note queries first met at `turn`."""
    at_least = plan.query_at_least
    for card in entered[position:]:
        for q in plan.kinds[card][-1]:
            seen[q] += 1
            if seen[q] == at_least[q] and first[q] < 0:
                first[q] = turn
    return len(entered)


def play_chunk(
    plan: PlayPlan, chunk_index: int, *, on_progress: Callable[[float], None] | None = None
) -> PlayChunkCounts:
    """Play one chunk's games; `on_progress(fraction of this chunk)` after each sub-batch."""
    if plan.version != PLAY_VERSION:
        raise ValueError(f"play plan version {plan.version} is not this engine's {PLAY_VERSION}")
    if plan.policy not in POLICIES:
        raise GoldfishRequestError("policy", f"must be one of {', '.join(POLICIES)}, not {plan.policy!r}")
    size = plan.chunk_size(chunk_index)
    player, decks = chunk_games(plan, chunk_index, on_progress=on_progress)
    turns = plan.turns
    n_out = len(plan.outcome_names)
    n_q = len(plan.query_names)
    # first[o][t]: games whose outcome o first happened on turn t (cumulated at the end).
    first = [[0] * (turns + 1) for _ in range(n_out)]
    q_first = [[0] * (turns + 1) for _ in range(n_q)]
    start, play_turn = player.start, player.turn
    for deck in decks:
        state = start(deck)
        happened = [-1] * n_out
        q_seen = [0] * n_q
        q_when = [-1] * n_q
        position = _query_tally(plan, state.entered, 0, q_seen, q_when, 0) if n_q else 0
        for turn in range(1, turns + 1):
            over = play_turn(state, turn, happened)
            if n_q:
                position = _query_tally(plan, state.entered, position, q_seen, q_when, turn)
            # The game is over (won, target reached, lost): stop tracking it.
            if over:
                break
        for o, turn in enumerate(happened):
            if turn >= 0:
                first[o][turn] += 1
        for q, turn in enumerate(q_when):
            if turn >= 0:
                q_first[q][turn] += 1
    return PlayChunkCounts(
        plan=plan.digest,
        chunk=chunk_index,
        trials=size,
        outcomes=tuple(_cumulate(row) for row in first),
        queries=tuple(_cumulate(row) for row in q_first),
    )


def chunk_games(
    plan: PlayPlan, chunk_index: int, *, on_progress: Callable[[float], None] | None = None
) -> tuple[Player, Iterator[list[int]]]:
    """The chunk's player and its games' shuffled decks, in game order (each a fresh list, top last).

    The one place that decides which shuffle and which in-game uniforms each game of a chunk gets:
    `play_chunk` counts its games, rules/goldfish/replay.py plays one of them again with a log.
    The player's uniforms come from the same generator, so games must be played in this order.
    """
    size = plan.chunk_size(chunk_index)
    rng = chunk_generator(plan.seed, chunk_index)
    player = solo_play(plan.game).player(plan.kinds, plan.target or DEFAULT_TARGET, Uniforms(rng), plan.quote_rate)
    base = _base_deck(plan)

    def decks() -> Iterator[list[int]]:
        for rows in sub_batches(size, PLAY_SUB_BATCH, on_progress):
            if not base.size:
                yield from ([] for _ in range(rows))
                continue
            yield from rng.permuted(np.broadcast_to(base, (rows, base.size)), axis=1).tolist()

    return player, decks()


def _cumulate(row: list[int]) -> tuple[int, ...]:
    out = []
    total = 0
    for n in row:
        total += n
        out.append(total)
    return tuple(out)


# ---------------------------------------------------------------- the result
@dataclass(frozen=True)
class PlayResult:
    """docs/contracts/goldfish.md's result for `play`: the usual keys plus `outcomes`, `policy`, `unmodelled`
    (the deck's titles whose effects the player does not run) and BB's `target`.

    `cards_seen` is the setup's nominal count (5 + t, 7 + t); Prayer, Keyword,
    draw effects and blessings bring more cards into the hand, which `queries` count.
    """

    trials: int
    seed: int
    turns: tuple[int, ...]
    cards_seen: tuple[int, ...]
    queries: tuple[QueryResult, ...]
    outcomes: tuple[QueryResult, ...]
    policy: str
    target: int | None = None
    unmodelled: tuple[str, ...] = ()
    mode: str = "play"

    def to_dict(self) -> dict[str, Any]:
        out = fields_dict(self, (*RESULT_KEYS, "outcomes", "policy"))
        out["unmodelled"] = list(self.unmodelled)
        if self.target is not None:
            out["target"] = self.target
        return out


def combine_play(plan: PlayPlan, chunks: Iterable[PlayChunkCounts]) -> PlayResult:
    """Add up every chunk of the plan, each exactly once, into probabilities and standard errors."""
    chunks = list(chunks)
    check_chunks(plan, chunks, ran="played", unit="games")

    return PlayResult(
        trials=plan.trials,
        seed=plan.seed,
        turns=tuple(range(plan.turns + 1)),
        cards_seen=plan.cards_seen,
        queries=summed_results(plan.query_names, (c.queries for c in chunks), plan.turns, plan.trials),
        outcomes=summed_results(plan.outcome_names, (c.outcomes for c in chunks), plan.turns, plan.trials),
        policy=plan.policy,
        target=plan.target,
        unmodelled=plan.unmodelled,
    )


def goldfish_play_run(
    deck: GoldfishDeck,
    turns: int,
    trials: int,
    seed: int,
    *,
    on_progress: Callable[[float], None] | None = None,
    **options: Unpack[PlayOptions],
) -> PlayResult:
    """The whole play run in this process (no broker): plan (with `options`), every chunk, combine."""
    plan = plan_play(deck, turns, trials, seed, **options)
    return combine_play(plan, run_chunks(plan, play_chunk, on_progress=on_progress))
