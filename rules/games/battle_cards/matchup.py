"""Battle Cards: who wins a match-up, and a Battle Mode round of five match-ups (battle-cards.txt).

The higher score in the category wins; an equal score goes to size (B beats M,
M beats S, S beats B); equal size goes to the greater Value. Category `value`
compares Value directly (then size).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.checkers import IllegalInput
from rules.checkers import Step
from rules.checkers import box_copies
from rules.checkers import choice
from rules.checkers import json_object
from rules.checkers import read_card
from rules.checkers import read_cards
from rules.checkers import steps_to_list
from rules.games.battle_cards import BC_CATEGORIES

# Which size each size beats.
BEATS: Mapping[str, str] = {"B": "M", "M": "S", "S": "B"}
ROUND_MATCHUPS = 5
WINS_NEEDED = 3


@dataclass(frozen=True)
class Matchup:
    winner: str
    by: str
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "by": self.by, "steps": steps_to_list(self.steps)}


def _score(card: CardData, category: str) -> int:
    return getattr(card, category) or 0


def matchup(category: str, a: CardData, b: CardData) -> Matchup:
    """The match-up of `a` against `b` in `category`."""
    sa, sb = _score(a, category), _score(b, category)
    by = "value" if category == "value" else "score"
    rule = "Value" if by == "value" else "Basic game"
    if sa != sb:
        winner = "a" if sa > sb else "b"
        step = Step(rule, f"{a.title} {sa} against {b.title} {sb} in {category}: {winner} wins.")
        return Matchup(winner, by, (step,))
    steps = [Step(rule, f"{a.title} and {b.title} both score {sa} in {category}.")]
    if a.size != b.size and a.size in BEATS and b.size in BEATS:
        winner = "a" if BEATS[a.size] == b.size else "b"
        steps.append(Step("Size", f"{a.size} against {b.size}: B beats M, M beats S, S beats B; {winner} wins."))
        return Matchup(winner, "size", tuple(steps))
    steps.append(Step("Size", f"both are size {a.size or '?'}: size does not decide."))
    va, vb = a.value or 0, b.value or 0
    if va != vb and category != "value":
        winner = "a" if va > vb else "b"
        steps.append(Step("Value", f"Value {va} against {vb}: the greater Value wins; {winner} wins."))
        return Matchup(winner, "value", tuple(steps))
    steps.append(Step("Value", "the same Value: the match-up is a tie."))
    return Matchup("tie", "value", tuple(steps))


def check_matchup(pool: CardPool, request: object) -> Matchup:
    """The match-up request of spec/rules-checkers.md."""
    request = json_object(request, "")
    if request.get("category") is None:
        raise IllegalInput("category", f"is required: one of {', '.join(BC_CATEGORIES)}.")
    category = choice(request.get("category"), "category", BC_CATEGORIES, "strength")
    a, b = read_card(pool, request.get("a"), "a"), read_card(pool, request.get("b"), "b")
    # Both cards come out of one box, where each is single: a card never meets itself.
    box_copies(pool, [("a", a), ("b", b)])
    return matchup(category, a, b)


@dataclass(frozen=True)
class RoundResult:
    """A Battle Mode round: the match-ups in order until one player has won three."""

    winner: str | None
    wins: Mapping[str, int]
    matchups: tuple[Matchup, ...]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "wins": dict(self.wins),
            "matchups": [m.to_dict() for m in self.matchups],
            "steps": steps_to_list(self.steps),
        }


def battle_round(category: str, a: Sequence[CardData], b: Sequence[CardData]) -> RoundResult:
    """Five cards a side, face to face; the round ends as soon as one player has won three match-ups.

    No winner (two each, or ties) means a sudden-death decider is due, as the rules say.
    """
    if category == "value" or category not in BC_CATEGORIES:
        raise IllegalInput("category", "a round is contested on strength, skill, magic or terror.")
    if len(a) != ROUND_MATCHUPS or len(b) != ROUND_MATCHUPS:
        raise IllegalInput("squads", f"each player places exactly {ROUND_MATCHUPS} cards.")
    wins = {"a": 0, "b": 0}
    played: list[Matchup] = []
    steps: list[Step] = []
    for x, y in zip(a, b, strict=True):
        m = matchup(category, x, y)
        played.append(m)
        steps.extend(m.steps)
        if m.winner != "tie":
            wins[m.winner] += 1
        if max(wins.values()) == WINS_NEEDED:
            winner = "a" if wins["a"] == WINS_NEEDED else "b"
            steps.append(Step("Battle Mode", f"{winner} has won {WINS_NEEDED} match-ups: the round ends."))
            return RoundResult(winner, wins, tuple(played), tuple(steps))
    steps.append(Step("Battle Mode", "nobody won three match-ups: a sudden-death decider follows."))
    return RoundResult(None, wins, tuple(played), tuple(steps))


def check_round(pool: CardPool, request: object) -> RoundResult:
    request = json_object(request, "")
    category = choice(request.get("category"), "category", BC_CATEGORIES, "strength")
    a = read_cards(pool, request.get("a"), "a", least=ROUND_MATCHUPS, most=ROUND_MATCHUPS)
    b = read_cards(pool, request.get("b"), "b", least=ROUND_MATCHUPS, most=ROUND_MATCHUPS)
    box_copies(pool, [*((f"a[{i}]", c) for i, c in enumerate(a)), *((f"b[{i}]", c) for i, c in enumerate(b))])
    return battle_round(category, a, b)


def _example(name: str, category: str, a: str, b: str, winner: str, by: str) -> tuple[str, dict[str, Any], str, str]:
    """A worked example of the rules: its name, the match-up request, the winner and what decided it."""
    return name, {"category": category, "a": {"title": a}, "b": {"title": b}}, winner, by


EXAMPLES: tuple[tuple[str, dict[str, Any], str, str], ...] = (
    _example("The higher score in the category wins", "strength", "Goliath", "Samson", "b", "score"),
    _example("An equal score: B beats M", "strength", "Lion of Judah", "Gog of Magog", "b", "size"),
    _example("An equal score: S beats B", "terror", "Fiery Serpents", "Og of Bashan", "a", "size"),
    _example(
        "Equal score and size: the greater Value wins", "strength", "Nephilim", "Beast from the Sea", "b", "value"
    ),
    _example("Category value compares Value", "value", "Golden Calf", "Hornets", "tie", "value"),
)
