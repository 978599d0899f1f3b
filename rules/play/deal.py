"""A fixed-deck game's box and stacked deals (docs/contracts/play.md, "Stacked deals")."""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from rules.cards import CardData
from rules.play.interface import Card
from rules.play.interface import SetupError
from rules.text import title_key


def box_cards(box: Sequence[CardData]) -> list[Card]:
    """Every physical card of the box, in catalog order, each copy with its own id (`abish`, `soldier-2`)."""
    cards: list[Card] = []
    for data in box:
        key = (data.title_key or title_key(data.title)).replace(" ", "-")
        copies = max(1, data.copies)
        for n in range(1, copies + 1):
            cards.append(Card(f"{key}-{n}" if copies > 1 else key, data))
    return cards


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out


def stacked_deal(options: Mapping[str, Any], cards: Sequence[Card], seats: int) -> list[list[Card]] | None:
    """`options["deal"]`: for each seat, titles top first, taken from the box's copies; None when not given.
    Cards no list names stay out of the game. A title the box has no (more) copies of is a SetupError on its
    JSON path (`options.deal[1][3]`)."""
    deal = options.get("deal")
    if deal is None:
        return None
    if not isinstance(deal, list) or len(deal) != seats:
        raise SetupError("options.deal", "bad-deal", f"The deal must be a list of {seats} lists, one a seat.")
    left: dict[str, list[Card]] = {}
    for card in cards:
        left.setdefault(title_key(card.title), []).append(card)
    hands: list[list[Card]] = []
    for s, titles in enumerate(deal):
        if not isinstance(titles, list):
            raise SetupError(f"options.deal[{s}]", "bad-deal", "Each seat's deal is a list of card titles.")
        hand: list[Card] = []
        for i, title in enumerate(titles):
            if not isinstance(title, str):
                raise SetupError(f"options.deal[{s}][{i}]", "bad-deal", "A card is named by its title.")
            pile = left.get(title_key(title))
            if pile is None:
                raise SetupError(f"options.deal[{s}][{i}]", "unknown-card", f"The box has no card {title!r}.")
            if not pile:
                raise SetupError(
                    f"options.deal[{s}][{i}]", "card-named-twice", f"The deal names more {title!r} than the box has."
                )
            hand.append(pile.pop(0))
        hands.append(hand)
    return hands
