"""A sample opening hand for the goldfish page: shuffle a deck with a seed, deal as the game does.

Pure and seeded: the same cards in the same order with the same seed give the
same hand, so a hand can be shared by its URL. Its own `random.Random(seed)`,
never the global generator. The setup (cards set aside unseen, hand size) is
the game's, from `rules.goldfish.request.GOLDFISH_SETUPS`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic
from typing import TypeVar

from rules.goldfish.request import GOLDFISH_SETUPS
from rules.goldfish.request import MAX_SEED

T = TypeVar("T")

# Seeds shown on the page are kept short enough to read out and type.
PAGE_SEED_BITS = 32


@dataclass(frozen=True)
class SampleHand(Generic[T]):
    """The cards in hand after the opening deal and `drawn` more draws.

    `unseen` are the cards set aside face down (Chapter and Verse's blessing
    stack); `left` is how many cards remain to draw.
    """

    seed: int
    hand: tuple[T, ...]
    unseen: tuple[T, ...]
    drawn: int
    left: int

    @property
    def can_draw(self) -> bool:
        return self.left > 0


def expand(entries: Iterable[tuple[T, int]]) -> list[T]:
    """(card, copies) pairs as one list of cards, in the order given."""
    return [card for card, count in entries for _ in range(count)]


def sample_hand(cards: Sequence[T], *, game: str, seed: int, drawn: int = 0) -> SampleHand[T]:
    """Shuffle `cards` with `seed`, set aside the game's unseen cards, deal the hand, then draw `drawn` more.

    Draws past the end of the deck are ignored (no more cards are seen).
    """
    if game not in GOLDFISH_SETUPS:
        raise ValueError(f"{game} has no goldfish setup")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}")
    setup = GOLDFISH_SETUPS[game]
    order = list(cards)
    random.Random(seed).shuffle(order)
    unseen = tuple(order[: setup.unseen])
    rest = order[setup.unseen :]
    drawn = max(0, min(drawn, max(0, len(rest) - setup.hand)))
    in_hand = min(len(rest), setup.hand + drawn)
    return SampleHand(seed=seed, hand=tuple(rest[:in_hand]), unseen=unseen, drawn=drawn, left=len(rest) - in_hand)


def new_seed() -> int:
    """A fresh seed for "shuffle again"."""
    return secrets.randbits(PAGE_SEED_BITS)
