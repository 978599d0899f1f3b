"""Warriors of the Promised Land as a whole game (docs/contracts/play.md): `ENGINE`.

Phase One lives in `prepare.py`, Phase Two in `battle.py`, the state and what each seat sees in `state.py`,
the computer player in `computer.py`; the scoring of a Challenge is the calculator's (`challenge.py`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.games.warriors_of_the_promised_land import battle
from rules.games.warriors_of_the_promised_land import computer
from rules.games.warriors_of_the_promised_land import prepare
from rules.games.warriors_of_the_promised_land import state as st
from rules.games.warriors_of_the_promised_land.state import Player
from rules.games.warriors_of_the_promised_land.state import State
from rules.games.warriors_of_the_promised_land.state import cite
from rules.play.deal import box_cards
from rules.play.deal import shuffled
from rules.play.deal import stacked_deal
from rules.play.interface import Action
from rules.play.interface import Event
from rules.play.interface import Result
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.interface import refuse_unless_legal

MAX_ROUNDS = 999


def _int_option(options: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    value = options.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SetupError(f"options.{key}", f"bad-{key}", f"'{key}' must be a whole number from {low} to {high}.")
    return value


class WarriorsEngine:
    game = "warriors-of-the-promised-land"
    min_seats = 2
    max_seats = 6
    variants: tuple[str, ...] = ()

    def new_game(self, setup: Setup) -> tuple[State, list[Event]]:
        seats = len(setup.seats)
        options = setup.options
        if options.get("variant") is not None:
            raise SetupError("options.variant", "unknown-variant", "This game has no variants; its option is rounds.")
        rounds = _int_option(options, "rounds", 1, MAX_ROUNDS)
        first = _int_option(options, "first", 0, seats - 1)
        rng = random.Random(setup.seed)
        cards = box_cards(setup.box)
        if not any(c.data.kind == "warrior" for c in cards):
            raise SetupError("box", "empty-box", "The box has no Warrior cards.")
        players = [Player(spec.name) for spec in setup.seats]
        stacked = stacked_deal(options, cards, seats)
        if stacked is not None:
            for player, pile in zip(players, stacked, strict=True):
                player.warrior_deck = [c for c in pile if c.data.kind == "warrior"]
                player.armory_deck = [c for c in pile if c.data.kind != "warrior"]
        else:
            for kind in ("warrior", "armory"):
                deck = shuffled([c for c in cards if (c.data.kind == "warrior") == (kind == "warrior")], rng)
                for i, card in enumerate(deck):
                    players[i % seats].deck(kind).append(card)
        state = State(players, rounds, known=[set() for _ in players])
        events = [
            Event(
                "deal",
                None,
                (),
                cite("Getting Ready to Play, 1-2: Separate the Warrior ... from the Armory cards and shuffle both"),
                "Each player is dealt a Warrior deck and an Armory deck face down.",
            )
        ]
        for seat, player in enumerate(players):
            events += prepare.deal_hand(player, seat)
            if not player.warriors_in_hand():
                raise SetupError(f"options.deal[{seat}]", "no-warrior", f"{player.name} is dealt no Warrior card.")
        if first is None:
            first = rng.randrange(seats)
        return state, events + prepare.start_round(state, first)

    def legal(self, state: State) -> dict[int, list[Action]]:
        seat = state.seat_to_act()
        if seat is None or state.result is not None:
            return {}
        if state.phase == "prepare":
            return {seat: prepare.legal(state, seat)}
        return {seat: battle.legal(state, seat)}

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
        found = refuse_unless_legal(self, state, seat, action)
        if state.phase == "prepare":
            return prepare.apply(state, seat, found)
        return battle.apply(state, seat, found)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return st.view(state, seat)

    def result(self, state: State) -> Result | None:
        return state.result

    def to_dict(self, state: State) -> dict[str, Any]:
        return st.state_dict(state)

    def card_ids(self, state: State) -> list[str]:
        return [c.id for p in state.players for zone in p.zones().values() for c in zone]

    def secret_ids(self, state: State, seat: int | None) -> set[str]:
        return st.secret_ids(state, seat)

    def computer(self, state: State, seat: int, rng: random.Random) -> Action:
        return computer.choose(state, seat, self.legal(state)[seat], rng)


ENGINE = WarriorsEngine()
