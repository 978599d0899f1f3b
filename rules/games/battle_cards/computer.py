"""The computer player of Battle Cards (docs/games/battle-cards.md, "The computer's policy").

It knows the box (every card of the game) and what its seat may see, never a hidden card of another seat.
A card's strength in a category is its percentile among the game's cards: the share of the others it beats
by score (half for an equal score). Trumps: choose the category where the top card's percentile is highest.
Battle Mode: draft the legal card of best mean percentile over the four round categories, less a penalty for
spending more Value than the squad can afford a card; place the strongest cards in the round's category,
strongest first; play the strongest unused card in a decider; as the loser, choose the category where the
five best cards of the hand are strongest. Ties go to the first legal action; `rng` is not needed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.games.battle_cards.compare import score
from rules.games.battle_cards.draft import SQUAD
from rules.games.battle_cards.draft import SQUAD_VALUE
from rules.games.battle_cards.state import ROUND_CATEGORIES
from rules.games.battle_cards.state import TRUMPS
from rules.games.battle_cards.state import State
from rules.play.interface import Action
from rules.play.interface import Card

# Mean percentile given up for each point of Value over the squad's fair share a card.
VALUE_PENALTY = 0.06


def _box(state: State) -> list[Card]:
    zones = [*state.zones.values(), *(z for s in state.seats for z in s.zones.values())]
    return [c for z in zones for c in z]


def percentile(card: Card, category: str, box: Sequence[Card]) -> float:
    mine = score(card.data, category)
    others = [score(c.data, category) for c in box if c.id != card.id]
    if not others:
        return 0.5
    return sum(1.0 if s < mine else 0.5 if s == mine else 0.0 for s in others) / len(others)


def _strength(card: Card, category: str) -> tuple[int, int]:
    return score(card.data, category), card.data.value or 0


def choose(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    del rng
    box = _box(state)
    kind = legal[0]["type"]
    if state.variant == TRUMPS:
        top = state.seats[seat].zones["pack"][0]
        return max(legal, key=lambda a: percentile(top, str(a["category"]), box))
    hand = state.seats[seat].zones["squad"]
    by_id = {c.id: c for c in box}
    if kind == "choose-category":

        def hand_worth(action: Action) -> float:
            category = str(action["category"])
            return sum(sorted((percentile(c, category, box) for c in hand), reverse=True)[:5])

        return max(legal, key=hand_worth)
    if kind == "pick":
        squad = state.seats[seat].zones["squad"]
        fair = (SQUAD_VALUE - sum(c.data.value or 0 for c in squad)) / max(1, SQUAD - len(squad))

        def worth(action: Action) -> float:
            card = by_id[action["ids"][0]]
            mean = sum(percentile(card, c, box) for c in ROUND_CATEGORIES) / len(ROUND_CATEGORIES)
            return mean - VALUE_PENALTY * max(0.0, (card.data.value or 0) - fair)

        return max(legal, key=worth)
    category = state.category
    assert category is not None
    return max(legal, key=lambda a: _strength(by_id[a["ids"][0]], category))
