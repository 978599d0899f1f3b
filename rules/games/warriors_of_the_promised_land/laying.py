"""Warriors of the Promised Land: may a card be laid beside the cards in play? ("Choosing which cards...").

A secondary card needs an icon shared with a Warrior already in play; the chain
runs through Warriors only; Righteous and Wicked Warriors never mix; an Armory
card with an alignment dot goes with any Warrior of that alignment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.checkers import IllegalInput
from rules.checkers import box_copies
from rules.checkers import json_object
from rules.checkers import read_card
from rules.checkers import read_cards

# What a request may name a side: Phase One has no fixed length and a Coriantumr and Shiz battle adds the six
# hand cards, so the only bound is the box (112 cards); one box's copies are checked card by card anyway.
MAX_SIDE = 112


@dataclass(frozen=True)
class PlayCheck:
    allowed: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "reason": self.reason}


def _icons(card: CardData) -> str:
    return ", ".join(card.icon_names) or "no icons"


def may_lay(in_play: Sequence[CardData], card: CardData) -> PlayCheck:
    """Whether `card` may be laid next: as the primary card when nothing is in play, else as a secondary card."""
    if not in_play:
        if card.kind != "warrior":
            return PlayCheck(False, f"The primary card must be a Warrior; {card.title} is an Armory card.")
        if not card.icon_names:
            return PlayCheck(False, f"The primary Warrior must have icons; {card.title} has none.")
        return PlayCheck(True, f"{card.title} is a Warrior with icons: a primary card.")
    warriors = [c for c in in_play if c.kind == "warrior"]
    side = warriors[0].alignment
    if card.kind == "warrior" and card.alignment != side:
        return PlayCheck(
            False, f"Righteous and Wicked Warriors never mix: {card.title} is {card.alignment}, the play is {side}."
        )
    if card.kind == "armory" and card.alignment is not None and not card.icon_names:
        if card.alignment == side:
            return PlayCheck(True, f"{card.title}'s {card.alignment} dot matches the {side} Warriors in play.")
        return PlayCheck(False, f"{card.title}'s {card.alignment} dot does not match the {side} Warriors in play.")
    for warrior in warriors:
        shared = [i for i in card.icon_names if i in warrior.icon_names]
        if shared:
            return PlayCheck(True, f"{card.title} shares {', '.join(shared)} with {warrior.title}.")
    # Armory cards never extend the chain, so only the Warriors' icons count.
    chain = "; ".join(f"{w.title}: {_icons(w)}" for w in warriors)
    return PlayCheck(
        False,
        f"{card.title} ({_icons(card)}) shares no icon with a Warrior in play ({chain}); "
        "Armory cards do not make a chain.",
    )


def check_cards_in_play(cards: Sequence[CardData], field: str) -> None:
    """Every card of a play could have been laid in its order; IllegalInput naming the first that could not."""
    for i, card in enumerate(cards):
        check = may_lay(cards[:i], card)
        if not check.allowed:
            raise IllegalInput(f"{field}[{i}]", check.reason)


def check_play(pool: CardPool, request: object) -> PlayCheck:
    """The check-play request of docs/contracts/rules-checkers.md: may `card` join `in_play`?"""
    request = json_object(request, "")
    in_play = read_cards(pool, request.get("in_play"), "in_play", least=0, most=MAX_SIDE)
    card = read_card(pool, request.get("card"), "card")
    check_cards_in_play(in_play, "in_play")
    played = [(f"in_play[{i}]", c) for i, c in enumerate(in_play)]
    box_copies(pool, [*played, ("card", card)])
    return may_lay(in_play, card)


EXAMPLES: tuple[tuple[str, dict[str, Any], bool], ...] = (
    (
        "Abinadi cannot take a Sword (no matching icons)",
        {"in_play": [{"title": "Abinadi"}], "card": {"title": "Sword"}},
        False,
    ),
    (
        "Moroni after Abinadi, then a Sword through Moroni",
        {"in_play": [{"title": "Abinadi"}, {"title": "Moroni"}], "card": {"title": "Sword"}},
        True,
    ),
    (
        "Lehi and Reinforcements cannot chain to King Lamoni",
        {"in_play": [{"title": "Lehi"}, {"title": "Reinforcements"}], "card": {"title": "King Lamoni"}},
        False,
    ),
)
