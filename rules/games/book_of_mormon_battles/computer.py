"""The computer player of Book of Mormon Battles (docs/games/book-of-mormon-battles.md, "Playing a whole game").

It only looks at what its seat may see: its BATTALION, the faceup battlefield and, in Spy's Trivia, the
description being read. Battles: its play of the
highest value (the fewest cards risked on equal value) when that is worth 8000 or more; otherwise Stripling
Warriors with its lowest gold CHARACTER card if it holds both, else it gives up its lowest CHARACTER card alone; Too
Many Power Cards: it discards the two POWER cards worth least with its BATTALION; a mounting tie: its highest
CHARACTER card; Spy's Trivia: the name whose description (public, on the box's cards) is the one read.
"""

from __future__ import annotations

import random

from rules.checkers import IllegalInput
from rules.games.book_of_mormon_battles import trivia
from rules.games.book_of_mormon_battles.battle import Character
from rules.games.book_of_mormon_battles.battle import make_play
from rules.games.book_of_mormon_battles.battles import plays_of
from rules.games.book_of_mormon_battles.state import State
from rules.play.interface import Action
from rules.play.interface import Card

# A play worth this much usually wins; below it the computer gives up its weakest card instead (tested against
# random play: thresholds of 0, 4000, 6000 and 8000 won 33%, 60-80%, 80-87% and 97-100% of two-player games).
STRONG = 8000


def _value(cards: list[Card]) -> tuple[int, int, tuple[int, ...]]:
    try:
        play, _ = make_play("", [c.data for c in cards], "basic")
    except IllegalInput:
        return (0, 0, ())
    return (play.value, -len(cards), play.best().rank())


def _worth(state: State, battalion: list[Card], power: Card) -> int:
    return max((_value(p)[0] for p in plays_of(state, battalion) if power in p), default=0)


def choose(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    kinds = {a["type"] for a in legal}
    battalion = state.seats[seat].battalion
    by_id = {c.id: c for c in battalion}
    if "read" in kinds or "turn-over" in kinds or "reveal" in kinds:
        return legal[0]
    if "guess" in kinds:
        name = trivia.computer_guess(state)
        return next((a for a in legal if a.get("text") == name), {"type": "pass"})
    if "discard-powers" in kinds:
        worth = {c.id: _worth(state, battalion, c) for c in battalion}
        return min(legal, key=lambda a: (sum(worth[i] for i in a["ids"]), a["ids"]))
    if "mount" in kinds:
        return max(legal, key=lambda a: Character.of(by_id[a["ids"][0]].data).rank())
    if "battle" in kinds:
        return _battle(legal, by_id)
    return rng.choice(legal)


def _battle(legal: list[Action], by_id: dict[str, Card]) -> Action:
    def cards(a: Action) -> list[Card]:
        return [by_id[i] for i in a["ids"]]

    def powers(a: Action) -> set[str]:
        return {c.data.power for c in cards(a) if c.data.kind == "power"}

    def lowest(a: Action) -> tuple[int, ...]:
        return min(Character.of(c.data).rank() for c in cards(a) if c.data.kind == "character")

    plain = [a for a in legal if not powers(a) & {"stripling-warriors", "famine"}]
    best = max(plain, key=lambda a: _value(cards(a)))
    if _value(cards(best))[0] >= STRONG:
        return best
    stripling = [a for a in legal if "stripling-warriors" in powers(a) and cards(a)[0].data.color == "gold"]
    if stripling:
        return min(stripling, key=lowest)
    return min((a for a in legal if len(a["ids"]) == 1), key=lowest)
