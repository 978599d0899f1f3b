"""Book of Mormon Battles, played whole (docs/contracts/play.md): `ENGINE`.

The battles are in `battles.py` (who wins one is `battle.battle_of`, shared with the site's calculator), Spy's
Trivia in `trivia.py`, the state and what each seat sees in `state.py`, the computer in `computer.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.games.book_of_mormon_battles import battles
from rules.games.book_of_mormon_battles import computer
from rules.games.book_of_mormon_battles import state as st
from rules.games.book_of_mormon_battles import trivia
from rules.games.book_of_mormon_battles.state import State
from rules.play.deal import box_cards
from rules.play.deal import shuffled
from rules.play.deal import stacked_deal
from rules.play.interface import Action
from rules.play.interface import Event
from rules.play.interface import Refusal
from rules.play.interface import Result
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.interface import refuse_unless_legal


class BookOfMormonBattles:
    game = "book-of-mormon-battles"
    min_seats = 2
    max_seats = 6
    variants: tuple[str, ...] = st.VARIANTS

    def new_game(self, setup: Setup) -> tuple[State, list[Event]]:
        options: Mapping[str, Any] = setup.options
        variants = st.read_variants(options)
        limit = st.read_limit(options, variants)
        n = len(setup.seats)
        if not self.min_seats <= n <= self.max_seats:
            raise SetupError("seats", "seat-count", "This game takes 2 to 6 players.")
        rng = random.Random(setup.seed)
        cards = box_cards(setup.box)
        if not cards:
            raise SetupError("box", "no-box", "The game needs its box of cards.")
        playing_trivia = "spys-trivia" in variants
        if playing_trivia or "young-players" in variants:
            cards = [c for c in cards if st.is_character(c)]  # "Remove all the POWER cards" / "just the CHARACTER"
        characters = tuple(dict.fromkeys(c.data for c in cards if st.is_character(c)))
        state = State([st.SeatState(s.name) for s in setup.seats], variants, limit, rng, characters, lead=1 % n)
        dealt = stacked_deal(options, cards, n)
        if dealt is None:
            deck = shuffled(cards, rng)
            if playing_trivia:
                each = len(deck) // n
                dealt = [deck[i * each : (i + 1) * each] for i in range(n)]
                state.set_aside = deck[each * n :]
            else:
                dealt = [deck[i::n] for i in range(n)]
        for seat, hand in zip(state.seats, dealt, strict=True):
            if playing_trivia:
                seat.pile = list(hand)
            else:
                seat.army = list(hand)
        rule = f"{st.DOC}: SPY'S TRIVIA" if playing_trivia else f"{st.DOC}: BASIC PLAY, 1"
        events = [
            Event("deal", i, (), rule, f"{s.name} is dealt {len(dealt[i])} cards facedown.")
            for i, s in enumerate(state.seats)
        ]
        if playing_trivia:
            return state, events + trivia.start(state)
        for seat in state.seats:
            seat.out = not seat.army
        if len(state.active()) <= 1:
            state.phase = "over"
            state.result = Result(tuple(state.active()), f"{battles.RULINGS}: only one player was dealt cards")
            return state, events
        return state, events + battles.start_battle(state)

    def legal(self, state: State) -> dict[int, list[Action]]:
        if state.result is not None:
            return {}
        return trivia.legal(state) if state.has("spys-trivia") else battles.legal(state)

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
        if state.has("spys-trivia") and action.get("type") == "guess" and state.result is None:
            # A typed guess is free text (spelling forgiven): it is checked, not matched against the listed names.
            extra = set(action) - {"seat", "type", "text", "cards", "ids"}
            if extra:
                raise Refusal("illegal-action", f"A guess has a 'text'; unknown keys: {sorted(extra)}.")
            text = trivia.check_guess(state, seat, action.get("text"))
            return trivia.apply(state, seat, {"type": "guess", "text": text})
        found = refuse_unless_legal(self, state, seat, action)
        if state.has("spys-trivia"):
            return trivia.apply(state, seat, found)
        return battles.apply(state, seat, found)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return st.view(state, seat)

    def result(self, state: State) -> Result | None:
        return state.result

    def to_dict(self, state: State) -> dict[str, Any]:
        return st.to_dict(state)

    def card_ids(self, state: State) -> list[str]:
        return [c.id for _o, _z, cards in state.zones() for c in cards]

    def secret_ids(self, state: State, seat: int | None) -> set[str]:
        return st.secret_ids(state, seat)

    def computer(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = self.legal(state).get(seat, [])
        if not legal:
            raise Refusal("not-your-turn", f"Seat {seat} may not act now.")
        return computer.choose(state, seat, legal, rng)


ENGINE = BookOfMormonBattles()
