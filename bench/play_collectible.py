"""Chapter and Verse played whole (issue 30): whole games per second on one core, the computer at every seat, and
the same games played by a random legal player in the same process (the baseline).

Run with `.venv/bin/python bench/play_collectible.py [--games N]` (`--games 3` for a quick run).

No Django, no database: the starter catalog (cardcollections/starter_catalogs/chapter-and-verse.json) read with
the catalog parser, as tests/rules/checkers/pools.py does. Decks: the starter set split between the seats (the
basic game's way), and random legal decks of 40 to 50 verses from the whole starter catalog (at most three of a
title, one of a Unique verse), seeds 0..N-1. Each game is dealt (`new_game`) and played to its end by
`ENGINE.computer` at every seat (the round limit, 60 rounds, ends the games nobody wins). It prints games per
second (wall and the process's CPU time, which a busy machine's other runs do not count), actions a game, how the
games ended, and the random player's games per second on the same seeds; the ratio is what the computer's
choosing costs. The goal in the issue: 1,000 games a second.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.cards import CardData  # noqa: E402
from rules.catalog import parse_catalog  # noqa: E402
from rules.games.chapter_and_verse.game import ENGINE  # noqa: E402
from rules.play.interface import SeatSpec  # noqa: E402
from rules.play.interface import Setup  # noqa: E402

CATALOG = ROOT / "cardcollections" / "starter_catalogs" / "chapter-and-verse.json"
GOAL = 1000.0


def cards() -> list[CardData]:
    catalog = parse_catalog(json.loads(CATALOG.read_text(encoding="utf-8")))
    known = set(CardData.__dataclass_fields__)
    out = []
    for card in catalog.cards:
        values = {k: v for k, v in card.fields.items() if k in known and v is not None}
        out.append(
            CardData(game="chapter-and-verse", set_code=card.set_code, number=card.number, title=card.title, **values)
        )
    return out


def random_deck(pool: list[CardData], rng: random.Random) -> tuple[CardData, ...]:
    deck: list[CardData] = []
    size = rng.randint(40, 50)
    while len(deck) < size:
        card = rng.choice(pool)
        if sum(1 for c in deck if c.title_key == card.title_key) < (1 if card.unique else 3):
            deck.append(card)
    return tuple(deck)


def play(setup: Setup, computer: bool, seed: int) -> tuple[int, str]:
    rng = random.Random(seed)
    state, _ = ENGINE.new_game(setup)
    actions = 0
    while ENGINE.result(state) is None:
        legal = ENGINE.legal(state)
        seat = min(legal)
        action = ENGINE.computer(state, seat, rng) if computer else rng.choice(legal[seat])
        if action.get("text", "") is None:
            action = {**action, "text": rng.choice(["", "John 3:16"])}  # a random player types something
        ENGINE.apply(state, seat, action)
        actions += 1
    result = ENGINE.result(state)
    assert result is not None
    return actions, "blessing" if result.reason.startswith("chapter-and-verse.txt") else "round limit"


def case(name: str, setups: list[Setup]) -> dict[str, Any]:
    out: dict[str, Any] = {"case": name}
    for who in ("computer", "random"):
        start, cpu = time.perf_counter(), time.process_time()
        played = [play(s, who == "computer", s.seed) for s in setups]
        took, cpu_took = time.perf_counter() - start, time.process_time() - cpu
        out[who] = {
            "games_per_s": round(len(setups) / took, 1),
            # The process's own CPU time: what a shared machine's other runs do not count.
            "games_per_cpu_s": round(len(setups) / cpu_took, 1),
            "actions_per_game": round(sum(a for a, _ in played) / len(played)),
            "won_by_blessing": sum(1 for _, how in played if how == "blessing"),
        }
    out["computer_over_random_games_per_s"] = round(out["computer"]["games_per_s"] / out["random"]["games_per_s"], 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    pool = cards()
    starter = tuple(c for c in pool if c.set_code == "CV1")
    # Warm up (the reference reader's book names are read on first use): not timed.
    play(Setup((SeatSpec("A"), SeatSpec("B")), {"variant": "advanced"}, 0, starter), True, 0)
    print(f"python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}, {args.games} games a case")
    for seats in (2, 4, 6):
        for decks in ("starter split", "random legal decks"):
            setups = []
            for seed in range(args.games):
                rng = random.Random(seed)
                specs = tuple(
                    SeatSpec(f"P{i}", random_deck(pool, rng) if decks != "starter split" else ()) for i in range(seats)
                )
                setups.append(Setup(specs, {"variant": "advanced"}, seed, starter))
            print(json.dumps(case(f"{seats} seats, {decks}", setups)))
    print(f"goal: {GOAL:,.0f} games a second")


if __name__ == "__main__":
    main()
