"""What always holds for every game (docs/contracts/play.md, "What always holds"), as functions each game's
tests call: random legal play with conservation, hidden information and termination checked at every step;
determinism of a replayed log; the computer against a random player. Needs no database."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from rules.cards import CardData
from rules.play.interface import Action
from rules.play.interface import Engine
from rules.play.interface import Setup
from rules.play.log import replay
from tests.rules.checkers.pools import starter_pool


def check_invariants(engine: Engine, state: Any, ids: Counter[str], seats: int) -> None:
    now = Counter(engine.card_ids(state))
    assert now == ids, f"cards appeared or vanished: +{dict(now - ids)} -{dict(ids - now)}"
    for seat in [*range(seats), None]:
        view = json.dumps(engine.view(state, seat))
        leaked = [i for i in engine.secret_ids(state, seat) if f'"{i}"' in view]
        assert not leaked, f"seat {seat}'s view shows cards it may not see: {leaked[:5]}"


def random_action(legal: list[Action], rng: random.Random) -> Action:
    """A random legal action; one that takes typed text (`"text": None`, a quote or a reference) gets random words."""
    action = rng.choice(legal)
    if "text" in action and action["text"] is None:
        action = {**action, "text": rng.choice(["", "I do not remember", "John 3:16", "and it came to pass"])}
    return action


def play_out(
    engine: Engine,
    setup: Setup,
    choose: Callable[[Any, int, list[Action], random.Random], Action] | None = None,
    *,
    rng: random.Random,
    max_actions: int = 20_000,
    check_every: int = 1,
) -> tuple[Any, list[Action]]:
    """Play a game to its end, each seat's action from `choose(state, seat, legal, rng)` (default: a random
    legal one), checking the invariants every `check_every` steps; returns the final state and the log."""
    state, _ = engine.new_game(setup)
    ids = Counter(engine.card_ids(state))
    assert sum(ids.values()) == len(ids), "two cards share an id"
    log: list[Action] = []
    while engine.result(state) is None:
        assert len(log) < max_actions, f"no end after {max_actions} legal actions"
        legal = engine.legal(state)
        assert legal, "the game is on but nobody may act"
        seat = rng.choice(sorted(legal))
        assert legal[seat], f"seat {seat} must act but has no legal action"
        action = (choose or (lambda _s, _seat, options, r: random_action(options, r)))(state, seat, legal[seat], rng)
        engine.apply(state, seat, action)
        log.append({"seat": seat, **action})
        if len(log) % check_every == 0:
            check_invariants(engine, state, ids, len(setup.seats))
    check_invariants(engine, state, ids, len(setup.seats))
    return state, log


def check_replay(engine: Engine, setup: Setup, log: list[Action]) -> None:
    """The log replays to the same state and result, twice."""
    first = replay(engine, setup, log).to_dict()
    second = replay(engine, setup, log).to_dict()
    assert first == second
    assert first["status"] == "over"


def computer_vs_random(engine: Engine, setup_for: Callable[[int], Setup], games: int = 40) -> float:
    """The share of seeded games the computer (seat 0) wins against random play (the other seats)."""
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)

        def choose(state: Any, seat: int, legal: list[Action], r: random.Random) -> Action:
            return engine.computer(state, seat, r) if seat == 0 else random_action(legal, r)

        state, _ = play_out(engine, setup_for(seed), choose, rng=rng, check_every=50)
        result = engine.result(state)
        assert result is not None
        wins += result.winners == (0,)
    return wins / games


def box_of(game: str, set_code: str | None = None) -> tuple[CardData, ...]:
    """The starter catalog's box of a fixed-deck game (one set, each card with its copies), as the site deals it."""
    cards = starter_pool(game).cards
    code = set_code or cards[0].set_code
    return tuple(c for c in cards if c.set_code == code)


def legal_bb_deck(rng: random.Random, size: int) -> tuple[CardData, ...]:
    """A random legal Bible Battles deck from the starter catalog's core set: at most 3 of a title, followers
    without limit, one of a unique card (bible-battles-tcg.txt, "Getting started")."""
    pool = box_of("bible-battles")
    deck: list[CardData] = []
    counts: Counter[str] = Counter()
    while len(deck) < size:
        card = rng.choice(pool)
        limit = 1 if card.unique else None if card.type == "follower" else 3
        if limit is not None and counts[card.title] >= limit:
            continue
        counts[card.title] += 1
        deck.append(card)
    return tuple(deck)


def starter_bb_deck() -> tuple[CardData, ...]:
    """The starter catalog's core set as a deck: every card once (74 cards)."""
    return box_of("bible-battles")
