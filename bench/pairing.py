"""Swiss pairing: one round of 1,024 players in round 6, on one core, against the 1 s goal.

Run with `.venv/bin/python bench/pairing.py`. No database: five rounds are paired and
played with seeded random results (best of three, some draws, a few drops), then round 6
is paired `--runs` times and the median and slowest are reported. Pairing is
rules/tournament/swiss.py: networkx's maximum-weight matching on pieces of neighbours in
the standings, each proven best, before any larger graph.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.tournament import MatchRecord  # noqa: E402
from rules.tournament import pair_swiss  # noqa: E402
from rules.tournament.scoring import bye_record  # noqa: E402

GOAL_SECONDS = 1.0
RESULTS = [(2, 0), (0, 2), (2, 1), (1, 2), (1, 1)]


def five_rounds(players: list[str], seed: str) -> tuple[list[MatchRecord], set[str]]:
    rnd = random.Random(seed)
    matches: list[MatchRecord] = []
    dropped: set[str] = set()
    for number in range(1, 6):
        for a, b in pair_swiss(players=players, matches=matches, dropped=dropped, round_number=number, seed=seed):
            if b is None:
                matches.append(bye_record(a, 3))
                continue
            wins = rnd.choice(RESULTS)
            matches.append(MatchRecord((a, b), wins, draws=int(wins == (1, 1))))
        dropped |= {p for p in players if rnd.random() < 0.02}
    return matches, dropped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    players = [f"player{i:04d}" for i in range(args.players)]
    matches, dropped = five_rounds(players, args.seed)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        tables = pair_swiss(players=players, matches=matches, dropped=dropped, round_number=6, seed=args.seed)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(
        f"round 6 of {args.players} players ({args.players - len(dropped)} still in, {len(tables)} tables): "
        f"median {median * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms over {args.runs} runs; "
        f"goal < {GOAL_SECONDS:.0f} s: {'met' if max(times) < GOAL_SECONDS else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
