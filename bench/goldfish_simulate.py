"""Goldfish `simulate` throughput: hands per second, against a plain-Python loop in the same run.

Run with `.venv/bin/python bench/goldfish_simulate.py`. No database, no broker:
a 40-card Chapter and Verse deck, 3 queries, 5 turns, simulated in this process
on one core (the engine is single-threaded NumPy; nothing here changes thread
settings). The baseline is what one would write without NumPy: shuffle with
`random.sample` (the 7 blessings and the seen cards) and count matches turn by
turn, with each card's match flags worked out once beforehand, so the
comparison measures the sampling and counting, not the filters. The baseline
runs fewer hands (it is slow); the two are compared per hand.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from rules.cards import CardData  # noqa: E402
from rules.goldfish.request import GoldfishDeck  # noqa: E402
from rules.goldfish.request import GoldfishFilter  # noqa: E402
from rules.goldfish.request import GoldfishQuery  # noqa: E402
from rules.goldfish.request import goldfish_exact  # noqa: E402
from rules.goldfish.simulate import goldfish_simulate_run  # noqa: E402

CV = "chapter-and-verse"
TURNS = 5


def bench_deck() -> GoldfishDeck:
    """40 cards: 12 faith (4 of them Faith Verses), 8 cheap wisdom, 3 By Small Means, 17 others."""

    def card(n: int, title: str, sacrifice: int, icons: dict[str, int], markers: tuple[str, ...] = ()) -> CardData:
        return CardData(CV, "B1", str(n), title, sacrifice=sacrifice, icons=icons, markers=markers)

    return GoldfishDeck.of(
        CV,
        [
            (card(1, "Faith Without Works", 2, {"faith": 3}, ("Faith Verse",)), 4),
            (card(2, "A Mighty Change", 3, {"faith": 1, "strength": 1}), 4),
            (card(3, "Hope and Faith", 2, {"faith": 2}), 4),
            (card(4, "Line upon Line", 1, {"wisdom": 2}), 4),
            (card(5, "Seek Learning", 1, {"wisdom": 1}), 4),
            (card(6, "By Small Means", 1, {"wisdom": 2, "histories": 1}, ("Prophet",)), 3),
            (card(7, "Wars and Rumours", 4, {"trials": 2}), 4),
            (card(8, "The Brass Plates", 3, {"histories": 2}), 4),
            (card(9, "Stand Fast", 2, {"strength": 2}), 4),
            (card(10, "Endure to the End", 5, {"trials": 1, "strength": 1}), 5),
        ],
    )


QUERIES = (
    GoldfishQuery("two faith", GoldfishFilter(theme="faith"), at_least=2),
    GoldfishQuery("a cheap wisdom", GoldfishFilter(theme="wisdom", cost_max=1)),
    GoldfishQuery("By Small Means", GoldfishFilter(title="By Small Means")),
)


def plain_python(deck: GoldfishDeck, hands: int, seed: int) -> tuple[list[list[int]], float]:
    """The same questions answered with random.sample: successes[q][t] and the seconds taken."""
    copies = [card for card, count in deck.cards for _ in range(count)]
    flags = [[q.filter.matches(card) for card in copies] for q in QUERIES]
    seen = deck.cards_seen(TURNS)
    unseen = deck.setup.unseen
    draw = unseen + seen[-1]
    positions = range(len(copies))
    rng = random.Random(seed)
    successes = [[0] * len(seen) for _ in QUERIES]
    start = time.perf_counter()
    for _ in range(hands):
        order = rng.sample(positions, draw)[unseen:]  # the blessings, then the cards seen
        for q, query in enumerate(QUERIES):
            match, row = flags[q], successes[q]
            count = drawn = 0
            for t, target in enumerate(seen):
                while drawn < target:
                    count += match[order[drawn]]
                    drawn += 1
                if count >= query.at_least:
                    row[t] += 1
    return successes, time.perf_counter() - start


def thread_info() -> str:
    try:
        from threadpoolctl import threadpool_info  # type: ignore[import-not-found]
    except ImportError:
        return "threadpoolctl not installed (the simulation uses no BLAS; it runs on one core)"
    return "; ".join(f"{p['internal_api']} {p['num_threads']} threads" for p in threadpool_info()) or "no pools"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2_000_000, help="hands for the NumPy simulation")
    parser.add_argument("--plain", type=int, default=50_000, help="hands for the plain-Python loop")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of the simulation (best is kept)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    deck = bench_deck()
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    print(f"threads: {thread_info()}")
    print(f"deck: {deck.size} cards, {len(QUERIES)} queries, {TURNS} turns, cards seen {list(deck.cards_seen(TURNS))}")

    goldfish_simulate_run(deck, QUERIES, TURNS, 20_000, args.seed)  # warm up
    best = float("inf")
    result = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        result = goldfish_simulate_run(deck, QUERIES, TURNS, args.trials, args.seed)
        best = min(best, time.perf_counter() - start)
    numpy_rate = args.trials / best

    plain_counts, plain_seconds = plain_python(deck, args.plain, args.seed)
    plain_rate = args.plain / plain_seconds

    # Both must answer the same questions: check them against the exact answer.
    exact = goldfish_exact(deck, QUERIES, TURNS)
    assert result is not None
    for q, (e, s) in enumerate(zip(exact.queries, result.queries, strict=True)):
        plain_p = [n / args.plain for n in plain_counts[q]]
        worst_numpy = max(abs(a - b) / max(se, 1e-12) for a, b, se in zip(e.probability, s.probability, s.stderr))
        print(
            f"  {e.name:16s} exact {e.probability[-1]:.4f}  numpy {s.probability[-1]:.4f} "
            f"(worst |z| {worst_numpy:.1f})  plain {plain_p[-1]:.4f}"
        )

    print(f"numpy simulate: {args.trials:,} hands in {best:.3f} s = {numpy_rate:,.0f} hands/s (best of {args.repeat})")
    print(f"plain random.sample: {args.plain:,} hands in {plain_seconds:.3f} s = {plain_rate:,.0f} hands/s")
    ratio = numpy_rate / plain_rate
    print(f"ratio: {ratio:.0f}x (goal >= 50x) {'OK' if ratio >= 50 else 'BELOW GOAL'}")


if __name__ == "__main__":
    main()
