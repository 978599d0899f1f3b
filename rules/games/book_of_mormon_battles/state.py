"""Book of Mormon Battles as a whole game: the state, its options, and what each seat may see.

Every card is in exactly one zone: a seat's ARMY (face down, top first), BATTALION (its hand), `chosen` (a
play chosen but not yet laid faceup), `field` (its cards on the battlefield), `discard` (its personal
discard pile) and, in Spy's Trivia, `pile` and `winnings`; the shared `pot` (cards of an undecided battle
and surrendered cards, waiting for a battle's winner), `reading` (the card being read in Spy's Trivia)
and `set_aside` (what an even division leaves over). `face` says who sees a card outside the hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from rules.cards import CardData
from rules.play.interface import Card
from rules.play.interface import Result
from rules.play.interface import SetupError

DOC = "book-of-mormon-battles.txt"
VARIANTS = ("basic", "young-players", "mounting-battles", "secret-weapon", "power-play", "shorter-game", "spys-trivia")
# Variants that change nothing in the other's way of playing ("These rules can be combined"), except these pairs:
# young players have no BATTALION and no POWER cards, Spy's Trivia is another game with the same cards.
CANNOT_COMBINE = (
    ("young-players", "secret-weapon"),
    ("young-players", "power-play"),
)
BATTALION = 5
# "Set a timer for 15 minutes": the engine has no clock, so the timer is a number of battles (docs/rulings.md).
SHORT_GAME_BATTLES = 30
# Basic play can go round for ever: after this many battles the Shorter Game's count decides (docs/rulings.md).
SAFETY_BATTLES = 600
MAX_BATTLES = 2000

UP, OWN, DOWN = "up", "own", "down"  # faceup; seen by its owner only; seen by nobody


@dataclass
class SeatState:
    name: str
    army: list[Card] = field(default_factory=list)
    battalion: list[Card] = field(default_factory=list)
    chosen: list[Card] = field(default_factory=list)
    laid: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    winnings: list[Card] = field(default_factory=list)
    out: bool = False

    def zones(self) -> dict[str, list[Card]]:
        return {
            "army": self.army,
            "battalion": self.battalion,
            "chosen": self.chosen,
            "battlefield": self.laid,
            "discard": self.discard,
            "pile": self.pile,
            "winnings": self.winnings,
        }

    def holding(self) -> list[Card]:
        """The cards the player owns outside the battle: what 'the most cards' counts."""
        return [*self.army, *self.battalion, *self.discard]


@dataclass
class State:
    seats: list[SeatState]
    variants: frozenset[str]
    limit: int
    rng: random.Random
    characters: tuple[CardData, ...]  # the box's characters: public knowledge (Spy's Trivia's descriptions)
    phase: str = "battle"
    battles: int = 0
    lead: int = 0
    turn: int | None = None
    pending: list[int] = field(default_factory=list)  # seats that must act in a simultaneous step
    players: list[int] = field(default_factory=list)  # seats with cards in the current battle
    tied: list[int] = field(default_factory=list)  # seats in a mounting tie
    guessed: list[int] = field(default_factory=list)  # Spy's Trivia: seats that guessed or passed this card
    reader: int = 0
    pot: list[Card] = field(default_factory=list)
    reading: list[Card] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    face: dict[str, str] = field(default_factory=dict)
    result: Result | None = None

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def active(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.out]

    def zones(self) -> Iterator[tuple[int | None, str, list[Card]]]:
        for i, seat in enumerate(self.seats):
            for name, cards in seat.zones().items():
                yield i, name, cards
        yield None, "pot", self.pot
        yield None, "reading", self.reading
        yield None, "set_aside", self.set_aside


def read_variants(options: Mapping[str, Any]) -> frozenset[str]:
    """`variant` (one name, play.md's table) and `variants` (a list of names combined with it)."""
    names: list[str] = []
    variant = options.get("variant", "basic")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise SetupError("options.variant", "unknown-variant", f"Variants of this game: {', '.join(VARIANTS)}.")
    names.append(variant)
    more = options.get("variants", [])
    if not isinstance(more, list) or len(more) > len(VARIANTS):
        raise SetupError("options.variants", "bad-variants", "'variants' is a list of variant names to combine.")
    for i, name in enumerate(more):
        if not isinstance(name, str) or name not in VARIANTS:
            raise SetupError(f"options.variants[{i}]", "unknown-variant", f"Variants: {', '.join(VARIANTS)}.")
        names.append(name)
    chosen = frozenset(names) - {"basic"}
    if "spys-trivia" in chosen and len(chosen) > 1:
        raise SetupError("options.variants", "cannot-combine", "Spy's Trivia is a game of its own: play it alone.")
    for a, b in CANNOT_COMBINE:
        if a in chosen and b in chosen:
            raise SetupError("options.variants", "cannot-combine", f"{a} has no BATTALION or POWER cards for {b}.")
    return chosen


def read_limit(options: Mapping[str, Any], variants: frozenset[str]) -> int:
    """`battles`: the Shorter Game's timer (and when young players stop playing) as a number of battles."""
    timed = "shorter-game" in variants or "young-players" in variants
    default = SHORT_GAME_BATTLES if timed else SAFETY_BATTLES
    value = options.get("battles", default)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_BATTLES:
        raise SetupError("options.battles", "bad-battles", f"'battles' is a whole number from 1 to {MAX_BATTLES}.")
    return value


def is_character(card: Card) -> bool:
    return card.data.kind == "character"


def _sees(state: State, owner: int | None, card: Card, seat: int | None, zone: str) -> bool:
    if zone in ("army", "pile", "set_aside"):
        return False
    if zone in ("battalion", "chosen"):
        return seat is not None and seat == owner
    if zone == "reading":
        return seat is not None and seat == state.reader
    face = state.face.get(card.id, UP)
    if face == UP:
        return True
    return face == OWN and seat is not None and seat == owner


def secret_ids(state: State, seat: int | None) -> set[str]:
    return {
        card.id for owner, zone, cards in state.zones() for card in cards if not _sees(state, owner, card, seat, zone)
    }


def _shown(state: State, owner: int | None, zone: str, cards: list[Card], seat: int | None) -> Any:
    if zone in ("army", "pile", "set_aside"):
        return len(cards)
    out: list[dict[str, Any]] = []
    for card in cards:
        if _sees(state, owner, card, seat, zone):
            out.append(card.to_dict())
        elif zone == "reading":
            out.append({"facedown": True, "description": card.data.text})
        else:
            out.append({"facedown": True})
    return out


def _frame(state: State) -> dict[str, Any]:
    return {
        "variants": sorted(state.variants) or ["basic"],
        "phase": state.phase,
        "battles": state.battles,
        "battle_limit": state.limit,
        "lead": state.lead,
        "turn": state.turn,
        "pending": list(state.pending),
        "players": list(state.players),
        "tied": list(state.tied),
        "reader": state.reader,
        "result": state.result.to_dict() if state.result else None,
    }


def to_dict(state: State) -> dict[str, Any]:
    return {
        "seats": [
            {"name": s.name, "out": s.out, "zones": {z: [c.to_dict() for c in cs] for z, cs in s.zones().items()}}
            for s in state.seats
        ],
        "zones": {
            "pot": [c.to_dict() for c in state.pot],
            "reading": [c.to_dict() for c in state.reading],
            "set_aside": [c.to_dict() for c in state.set_aside],
        },
        "facedown": sorted(i for i, f in state.face.items() if f != UP),
        **_frame(state),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "seats": [
            {"name": s.name, "out": s.out, "zones": {z: _shown(state, i, z, cs, seat) for z, cs in s.zones().items()}}
            for i, s in enumerate(state.seats)
        ],
        "zones": {z: _shown(state, None, z, cs, seat) for o, z, cs in state.zones() if o is None},
        **_frame(state),
    }
