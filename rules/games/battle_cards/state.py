"""Battle Cards' whole-game state: named zones per seat and shared zones (docs/games/battle-cards.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from rules.play.interface import Card
from rules.play.interface import Result

DOC = "battle-cards.txt"
TRUMPS = "trumps"
BATTLE = "battle-mode"
# Trumps' categories (How to Play, Basic Game) and Battle Mode's round categories (Battle Phase).
TRUMPS_CATEGORIES = ("strength", "skill", "magic", "terror", "value")
ROUND_CATEGORIES = ("strength", "skill", "magic", "terror")


def rule(where: str) -> str:
    return f"{DOC}: {where}"


@dataclass
class SeatState:
    name: str
    # Trumps: "pack" (top first). Battle Mode: "squad" (the hand), "placed" (face down, in match-up order),
    # "decider" (a sudden-death card, face down until every decider has laid one).
    zones: dict[str, list[Card]]
    round_wins: int = 0


@dataclass
class State:
    variant: str
    seats: list[SeatState]
    # Trumps: "centre" (the pot). Battle Mode: "pool" (the draft, face up), "draw" (the draw deck, top first).
    zones: dict[str, list[Card]]
    rng: random.Random
    phase: str
    round: int = 1
    category: str | None = None
    # Trumps: who chooses the category. Battle Mode: who picks in the draft, or the loser who chooses.
    chooser: int | None = None
    max_rounds: int = 0
    # Battle Mode, the round under way: match-up wins, ids used this round, the decider's players and purpose.
    wins: dict[int, int] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    deciders: list[int] = field(default_factory=list)
    purpose: str = ""
    round_winner: int | None = None
    result: Result | None = None
    # The draft's legal picks, computed once a pick (key: cards left in the pool).
    draft_cache: tuple[int, list[Card]] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "phase": self.phase,
            "round": self.round,
            "category": self.category,
            "chooser": self.chooser,
            "seats": [
                {
                    "name": s.name,
                    "zones": {k: [c.to_dict() for c in v] for k, v in s.zones.items()},
                    "round_wins": s.round_wins,
                }
                for s in self.seats
            ],
            "zones": {k: [c.to_dict() for c in v] for k, v in self.zones.items()},
            "match_ups_won": {str(k): v for k, v in sorted(self.wins.items())},
            "deciders": list(self.deciders),
            "max_rounds": self.max_rounds,
        }
