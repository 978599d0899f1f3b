"""The fixed-deck games' simulations as goldfish's job runner sees them (decks.goldfish.modes.JobMode).

They run as goldfish jobs: the same chunk tasks, worker budget, progress and
`GET /api/v1/goldfish/{id}/`; only the engine differs.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from decks.goldfish.modes import JobMode
from rules.games.battle_cards import simulate as bc
from rules.games.book_of_mormon_battles import simulate as bmb

# Measured on this 2-core machine: about 30 microseconds a trial per opponent (greedy plays and the
# battle); rounded up so that a busy machine does not run a long job in the request.
BMB_SECONDS_PER_OPPONENT_TRIAL = 6e-5
# About 220 microseconds a battle of five rounds; rounded up likewise.
BC_SECONDS_PER_BATTLE = 4e-4


def _mode(
    plan_of: Callable[[Mapping[str, Any]], Any],
    run: Callable[..., dict[str, Any]],
    merge: Callable[..., dict[str, Any]],
    seconds: Callable[[Any], float],
) -> JobMode:
    """A job mode from an engine's plan class (`n_chunks`, `chunk_size`), chunk runner, combiner and estimate."""
    return JobMode(
        # Plans are made from a checked request by decks.battles.services, not from a goldfish deck.
        plan=lambda deck, request: {},
        n_chunks=lambda data: plan_of(data).n_chunks,
        chunk_trials=lambda data, i: plan_of(data).chunk_size(i),
        run_chunk=lambda data, i, on_progress: run(plan_of(data), i, on_progress),
        combine=lambda data, chunks: merge(plan_of(data), chunks),
        seconds=lambda data: seconds(plan_of(data)),
    )


def _battles(plan: bc.SquadPlan) -> int:
    return sum(plan.chunk_size(i) for i in range(plan.n_chunks))


BATTLE_MODES: Mapping[str, JobMode] = {
    "bomb-battalion": _mode(
        bmb.BattalionPlan.from_dict,
        bmb.run_chunk,
        bmb.combine,
        lambda plan: plan.trials * plan.opponents * BMB_SECONDS_PER_OPPONENT_TRIAL,
    ),
    "bc-squad": _mode(
        bc.SquadPlan.from_dict, bc.run_chunk, bc.combine, lambda plan: _battles(plan) * BC_SECONDS_PER_BATTLE
    ),
}
