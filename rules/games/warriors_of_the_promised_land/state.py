"""Warriors of the Promised Land, a whole game: the state, its zones, and what each seat may see.

Each player keeps a Warrior deck, an Armory deck, a hand of six, the cards in play (the primary Warrior first,
then the secondary cards in the order laid, face down until revealed) and a Discard pile of captured cards
("Getting Ready to Play"; "Game Play - Phase Two", step 3). Nothing is shared on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from rules.play.interface import Card
from rules.play.interface import Result

RULES = "warriors-of-the-promised-land.txt"
HAND_SIZE = 6
DECKS = ("warrior", "armory")
INTERACTIVE = ("escape", "conversion", "dissenter", "deception")


def cite(where: str) -> str:
    return f"{RULES}: {where}"


@dataclass
class Player:
    name: str
    warrior_deck: list[Card] = field(default_factory=list)
    armory_deck: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    in_play: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    # Out of the game: surrendered every card ("Winning and Losing", LOSING).
    out: bool = False

    def deck(self, kind: str) -> list[Card]:
        return self.warrior_deck if kind == "warrior" else self.armory_deck

    def zones(self) -> dict[str, list[Card]]:
        return {
            "warrior_deck": self.warrior_deck,
            "armory_deck": self.armory_deck,
            "hand": self.hand,
            "in_play": self.in_play,
            "discard": self.discard,
        }

    def warriors_in_hand(self) -> int:
        return sum(c.data.kind == "warrior" for c in self.hand)


@dataclass
class Fight:
    """One Challenge of Phase Two: who reveals next, whose moment it is to use a revealed card, and the
    effects that last until the Challenge is settled (Escape's disabling, taken cards)."""

    challenger: int
    defender: int
    revealer: int
    window: int | None = None
    # After every card is revealed: the seats still to have their last moment (challenger first).
    finals: list[int] | None = None
    # id of a card taken by Conversion or Dissenter -> the seat it was taken from.
    taken: dict[str, int] = field(default_factory=dict)
    # Cards held that cannot be used with their holder's cards (taken, or one of the six of Coriantumr and Shiz).
    unusable: set[str] = field(default_factory=set)
    # Cards disabled by an Escape (turned 90 degrees).
    disabled: set[str] = field(default_factory=set)
    escapes_used: set[str] = field(default_factory=set)
    # The six hand cards laid in a Coriantumr and Shiz battle.
    six: set[str] = field(default_factory=set)

    def other(self, seat: int) -> int:
        return self.defender if seat == self.challenger else self.challenger

    def side(self, seat: int) -> str:
        return "challenger" if seat == self.challenger else "defender"

    def to_dict(self) -> dict[str, Any]:
        return {
            "challenger": self.challenger,
            "defender": self.defender,
            "revealer": self.revealer,
            "window": self.window,
            "finals": self.finals,
            "taken": dict(sorted(self.taken.items())),
            "unusable": sorted(self.unusable),
            "disabled": sorted(self.disabled),
            "escapes_used": sorted(self.escapes_used),
            "six": sorted(self.six),
        }


@dataclass
class State:
    players: list[Player]
    rounds: int | None
    round: int = 1
    # "prepare" (Phase One), "battle" (Phase Two) or "over".
    phase: str = "prepare"
    # prepare: "lay" or "end-turn"; battle: "challenge", "reveal" or "window".
    step: str = "lay"
    # This Battle round's seats, clockwise from the first player.
    order: list[int] = field(default_factory=list)
    # The Preparation round (0: the primary cards) and whose turn in it.
    prep: int = 0
    turn: int = 0
    lays_this_prep: int = 0
    called_by: int | None = None
    challenger: int | None = None
    battled: list[int] = field(default_factory=list)
    looked: bool = False
    fight: Fight | None = None
    # Conversion, Dissenter and Deception cards used this Battle round (once per Battle round).
    used_this_round: set[str] = field(default_factory=set)
    faceup: set[str] = field(default_factory=set)
    # Face-down cards a seat has looked at privately (Prophecy).
    known: list[set[str]] = field(default_factory=list)
    last_winner: int | None = None
    result: Result | None = None

    def seat_to_act(self) -> int | None:
        if self.phase == "prepare":
            return self.order[self.turn]
        if self.phase == "battle":
            if self.step == "challenge":
                return self.challenger
            assert self.fight is not None
            if self.step == "window":
                return self.fight.window
            return self.fight.revealer
        return None

    def active(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if not p.out]

    def facedown(self, seat: int) -> list[Card]:
        return [c for c in self.players[seat].in_play if c.id not in self.faceup]


def card_dict(card: Card, state: State) -> dict[str, Any]:
    out: dict[str, Any] = card.to_dict()
    out["face_up"] = card.id in state.faceup
    return out


def state_dict(state: State) -> dict[str, Any]:
    return {
        "seats": [
            {
                "name": p.name,
                "out": p.out,
                "zones": {name: [card_dict(c, state) for c in cards] for name, cards in p.zones().items()},
            }
            for p in state.players
        ],
        "zones": {},
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "step": state.step,
        "to_act": state.seat_to_act(),
        "order": list(state.order),
        "preparation_round": state.prep,
        "called_by": state.called_by,
        "challenger": state.challenger,
        "battled": list(state.battled),
        "fight": state.fight.to_dict() if state.fight else None,
        "used_this_round": sorted(state.used_this_round),
        "known": [sorted(k) for k in state.known],
        "last_winner": state.last_winner,
    }


def secret_ids(state: State, seat: int | None) -> set[str]:
    """Decks (order and faces) are hidden from all; a hand and face-down cards from everyone but their owner,
    except the face-down cards a Prophecy let `seat` look at."""
    secret: set[str] = set()
    for s, p in enumerate(state.players):
        secret.update(c.id for c in p.warrior_deck)
        secret.update(c.id for c in p.armory_deck)
        if s != seat:
            secret.update(c.id for c in p.hand)
            known = state.known[seat] if seat is not None else set()
            secret.update(c.id for c in p.in_play if c.id not in state.faceup and c.id not in known)
    return secret


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The state as `seat` sees it: counts for decks and others' hands, face-down cards as blanks."""
    hidden = secret_ids(state, seat)
    out = state_dict(state)
    for s, p in enumerate(state.players):
        zones: dict[str, Any] = {}
        for name, cards in p.zones().items():
            if name in ("warrior_deck", "armory_deck") or (name == "hand" and s != seat):
                zones[name] = {"count": len(cards)}
            else:
                zones[name] = [{"face_up": False} if c.id in hidden else card_dict(c, state) for c in cards]
        out["seats"][s]["zones"] = zones
    out["known"] = sorted(state.known[seat]) if seat is not None else []
    fight = out["fight"]
    if fight is not None:
        fight["taken"] = {k: v for k, v in fight["taken"].items() if k not in hidden}
    return out


def clone(state: State) -> State:
    """A copy whose zones and sets can change without touching `state` (the cards themselves are frozen)."""
    players = [
        Player(p.name, list(p.warrior_deck), list(p.armory_deck), list(p.hand), list(p.in_play), list(p.discard), p.out)
        for p in state.players
    ]
    fight = None
    if state.fight is not None:
        f = state.fight
        fight = replace(
            f,
            finals=list(f.finals) if f.finals is not None else None,
            taken=dict(f.taken),
            unusable=set(f.unusable),
            disabled=set(f.disabled),
            escapes_used=set(f.escapes_used),
            six=set(f.six),
        )
    return replace(
        state,
        players=players,
        order=list(state.order),
        battled=list(state.battled),
        fight=fight,
        used_this_round=set(state.used_this_round),
        faceup=set(state.faceup),
        known=[set(k) for k in state.known],
    )
