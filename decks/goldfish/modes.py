"""Goldfish's random modes (`simulate`, `play`) as jobs see them: plan, run one engine chunk, combine, estimate."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.games.registry import GAME_RULES
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishRequest
from rules.goldfish.simulate import SimulationPlan
from rules.goldfish.simulate import plan_simulation

# Measured (bench/goldfish_simulate.py's deck on this 2-core machine): a
# simulated trial costs about 20 ns per card drawn, plus about 1 ns per card
# drawn per tracked class or query; rounded up so that a busy machine does not
# run a 2 s job in the request. The deck's size barely counts (its cards are
# sampled, not shuffled whole), and it is capped (MAX_GOLDFISH_CARDS).
SIMULATE_SECONDS_PER_CARD = 3e-8
SIMULATE_SECONDS_PER_UNIT = 1.5e-9
# A play-out follows every turn with its effects. Its cost grows with the deck
# (hands and chapters hold more cards): measured on this machine under load, a
# 40-card Chapter and Verse game of 30 turns took 0.12 ms and a 500-card one
# 2 ms, so a game costs a fixed part plus (turns + 1) x deck size x the game's
# `SoloPlay.seconds_per_card_turn`, rounded up.
PLAY_SECONDS_PER_GAME = 3e-5

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


def simulate_plan(deck: GoldfishDeck, request: GoldfishRequest) -> dict[str, Any]:
    """The simulate plan of a checked request, as JSON primitives."""
    assert request.trials is not None and request.seed is not None
    return plan_simulation(deck, request.queries, request.turns, request.trials, request.seed).to_dict()


def simulate_seconds(data: Mapping[str, Any]) -> float:
    """The estimated work of a simulate plan, in seconds."""
    plan = SimulationPlan.from_dict(data)
    per_card = SIMULATE_SECONDS_PER_CARD + (len(plan.classes) + len(plan.names)) * SIMULATE_SECONDS_PER_UNIT
    return plan.trials * max(plan.cards_seen[-1], 1) * per_card


def play_game_seconds(game: str, *, deck_size: int, turns: int) -> float:
    """The estimated cost of one `play` game of `turns` turns with a deck of `deck_size` cards."""
    play = GAME_RULES[game].play
    per_card_turn = play.seconds_per_card_turn if play else 0.0
    return PLAY_SECONDS_PER_GAME + (turns + 1) * deck_size * per_card_turn


def play_mode() -> JobMode | None:
    """The `play` mode from rules.goldfish.playout (another engineer's engine), or None if it is not there.

    Imported when first asked for, so the rest of goldfish works whatever state that module is in.
    """
    try:
        play = importlib.import_module("rules.goldfish.playout")
    except ImportError:
        return None
    if not all(
        hasattr(play, name)
        for name in ("plan_play", "play_options", "play_chunk", "combine_play", "PlayPlan", "PlayChunkCounts")
    ):
        return None

    def plan(deck: GoldfishDeck, request: GoldfishRequest) -> dict[str, Any]:
        options = play.play_options(request)
        return play.plan_play(deck, request.turns, request.trials, request.seed, **options).to_dict()

    def seconds(data: Mapping[str, Any]) -> float:
        p = play.PlayPlan.from_dict(data)
        return p.trials * play_game_seconds(p.game, deck_size=sum(kind[0] for kind in p.kinds), turns=p.turns)

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
