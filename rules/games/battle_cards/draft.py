"""Battle Mode's draft (battle-cards.txt, "1. Drafting Phase"): squads of 6 within 30 Value, picked in turn.

A pick is legal when, after it, every squad can still be completed from the cards left within its Value
(`squads_fit`): so the player to pick always has a legal card, whatever the others took (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from functools import cache

SQUAD = 6
SQUAD_VALUE = 30


def _combos(counts: tuple[int, ...], need: int, budget: int, start: int = 0) -> Iterable[tuple[int, ...]]:
    """Every way to take `need` cards from `counts` (how many cards of each Value) within `budget`."""
    if need == 0:
        yield tuple(0 for _ in counts)
        return
    for v in range(start, len(counts)):
        if counts[v] == 0:
            continue
        if v * need > budget:
            return
        for k in range(min(counts[v], need), 0, -1):
            if v * k > budget:
                continue
            rest = list(counts)
            rest[v] = 0
            for tail in _combos(tuple(rest), need - k, budget - v * k, v + 1):
                out = list(tail)
                out[v] += k
                yield tuple(out)


def _quick(cheapest: list[int], needs: tuple[tuple[int, int], ...]) -> bool | None:
    """Yes when even the dearest cards of the cheapest fit each budget; no when the cheapest cannot; else None."""
    total = len(cheapest)
    if all(sum(cheapest[total - n :]) <= b for n, b in needs):
        return True
    if any(sum(cheapest[:n]) > b for n, b in needs) or sum(cheapest) > sum(b for _, b in needs):
        return False
    return None


@cache
def _fits(counts: tuple[int, ...], needs: tuple[tuple[int, int], ...]) -> bool:
    if not needs:
        return True
    cheapest = sorted(v for v, k in enumerate(counts) for _ in range(k))[: sum(n for n, _ in needs)]
    quick = _quick(cheapest, needs)
    if quick is not None:
        return quick
    # The tightest squad (least Value a card) chooses first.
    needs = tuple(sorted(needs, key=lambda nb: nb[1] / nb[0]))
    (need, budget), rest = needs[0], needs[1:]
    for taken in _combos(counts, need, budget):
        left = tuple(c - t for c, t in zip(counts, taken, strict=True))
        if _fits(left, rest):
            return True
    return False


def squads_fit(values: Sequence[int], needs: Iterable[tuple[int, int]]) -> bool:
    """Whether the cards of Values `values` can complete squads needing (cards, Value left) each."""
    wanted = tuple(sorted(((n, b) for n, b in needs if n > 0), reverse=True))
    total = sum(n for n, _ in wanted)
    if total > len(values):
        return False
    # Only the cheapest cards are ever needed: a cheaper card in place of a dearer one never hurts.
    cheapest = sorted(values)[:total]
    counts = [0] * (max(cheapest, default=0) + 1)
    for v in cheapest:
        counts[v] += 1
    return _fits(tuple(counts), wanted)
