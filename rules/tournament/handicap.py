"""Handicaps (docs/decks.md, "Handicaps"): what a player's handicap number means in each game, the engine option
that carries it to a game played on the site, and the number that evens two decks' goldfish speeds.

- Chapter and Verse: the blessings the player sets aside (the rules' "seven verses in a stack called blessings";
  drawing the last one wins, so fewer is a head start), 1 to 7.
- Bible Battles: the wisdom the player must reach (the rules' "agreed upon level of wisdom", 30 by default, any
  number up to 99), 1 to 99.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.games.bible_battles.whole import DEFAULT_WISDOM
from rules.games.bible_battles.whole import MAX_WISDOM
from rules.games.chapter_and_verse.table import BLESSINGS


@dataclass(frozen=True)
class HandicapKind:
    game: str
    what: str  # "blessings" or "wisdom"
    low: int
    high: int
    standard: int  # the rules' own number
    option: str  # the engine's per-seat option (a list, one number or null a seat)

    def label(self, value: int | None) -> str:
        n = self.standard if value is None else value
        return f"{n} blessings" if self.what == "blessings" else f"wisdom {n}"


HANDICAPS = {
    "chapter-and-verse": HandicapKind("chapter-and-verse", "blessings", 1, BLESSINGS, BLESSINGS, "seat_blessings"),
    "bible-battles": HandicapKind("bible-battles", "wisdom", 1, MAX_WISDOM, DEFAULT_WISDOM, "seat_wisdom"),
}


def handicap_options(game: str, handicaps: Sequence[int | None]) -> dict[str, list[int | None]]:
    """The engine options that play a game with each seat's handicap (None: the game's own number); {} when no seat
    has one or the game has no handicap."""
    kind = HANDICAPS.get(game)
    if kind is None or all(h is None for h in handicaps):
        return {}
    return {kind.option: list(handicaps)}


def expected_turn(by_turn: Sequence[float]) -> float | None:
    """The mean turn of an outcome from its chance of having happened by each turn 0..T (cumulative), counting a
    game not over by T as T + 1; None when it never happened within the turns played (no speed to compare)."""
    if not by_turn or by_turn[-1] <= 0:
        return None
    # E[min(X, T + 1)] = sum over t = 0..T of P(X > t).
    return sum(1.0 - p for p in by_turn)


def suggest(game: str, turn_a: float, turn_b: float) -> tuple[int | None, int | None]:
    """Handicaps that even two decks whose goldfish wins come at turns `turn_a` and `turn_b` (the mean turn at which
    the deck draws its last blessing, or reaches the wisdom target, with the standard number): the slower deck's
    player gets the standard number scaled by fast / slow (a deck's progress per turn taken as steady), rounded
    and kept within the game's bounds; the faster deck's player keeps the standard (None)."""
    kind = HANDICAPS[game]
    if turn_a <= 0 or turn_b <= 0 or abs(turn_a - turn_b) < 1e-9:
        return None, None
    fast, slow = min(turn_a, turn_b), max(turn_a, turn_b)
    number = max(kind.low, min(kind.high, round(kind.standard * fast / slow)))
    if number == kind.standard:
        return None, None
    return (number, None) if turn_a > turn_b else (None, number)
