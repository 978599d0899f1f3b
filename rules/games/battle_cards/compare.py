"""Who wins a match-up of two or more cards (battle-cards.txt, Battle Phase and the 3 or 4 player rules).

The highest score in the category wins; a tie for it goes to size when exactly two sizes are tied (B beats M,
M beats S, S beats B), and what size cannot resolve to the greater Value. With two cards this is
`matchup.matchup` exactly (a test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.cards import CardData
from rules.games.battle_cards.matchup import BEATS


@dataclass(frozen=True)
class Outcome:
    winner: int | None
    by: str
    # The players tied at the end when nobody wins (their cards go back to their owners).
    tied: tuple[int, ...]


def score(card: CardData, category: str) -> int:
    return int(getattr(card, category) or 0)


def compare(category: str, cards: Mapping[int, CardData]) -> Outcome:
    top = max(score(c, category) for c in cards.values())
    tied = [s for s, c in cards.items() if score(c, category) == top]
    if len(tied) == 1:
        return Outcome(tied[0], "score", ())
    sizes = {cards[s].size for s in tied}
    if len(sizes) == 2 and sizes <= set(BEATS):
        a, b = sorted(sizes)
        winning = a if BEATS[a] == b else b
        tied = [s for s in tied if cards[s].size == winning]
        if len(tied) == 1:
            return Outcome(tied[0], "size", ())
    best = max(cards[s].value or 0 for s in tied)
    tied = [s for s in tied if (cards[s].value or 0) == best]
    if len(tied) == 1:
        return Outcome(tied[0], "value", ())
    return Outcome(None, "value", tuple(tied))
