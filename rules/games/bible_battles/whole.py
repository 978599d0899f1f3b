"""Bible Battles as a whole game for 2 to 6 players: the state, card facts, and what each seat may see
(docs/games/bible-battles.md, "Playing a whole game"; rulings in docs/rulings.md, "Bible Battles whole").

Every card is in exactly one zone of its owner: `deck` (face down, top first), `hand`, `play` (in play,
buildings, people, animals, items equipped to a bearer) and `discard`. An event card goes from the hand to
the discard pile as it is played. Decks are secret to all, a hand to all but its owner.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from rules.play.interface import Card
from rules.play.interface import Result
from rules.play.interface import SetupError

DOC = "bible-battles-tcg.txt"
RULINGS = "docs/rulings.md, Bible Battles whole"
HAND_LIMIT = 7
DEFAULT_WISDOM = 30
MAX_WISDOM = 99
MAX_DECK = 500  # cards a seat's deck may hold in the engine (a deck list is checked by the site first)

EATERS = ("army", "unique-person")
BUILDINGS = ("city", "fortress", "building")  # "Building: any city, fortress, temple or other structure"
WALLED = ("city", "fortress")  # a defender can be placed into these
MOVERS = ("follower", "unique-person", "army", "animal")  # cards that can flee into a city (rule 14: animals too)
INTERCEPTORS = ("follower", "unique-person", "army")  # rule 4: not animals
ATTACKERS = ("army", "unique-person")
RIVERS = ("river", "jordan river")  # Jordan River "Counts as a river"

# Stages of the turn in order; `respond`, `starve`, `discard` and `merchant` are steps inside them.
STAGES = ("build", "attack", "end")


@dataclass
class SeatState:
    name: str
    deck: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    play: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    wisdom: int = 0
    out: bool = False

    def zones(self) -> dict[str, list[Card]]:
        return {"deck": self.deck, "hand": self.hand, "play": self.play, "discard": self.discard}


@dataclass
class Attack:
    """One attacking card and what it attacks now; `aim` is the card it set out for (behind a city's walls)."""

    attacker: str
    target: str
    aim: str
    started: int  # the turn number it was declared


@dataclass
class State:
    seats: list[SeatState]
    target: int
    rng: random.Random
    # A handicap (docs/decks.md, "Handicaps"): each seat's own wisdom to reach, None for `target` ("an agreed upon
    # level of wisdom", which the players may agree seat by seat). Empty: everyone's is `target`.
    seat_targets: tuple[int | None, ...] = ()
    owner: dict[str, int] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    turn: int = 0  # the seat whose turn it is
    turn_no: int = 0
    stage: str = "build"
    step: str = ""  # "", "respond", "starve", "discard", "merchant", "order" (Elder)
    pending: int | None = None  # the seat that must act in a step that is not the turn's seat's
    followers_played: int = 0
    effort: list[tuple[int, str, str]] = field(default_factory=list)  # (amount, restriction, source id)
    inspired: set[str] = field(default_factory=set)
    damage: dict[str, int] = field(default_factory=dict)
    inside: dict[str, str] = field(default_factory=dict)  # card id -> the city or fortress it is in
    behind_river: set[str] = field(default_factory=set)  # cities and fortresses built behind a river
    bearer: dict[str, str] = field(default_factory=dict)  # item id -> the army or person it equips
    attacked_on: dict[str, int] = field(default_factory=dict)  # card id -> turn number it last attacked
    attacks: list[Attack] = field(default_factory=list)
    declared: Attack | None = None  # the attack the defender is answering
    counter: set[str] = field(default_factory=set)  # besiegers attacked by a defender: cannot withdraw (rule 5)
    # "until your next turn" and "this turn" effects: (kind, card id or "", seat that ends it, number)
    lasting: list[tuple[str, str, int, int]] = field(default_factory=list)
    last_turn: dict[int, int] = field(default_factory=dict)  # seat -> the turn number of its latest turn
    not_followed: list[list[dict[str, str]]] = field(default_factory=list)  # per seat: abilities not followed
    result: Result | None = None

    def active(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.out]

    def zones(self) -> Iterator[tuple[int, str, list[Card]]]:
        for i, seat in enumerate(self.seats):
            for name, cards in seat.zones().items():
                yield i, name, cards

    def in_play(self, seat: int) -> list[Card]:
        return self.seats[seat].play

    def lasting_n(self, kind: str, card: str = "", seat: int | None = None) -> int:
        return sum(n for k, c, s, n in self.lasting if k == kind and c == card and (seat is None or s == seat))


def target_of(state: State, seat: int) -> int:
    """The wisdom `seat` must reach: its own handicap, or the table's target."""
    own = state.seat_targets[seat] if state.seat_targets else None
    return state.target if own is None else own


def read_target(options: Mapping[str, Any]) -> int:
    value = options.get("wisdom", DEFAULT_WISDOM)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_WISDOM:
        raise SetupError(
            "options.wisdom", "bad-wisdom", f"'wisdom' is the target, a whole number from 1 to {MAX_WISDOM}."
        )
    return value


def _sees(owner: int, zone: str, seat: int | None) -> bool:
    if zone == "deck":
        return False
    if zone == "hand":
        return seat is not None and seat == owner
    return True


def secret_ids(state: State, seat: int | None) -> set[str]:
    return {c.id for owner, zone, cards in state.zones() for c in cards if not _sees(owner, zone, seat)}


def card_facts(state: State, card: Card) -> dict[str, Any]:
    """A card in play with its marks: inspired (turned), damage, the city it is in, the card it equips."""
    out: dict[str, Any] = card.to_dict()
    if card.id in state.inspired:
        out["inspired"] = True
    if state.damage.get(card.id):
        out["damage"] = state.damage[card.id]
    if card.id in state.inside:
        out["inside"] = state.inside[card.id]
    if card.id in state.bearer:
        out["equips"] = state.bearer[card.id]
    if card.id in state.behind_river:
        out["behind_river"] = True
    return out


def _frame(state: State) -> dict[str, Any]:
    return {
        "wisdom_target": state.target,
        "wisdom_targets": [target_of(state, i) for i in range(len(state.seats))],
        "turn": state.turn,
        "turn_number": state.turn_no,
        "stage": state.stage,
        "step": state.step,
        "pending": state.pending,
        "effort": sum(a for a, _r, _s in state.effort),
        "attacks": [{"attacker": a.attacker, "target": a.target, "aim": a.aim} for a in state.attacks],
        "declared": (
            {"attacker": state.declared.attacker, "target": state.declared.target} if state.declared else None
        ),
        "result": state.result.to_dict() if state.result else None,
    }


def to_dict(state: State) -> dict[str, Any]:
    return {
        "seats": [
            {
                "name": s.name,
                "out": s.out,
                "wisdom": s.wisdom,
                "zones": {
                    z: [card_facts(state, c) if z == "play" else c.to_dict() for c in cs] for z, cs in s.zones().items()
                },
            }
            for s in state.seats
        ],
        "zones": {},
        "not_followed": [dict(e, seat=i) for i, listed in enumerate(state.not_followed) for e in listed],
        **_frame(state),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    seats = []
    for i, s in enumerate(state.seats):
        zones: dict[str, Any] = {}
        for z, cs in s.zones().items():
            if not _sees(i, z, seat):
                zones[z] = len(cs)
            else:
                zones[z] = [card_facts(state, c) if z == "play" else c.to_dict() for c in cs]
        seats.append({"name": s.name, "out": s.out, "wisdom": s.wisdom, "zones": zones})
    shown = list(state.not_followed[seat]) if seat is not None and seat < len(state.not_followed) else []
    return {"seats": seats, "zones": {}, "not_followed": shown, **_frame(state)}
