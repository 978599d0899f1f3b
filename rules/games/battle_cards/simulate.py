"""Battle Cards: the best Battle Mode squad under 30 Value, against random squads (issue 12, simulations).

The plan draws `candidates` random legal squads (six different cards, Value at
most 30) and, for each, `battles` random opponent squads, all from the seed.
A battle is five rounds, each on a random category of the four; in a round
each player lays five of their six cards in a random order and the match-ups
(matchup.battle_round) decide it; a round tied on match-ups counts for nobody
(the sudden-death decider is not played out). The squad that wins the most battles
is the best. Chunks split the candidates, so how they are shared never changes
the numbers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.checkers import IllegalInput
from rules.checkers import json_object
from rules.checkers import whole_number
from rules.games.battle_cards.matchup import ROUND_MATCHUPS
from rules.games.battle_cards.matchup import battle_round

SQUAD = 6
SQUAD_VALUE = 30
ROUNDS = 5
ROUND_CATEGORIES = ("strength", "skill", "magic", "terror")
CANDIDATES_PER_CHUNK = 10
_FIELDS = ("title", "strength", "skill", "magic", "terror", "value", "size")


@dataclass(frozen=True)
class SquadPlan:
    cards: tuple[CardData, ...]
    candidates: tuple[tuple[int, ...], ...]
    battles: int
    seed: int

    @property
    def n_chunks(self) -> int:
        return -(-len(self.candidates) // CANDIDATES_PER_CHUNK)

    def chunk_size(self, i: int) -> int:
        """Battles fought in chunk `i` (its candidates times `battles`)."""
        return len(self.candidates[i * CANDIDATES_PER_CHUNK : (i + 1) * CANDIDATES_PER_CHUNK]) * self.battles

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [[getattr(c, f) for f in _FIELDS] for c in self.cards],
            "candidates": [list(c) for c in self.candidates],
            "battles": self.battles,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SquadPlan:
        cards = tuple(
            CardData("battle-cards", "SIM", str(i), **dict(zip(_FIELDS, row, strict=True)))
            for i, row in enumerate(data["cards"])
        )
        return cls(cards, tuple(tuple(c) for c in data["candidates"]), int(data["battles"]), int(data["seed"]))


def _room(cards: Sequence[CardData], pool: Sequence[int], i: int, need: int) -> int:
    """The Value the `need` cheapest cards of `pool` (sorted by Value) other than `i` add up to."""
    return sum(cards[j].value or 0 for j in [k for k in pool[: need + 1] if k != i][:need])


def random_squad(rng: random.Random, cards: Sequence[CardData]) -> tuple[int, ...]:
    """Six different cards of total Value at most 30, drawn card by card among those that still leave room
    for the cheapest cards to complete the squad (plan_squads checks that one squad exists)."""
    chosen: list[int] = []
    left = SQUAD_VALUE
    pool = sorted(range(len(cards)), key=lambda j: cards[j].value or 0)
    while len(chosen) < SQUAD:
        need = SQUAD - len(chosen) - 1
        pick = rng.choice([i for i in pool if (cards[i].value or 0) + _room(cards, pool, i, need) <= left])
        chosen.append(pick)
        pool.remove(pick)
        left -= cards[pick].value or 0
    return tuple(sorted(chosen))


def plan_squads(pool: CardPool, request: object, *, seed: int) -> SquadPlan:
    """The plan of `{"candidates"?: 10..1000, "battles"?: 10..1000, "seed"?}` on the pool's distinct cards."""
    request = json_object(request, "")
    candidates = whole_number(request.get("candidates"), "candidates", 10, 1000, 200)
    battles = whole_number(request.get("battles"), "battles", 10, 1000, 100)
    seed = whole_number(request.get("seed"), "seed", 0, 2**63 - 1, seed)
    cards = tuple(pool.by_key(key)[0] for key in pool.title_keys)
    cheapest = sorted(c.value or 0 for c in cards)[:SQUAD]
    if len(cards) < SQUAD * 2 or sum(cheapest) > SQUAD_VALUE:
        raise IllegalInput("", "The catalog has too few cheap cards for two squads within 30 Value.")
    rng = random.Random(seed)
    return SquadPlan(cards, tuple(random_squad(rng, cards) for _ in range(candidates)), battles, seed)


def _battle(rng: random.Random, mine: Sequence[CardData], theirs: Sequence[CardData]) -> int:
    """+1 when `mine` wins the battle, -1 when it loses, 0 for a draw."""
    score = 0
    for _ in range(ROUNDS):
        category = rng.choice(ROUND_CATEGORIES)
        a, b = rng.sample(mine, ROUND_MATCHUPS), rng.sample(theirs, ROUND_MATCHUPS)
        winner = battle_round(category, a, b).winner
        score += 1 if winner == "a" else -1 if winner == "b" else 0
    return (score > 0) - (score < 0)


def run_chunk(plan: SquadPlan, i: int, on_progress: Callable[[float], None] | None = None) -> dict[str, Any]:
    """Chunk `i`: for each of its candidates, [index, wins, draws, losses]."""
    rng = random.Random(plan.seed * 1_000_003 + i + 1)
    first = i * CANDIDATES_PER_CHUNK
    mine = plan.candidates[first : first + CANDIDATES_PER_CHUNK]
    rows = []
    for n, squad in enumerate(mine):
        cards = [plan.cards[k] for k in squad]
        tally = [0, 0, 0]
        for _ in range(plan.battles):
            opponent = [plan.cards[k] for k in random_squad(rng, plan.cards)]
            tally[1 - _battle(rng, cards, opponent)] += 1
        rows.append([first + n, *tally])
        if on_progress is not None:
            on_progress((n + 1) / len(mine))
    return {"squads": rows}


def combine(plan: SquadPlan, chunks: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    rows = sorted((r for c in chunks for r in c["squads"]), key=lambda r: (-r[1], r[3], r[0]))
    best = [
        {
            "squad": [plan.cards[k].title for k in plan.candidates[r[0]]],
            "value": sum(plan.cards[k].value or 0 for k in plan.candidates[r[0]]),
            "win": round(r[1] / plan.battles, 4),
            "draw": round(r[2] / plan.battles, 4),
        }
        for r in rows[:5]
    ]
    top = best[0]
    return {
        "mode": "bc-squad",
        "candidates": len(plan.candidates),
        "battles": plan.battles,
        "seed": plan.seed,
        "best": best,
        "summary": f"Best of {len(plan.candidates)} squads: {', '.join(top['squad'])} (Value {top['value']}) "
        f"won {100 * top['win']:.1f}% of {plan.battles} battles against random squads.",
    }
