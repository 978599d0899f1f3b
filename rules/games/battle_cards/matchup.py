"""Battle Cards: who wins a match-up, and a Battle Mode round of five match-ups (docs/games/battle-cards.md).

The higher score in the category wins; an equal score goes to size (B beats M,
M beats S, S beats B); equal size goes to the greater Value. Category `value`
compares Value directly (then size). That is Battle Mode's match-up; in Trumps (mode `trumps`, the Basic
Game) an equal score is not broken at all: both cards go to the centre, and the answer is a tie.
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
# The calculator's modes: Battle Mode's match-up (the default, as the contract had it) or Trumps.
MODES = ("battle-mode", "trumps")


@dataclass(frozen=True)
class Matchup:
    winner: str
    by: str
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "by": self.by, "steps": steps_to_list(self.steps)}


def _score(card: CardData, category: str) -> int:
    return getattr(card, category) or 0


def _named(winner: str, a: CardData, b: CardData) -> str:
    """The winning card by its title, as the working says it (never the side's letter)."""
    return a.title if winner == "a" else b.title


def matchup(category: str, a: CardData, b: CardData, mode: str = "battle-mode") -> Matchup:
    """The match-up of `a` against `b` in `category`; in mode `trumps` an equal score is a tie (the centre)."""
    sa, sb = _score(a, category), _score(b, category)
    by = "value" if category == "value" else "score"
    rule = "Value" if by == "value" else "Basic game"
    if sa != sb:
        winner = "a" if sa > sb else "b"
        step = Step(rule, f"{a.title} {sa} against {b.title} {sb} in {category}: {_named(winner, a, b)} wins.")
        return Matchup(winner, by, (step,))
    steps = [Step(rule, f"{a.title} and {b.title} both score {sa} in {category}.")]
    if mode == "trumps":
        # battle-cards.txt, Basic Game: "If more than one player have the same score, they place their cards in
        # the centre. The winner of the next round wins all of these cards." Size and Value are Battle Mode's.
        steps.append(Step("Trumps", "the same score: both cards go to the centre for the next round's winner."))
        return Matchup("tie", "score", tuple(steps))
    if a.size != b.size and a.size in BEATS and b.size in BEATS:
        winner = "a" if BEATS[a.size] == b.size else "b"
        steps.append(
            Step("Size", f"{a.size} against {b.size}: B beats M, M beats S, S beats B; {_named(winner, a, b)} wins.")
        )
        return Matchup(winner, "size", tuple(steps))
    steps.append(Step("Size", f"both are size {a.size or '?'}: size does not decide."))
    va, vb = a.value or 0, b.value or 0
    if va != vb and category != "value":
        winner = "a" if va > vb else "b"
        steps.append(Step("Value", f"Value {va} against {vb}: the greater Value wins; {_named(winner, a, b)} wins."))
        return Matchup(winner, "value", tuple(steps))
    steps.append(Step("Value", "the same Value: the match-up is a tie."))
    return Matchup("tie", "value", tuple(steps))


def check_matchup(pool: CardPool, request: object) -> Matchup:
    """The match-up request of docs/contracts/rules-checkers.md."""
    request = json_object(request, "")
    if request.get("category") is None:
        raise IllegalInput("category", f"is required: one of {', '.join(BC_CATEGORIES)}.")
    category = choice(request.get("category"), "category", BC_CATEGORIES, "strength")
    mode = choice(request.get("mode"), "mode", MODES, "battle-mode")
    a, b = read_card(pool, request.get("a"), "a"), read_card(pool, request.get("b"), "b")
    # Both cards come out of one box, where each is single: a card never meets itself.
    box_copies(pool, [("a", a), ("b", b)])
    return matchup(category, a, b, mode)


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

    Otherwise the player who won more match-ups takes the round; the same number each (two each, or ties)
    means a sudden-death decider is due, as the rules say.
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
    if wins["a"] != wins["b"]:
        # The rules name a decider only for two match-ups each; otherwise the most match-ups won takes the round,
        # as the whole game does (docs/rulings.md, Battle Cards whole games).
        winner = "a" if wins["a"] > wins["b"] else "b"
        steps.append(Step("Battle Mode", f"nobody won three match-ups; {winner} won more and takes the round."))
        return RoundResult(winner, wins, tuple(played), tuple(steps))
    steps.append(Step("Battle Mode", "the same number of match-ups each: a sudden-death decider follows."))
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
