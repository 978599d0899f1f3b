"""Goldfish `play` throughput: ten-turn games per second on one core, against the 5,000/s goal.

Run with `.venv/bin/python bench/goldfish_play.py`. No database, no broker: the
decks are built from the starter catalogs (cardcollections/starter_catalogs/)
straight into `CardData`, and played in this process by rules/goldfish/playout.py
(plain Python over small integer lists; NumPy only shuffles, single-threaded).

- Chapter and Verse: 40 cards, the first 40 basic-game titles of the catalog in
  catalog order, one copy each (Unique titles stay at one).
- Bible Battles: 60 cards: 16 followers x2, then 28 other cards (the catalog's
  first printing of each title, in order, one copy each), target 30, with the
  catalog's abilities as effects (discounts, wisdom each turn).

Chapter and Verse runs twice: with its card effects (docs/card-effects.md), and
without them (only Prayer, Keyword and Unique, as the engine read before issue 14).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from rules.cards import CardData  # noqa: E402
from rules.goldfish.playout import goldfish_play_run  # noqa: E402
from rules.goldfish.request import GoldfishDeck  # noqa: E402

CATALOGS = ROOT / "cardcollections" / "starter_catalogs"
CV = "chapter-and-verse"
BB = "bible-battles"
GOAL = 5_000


def catalog_cards(game: str) -> list[CardData]:
    """The catalog's cards as CardData, first printing of each title (no Django)."""
    data: dict[str, Any] = json.loads((CATALOGS / f"{game}.json").read_text())
    cards: list[CardData] = []
    titles: set[str] = set()
    for c in data["cards"]:
        if c["title"] in titles:
            continue
        titles.add(c["title"])
        cards.append(
            CardData(
                game,
                c["set"],
                str(c["number"]),
                c["title"],
                advanced=bool(c.get("advanced", False)),
                unique=bool(c.get("unique", False)),
                type=c.get("type", ""),
                sacrifice=c.get("sacrifice"),
                icons=c.get("icons") or {},
                markers=tuple(c.get("markers") or ()),
                scripture=c.get("scripture", ""),
                reference=c.get("reference", ""),
                effects=tuple(c.get("effects") or ()),
                effort=c.get("effort"),
                offense=c.get("offense"),
                defense=c.get("defense"),
                food=c.get("food") or 0,
                wisdom=c.get("wisdom") or 0,
                mounted=bool(c.get("mounted", False)),
                abilities=c.get("abilities", ""),
                text=c.get("abilities") or c.get("text") or "",
            )
        )
    return cards


# The effects the play-out ran before card effects became data.
PLAIN_EFFECTS = ("prayer", "keyword", "unique")


def cv_deck(*, effects: bool = True) -> GoldfishDeck:
    basic = [c for c in catalog_cards(CV) if not c.advanced][:40]
    if not effects:
        basic = [replace(c, effects=tuple(e for e in c.effects if e.get("kind") in PLAIN_EFFECTS)) for c in basic]
    return GoldfishDeck.of(CV, [(c, 1) for c in basic])


def bb_deck() -> GoldfishDeck:
    cards = catalog_cards(BB)
    followers = [c for c in cards if c.is_follower]
    others = [c for c in cards if not c.is_follower][:28]
    return GoldfishDeck.of(BB, [(c, 2) for c in followers] + [(c, 1) for c in others])


def rate(deck: GoldfishDeck, games: int, repeat: int, seed: int) -> tuple[float, dict[str, Any]]:
    goldfish_play_run(deck, 10, 500, seed)  # warm up
    best = float("inf")
    result: dict[str, Any] = {}
    for _ in range(repeat):
        start = time.perf_counter()
        result = goldfish_play_run(deck, 10, games, seed).to_dict()
        best = min(best, time.perf_counter() - start)
    return games / best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50_000, help="ten-turn games per timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per game (best is kept)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, one process")
    decks = (
        ("chapter-and-verse, effects on", cv_deck()),
        ("chapter-and-verse, effects off", cv_deck(effects=False)),
        ("bible-battles", bb_deck()),
    )
    for name, deck in decks:
        games_per_second, result = rate(deck, args.games, args.repeat, args.seed)
        print(f"{name}: {deck.size} cards, {args.games:,} ten-turn games, best of {args.repeat}")
        if result["unmodelled"]:
            print(f"  unmodelled: {', '.join(result['unmodelled'])}")
        for outcome in result["outcomes"]:
            shown = ", ".join(f"{p:.3f}" for p in outcome["probability"])
            print(f"  {outcome['name']:14s} by turn 0..10: {shown}")
        verdict = "OK" if games_per_second >= GOAL else "BELOW GOAL"
        print(f"  {games_per_second:,.0f} games/s = {games_per_second / GOAL:.2f}x the {GOAL:,}/s goal ({verdict})")


if __name__ == "__main__":
    main()
