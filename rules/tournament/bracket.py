"""The single-elimination top cut: bracket order, then winners of tables 1 and 2 meet at table 1."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_Seat = TypeVar("_Seat")  # whatever names a player: the engine's names, the site's Player rows


def bracket_seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: 8 → 1, 8, 4, 5, 2, 7, 3, 6, so 1 and 2 can meet only in the final."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"A bracket has 2, 4, 8 ... players, not {size}.")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def bracket_first_round(seeds: Sequence[_Seat]) -> list[tuple[_Seat, _Seat]]:
    """The first top-cut round's tables, in order, higher seed first; `seeds` best first."""
    order = bracket_seed_order(len(seeds))
    return [(seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, len(order), 2)]


def bracket_next_round(winners: Sequence[_Seat]) -> list[tuple[_Seat, _Seat]]:
    """The next round from the winners of tables 1, 2, 3 ... in table order; empty once one is left."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
