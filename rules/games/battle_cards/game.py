"""Battle Cards as a whole game (docs/contracts/play.md): Trumps and Battle Mode behind the one interface.

Trumps is `trumps.py`, Battle Mode `battle.py` (its draft `draft.py`), the match-up `compare.py`, the
computer player `computer.py`; this module deals, checks actions and hides what the rules hide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.games.battle_cards import battle
from rules.games.battle_cards import computer
from rules.games.battle_cards import trumps
from rules.games.battle_cards.draft import SQUAD
from rules.games.battle_cards.draft import SQUAD_VALUE
from rules.games.battle_cards.state import BATTLE
from rules.games.battle_cards.state import TRUMPS
from rules.games.battle_cards.state import SeatState
from rules.games.battle_cards.state import State
from rules.games.battle_cards.state import rule
from rules.play.deal import box_cards
from rules.play.deal import shuffled
from rules.play.deal import stacked_deal
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Result
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.interface import refuse_unless_legal

MAX_ROUNDS_LIMIT = 5000


def _max_rounds(options: Mapping[str, Any]) -> int:
    value = options.get("max_rounds", trumps.DEFAULT_MAX_ROUNDS)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS_LIMIT:
        raise SetupError(
            "options.max_rounds", "bad-option", f"max_rounds is a whole number from 1 to {MAX_ROUNDS_LIMIT}."
        )
    return value


def _deal_trumps(setup: Setup, cards: list[Card], rng: random.Random) -> tuple[State, list[Event]]:
    n = len(setup.seats)
    packs = stacked_deal(setup.options, cards, n)
    if packs is None:
        deck = shuffled(cards, rng)
        packs = [deck[i::n] for i in range(n)]
    elif any(not p for p in packs):
        raise SetupError("options.deal", "empty-pack", "Every player starts with at least one card.")
    seats = [SeatState(s.name, {"pack": p}) for s, p in zip(setup.seats, packs, strict=True)]
    state = State(TRUMPS, seats, {"centre": []}, rng, "choose", chooser=0, max_rounds=_max_rounds(setup.options))
    dealt = Event(
        "deal",
        None,
        (),
        rule('Basic Game: "Shuffle and deal all of the cards to the players"'),
        f"{sum(len(p) for p in packs)} cards dealt; {setup.seats[0].name} goes first (the youngest: seat 0).",
    )
    return state, [dealt]


def _deal_battle(setup: Setup, cards: list[Card], rng: random.Random) -> tuple[State, list[Event]]:
    n = len(setup.seats)
    draw_titles = setup.options.get("draw")
    deal = setup.options.get("deal")
    if draw_titles is not None and deal is None:
        raise SetupError("options.draw", "bad-deal", "A stacked draw deck comes with stacked squads (options.deal).")
    squads = None
    draw: list[Card] = []
    if deal is not None:
        if draw_titles is not None and not isinstance(draw_titles, list):
            raise SetupError("options.draw", "bad-deal", "The draw deck is a list of card titles, top first.")
        if not isinstance(deal, list) or len(deal) != n:
            raise SetupError("options.deal", "bad-deal", f"The deal must be a list of {n} squads, one a seat.")
        lists = deal + ([draw_titles] if draw_titles is not None else [])
        try:
            hands = stacked_deal({"deal": lists}, cards, len(lists))
        except SetupError as error:
            if error.path.startswith(f"options.deal[{n}]"):
                path = error.path.replace(f"options.deal[{n}]", "options.draw")
                raise SetupError(path, error.code, error.detail) from None
            raise
        assert hands is not None
        squads = hands[:n]
        named = {c.id for h in hands for c in h}
        rest = [c for c in cards if c.id not in named]
        draw = hands[n] if draw_titles is not None else shuffled(rest, rng)
        for s, squad in enumerate(squads):
            if len(squad) not in (SQUAD, SQUAD + 1):
                raise SetupError(f"options.deal[{s}]", "squad-size", "A squad is 6 cards, and may add its 7th card.")
            if battle.squad_value(squad[:SQUAD]) > SQUAD_VALUE:
                raise SetupError(f"options.deal[{s}]", "squad-value", "A squad's Value must not exceed 30.")
        if sum(len(q) for q in squads) + len(draw) < battle.HAND * n + 1:
            raise SetupError(
                "options.draw", "draw-too-small", f"The draw deck must refill {n} hands of 7 and turn a card."
            )
    seats = [SeatState(s.name, {"squad": [], "placed": [], "decider": []}) for s in setup.seats]
    if squads is None:
        pool = sorted(cards, key=battle.value)
        state = State(BATTLE, seats, {"pool": pool, "draw": []}, rng, "draft", chooser=0)
        text = f"{len(pool)} cards face up in order of Value; {setup.seats[0].name} picks first (the youngest)."
        return state, [Event("deal", None, (), rule('Drafting Phase: "Arrange all cards face up"'), text)]
    for seat, squad in zip(seats, squads, strict=True):
        seat.zones["squad"] = list(squad)
    state = State(BATTLE, seats, {"pool": [], "draw": list(draw)}, rng, "place")
    events = [Event("deal", None, (), battle.R_DECK, "Stacked squads and draw deck (options.deal, options.draw).")]
    return state, events + battle.deal_seventh(state) + battle.start_round(state, None)


class BattleCardsEngine:
    game = "battle-cards"
    min_seats = 2
    max_seats = 4
    variants: tuple[str, ...] = (TRUMPS, BATTLE)

    def new_game(self, setup: Setup) -> tuple[State, list[Event]]:
        rng = random.Random(setup.seed)
        cards = box_cards(setup.box)
        if setup.options.get("variant", TRUMPS) == BATTLE:
            return _deal_battle(setup, cards, rng)
        if "draw" in setup.options:
            raise SetupError("options.draw", "bad-option", "Trumps has no draw deck.")
        return _deal_trumps(setup, cards, rng)

    def legal(self, state: State) -> dict[int, list[Action]]:
        if state.result is not None:
            return {}
        return trumps.legal(state) if state.variant == TRUMPS else battle.legal(state)

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
        chosen = refuse_unless_legal(self, state, seat, action)
        return trumps.apply(state, seat, chosen) if state.variant == TRUMPS else battle.apply(state, seat, chosen)

    def result(self, state: State) -> Result | None:
        return state.result

    def to_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def card_ids(self, state: State) -> list[str]:
        zones = [*state.zones.values(), *(z for s in state.seats for z in s.zones.values())]
        return [c.id for z in zones for c in z]

    def secret_ids(self, state: State, seat: int | None) -> set[str]:
        hidden: set[str] = set()
        if state.variant == TRUMPS:
            for i, s in enumerate(state.seats):
                pack = s.zones["pack"]
                hidden |= {c.id for c in (pack[1:] if i == seat else pack)}
            return hidden
        hidden |= {c.id for c in state.zones["draw"]}
        for i, s in enumerate(state.seats):
            if i == seat:
                continue
            hidden |= {c.id for c in s.zones["placed"] + s.zones["decider"]}
            if state.phase != "draft":
                hidden |= {c.id for c in s.zones["squad"]}
        return hidden

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        whole = state.to_dict()
        secret = self.secret_ids(state, seat)

        def hide(cards: list[dict[str, str]]) -> list[dict[str, Any]]:
            return [{"hidden": True} if c["id"] in secret else c for c in cards]

        for s in whole["seats"]:
            s["zones"] = {k: hide(v) for k, v in s["zones"].items()}
        whole["zones"] = {k: hide(v) for k, v in whole["zones"].items()}
        whole["seat"] = seat
        return whole

    def computer(self, state: State, seat: int, rng: random.Random) -> Action:
        return computer.choose(state, seat, self.legal(state)[seat], rng)


ENGINE = BattleCardsEngine()
