"""Bible Battles played whole: games per second on one core against the computer, the computer's share of wins
against random play, and the play endpoint's answer to a long log (issue 30, docs/contracts/play.md).

Run with `.venv/bin/python bench/play_bible_battles.py [--games N] [--requests N] [--engine-only]`
(`--games 3 --requests 3` for a quick run).

The engine (no Django, no database): decks from the starter catalog (cardcollections/starter_catalogs/): the
core set as a deck (every card once, 74 cards) and random legal 40-card decks (at most 3 of a title, followers
without limit, one of a unique card), seeded. Each case deals seeds 0..N-1 and plays to the end with the
computer (`ENGINE.computer`) at every seat, the lowest seat that must act moving. Beside it, in the same
process and on the same seeds: the deal alone (baseline), a random legal player at every seat (actions per
second; the ratio computer/random is what choosing costs), and the computer at seat 0 against random players
(its share of wins). The endpoint: `POST /api/v1/play/bible-battles/` with the seats' deck lists, replaying
the first 1,000 actions of a game random legal players played (4 players, the core set, wisdom 99: the
computer's games end sooner), median and p95 against the
same post with no action (the deal). Goal (docs/contracts/play.md): under 50 ms for 1,000 actions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.cards import CardData  # noqa: E402
from rules.catalog import parse_catalog  # noqa: E402
from rules.games.bible_battles.game import ENGINE  # noqa: E402
from rules.play.interface import Action  # noqa: E402
from rules.play.interface import SeatSpec  # noqa: E402
from rules.play.interface import Setup  # noqa: E402
from rules.play.log import replay  # noqa: E402

CATALOG = ROOT / "cardcollections" / "starter_catalogs" / "bible-battles.json"
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
GOAL_MS = 50.0
GOAL_ACTIONS = 1000
LONG = {"wisdom": 99}  # the endpoint's log: the highest target, so that random play lasts 1,000 actions
_KNOWN = set(CardData.__dataclass_fields__)


@cache
def core_set() -> tuple[CardData, ...]:
    catalog = parse_catalog(json.loads(CATALOG.read_text(encoding="utf-8")))
    cards = []
    for card in catalog.cards:
        values = {k: v for k, v in card.fields.items() if k in _KNOWN and v is not None}
        cards.append(CardData("bible-battles", card.set_code, card.number, card.title, **values))
    return tuple(c for c in cards if c.set_code == cards[0].set_code)


def legal_deck(rng: random.Random, size: int = 40) -> tuple[CardData, ...]:
    pool = core_set()
    deck: list[CardData] = []
    counts: Counter[str] = Counter()
    while len(deck) < size:
        card = rng.choice(pool)
        limit = 1 if card.unique else None if card.type == "follower" else 3
        if limit is None or counts[card.title] < limit:
            counts[card.title] += 1
            deck.append(card)
    return tuple(deck)


def setup(seats: int, decks: str, seed: int, options: dict[str, Any] | None = None) -> Setup:
    rng = random.Random(seed)
    chosen = [core_set() if decks == "core set" else legal_deck(rng) for _ in range(seats)]
    return Setup(tuple(SeatSpec(NAMES[i], chosen[i]) for i in range(seats)), options or {}, seed)


Chooser = Callable[[Any, int, list[Action], random.Random], Action]


def computer(state: Any, seat: int, _legal: list[Action], rng: random.Random) -> Action:
    return ENGINE.computer(state, seat, rng)


def random_legal(_state: Any, _seat: int, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def against_random(state: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
    return ENGINE.computer(state, seat, rng) if seat == 0 else rng.choice(legal)


def play_whole(game_setup: Setup, choose: Chooser) -> tuple[list[Action], tuple[int, ...]]:
    state, _ = ENGINE.new_game(game_setup)
    rng = random.Random(game_setup.seed)
    log: list[Action] = []
    while ENGINE.result(state) is None:
        legal = ENGINE.legal(state)
        seat = min(legal)
        action = choose(state, seat, legal[seat], rng)
        ENGINE.apply(state, seat, action)
        log.append({"seat": seat, **action})
    result = ENGINE.result(state)
    assert result is not None
    return log, result.winners


def best_of(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def engine_run(args: argparse.Namespace) -> None:
    print(
        f"engine: {args.games} games a case (seeds 0..{args.games - 1}), best of {args.repeat}; baselines: the deal "
        "alone, a random legal player at every seat; and the computer at seat 0 against random players"
    )
    print(
        f"{'case':34} {'games/s':>8} {'actions':>8} {'actions/s':>10} {'deals/s':>8} {'random act/s':>12} "
        f"{'comp/random':>11} {'wins vs random':>14}"
    )
    for seats in (2, 4, 6):
        for decks in ("core set", "random legal 40"):
            setups = [setup(seats, decks, seed) for seed in range(args.games)]
            play_whole(setups[0], computer)  # warm up

            def deals(setups: list[Setup] = setups) -> None:
                for s in setups:
                    ENGINE.new_game(s)

            def games(choose: Chooser, setups: list[Setup] = setups) -> list[tuple[list[Action], tuple[int, ...]]]:
                return [play_whole(s, choose) for s in setups]

            deal_s, _ = best_of(deals, 3)
            played_s, played = best_of(lambda games=games: games(computer), args.repeat)
            random_s, randoms = best_of(lambda games=games: games(random_legal), args.repeat)
            _t, versus = best_of(lambda games=games: games(against_random), 1)
            lengths = [len(log) for log, _w in played]
            actions_s = sum(lengths) / played_s
            random_actions_s = sum(len(log) for log, _w in randoms) / random_s
            wins = sum(1 for _log, winners in versus if winners == (0,))
            print(
                f"{f'{seats} players, {decks}':34} {len(setups) / played_s:8,.1f} {statistics.mean(lengths):8,.0f} "
                f"{actions_s:10,.0f} {len(setups) / deal_s:8,.0f} {random_actions_s:12,.0f} "
                f"{actions_s / random_actions_s:10.2f}x {wins:>6}/{len(setups)} ({wins / len(setups):.0%})"
            )


def deck_text(cards: tuple[CardData, ...]) -> str:
    return "\n".join(f"{n} {title}" for title, n in Counter(c.title for c in cards).items())


def endpoint_run(args: argparse.Namespace) -> None:
    from django.test import Client

    from cardcollections.catalog.services import catalog_load

    catalog_load(document=json.loads(CATALOG.read_text(encoding="utf-8")))
    import cardsite.wsgi  # noqa: F401

    client = Client()
    seats = 4
    log: list[Action] = []
    seed = 0
    for seed in range(20):
        # The computer's games end within a few hundred actions: a random legal player's run longer.
        log, _w = play_whole(setup(seats, "core set", seed, LONG), random_legal)
        if len(log) >= GOAL_ACTIONS:
            break
    log = log[:GOAL_ACTIONS]
    body = {
        "seats": [{"name": NAMES[i], "deck": deck_text(core_set())} for i in range(seats)],
        "seed": seed,
        "options": LONG,
    }
    with_log = json.dumps({**body, "actions": log})
    deal_only = json.dumps(body)

    def post(data: str) -> None:
        answer = client.post("/api/v1/play/bible-battles/", data, content_type="application/json")
        assert answer.status_code == 200, answer.content[:300]

    def timed(fn: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> list[float]:
        fn()
        out = []
        for _ in range(args.requests):
            start = clock()
            fn()
            out.append((clock() - start) * 1000)
        return out

    game_setup = setup(seats, "core set", seed, LONG)
    posts = timed(lambda: post(with_log))
    deals = timed(lambda: post(deal_only))
    engine_ms = statistics.median(timed(lambda: replay(ENGINE, game_setup, log).to_dict()))
    # CPU time of this process alone: what the post costs when other processes share the cores (wall time on
    # a busy machine counts their turns too).
    cpu = statistics.median(timed(lambda: post(with_log), time.process_time))
    median = statistics.median(posts)
    p95 = sorted(posts)[min(len(posts) - 1, round(0.95 * (len(posts) - 1)))]
    deal_ms = statistics.median(deals)
    verdict = ("met" if median < GOAL_MS else "MISSED") if len(log) >= GOAL_ACTIONS else "- (game ends sooner)"
    print(
        f"endpoint: {seats} players, core set decks, random legal play, seed {seed}, {len(log):,} actions, {args.requests} posts: "
        f"median {median:.1f} ms, p95 {p95:.1f} ms (CPU time {cpu:.1f} ms), the engine's replay alone "
        f"{engine_ms:.1f} ms; "
        f"the deal alone {deal_ms:.1f} ms ({median / deal_ms:.1f}x); goal < {GOAL_MS:.0f} ms: {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--engine-only", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()}, {platform.machine()}, one process, load average {load:.1f}")
    engine_run(args)
    if args.engine_only:
        return
    from bench.in_process import django_environment
    from bench.in_process import throwaway_database

    os.environ.setdefault("THROTTLE_COMPUTE_ANON", "100000/s")
    django_environment()
    with throwaway_database():
        endpoint_run(args)


if __name__ == "__main__":
    main()
