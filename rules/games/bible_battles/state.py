"""Bible Battles' goldfish tables and game: the per-kind integers a turn reads, and one game in progress."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.games.bible_battles import SETUP

BB_HAND = SETUP.hand

# Card roles, as the greedy policy sees them.
BB_FOLLOWER = "follower"
BB_EATERS = ("army", "unique-person")
BB_NEVER_BUILT = ("event",)
# "Building: any city, fortress, temple or other structure" (the rules' Definition of Terms): what Scribe needs.
BB_BUILDINGS = ("city", "fortress", "building")


class BBTables:
    """Per-kind integers the BB turn reads, unpacked once per chunk from the plan."""

    __slots__ = (
        "building",
        "builds",
        "each_turn",
        "eater",
        "effort",
        "follower",
        "food",
        "food_card",
        "has_each_turn",
        "keep",
        "less",
        "of_type",
        "scribe",
        "types",
        "wisdom",
    )

    def __init__(self, kinds: Sequence[tuple[Any, ...]]):
        types = self.types = [k[1] for k in kinds]
        # Per kind: the (type, n) effort reductions it gives while in play, its start-of-turn wisdom.
        self.less = [tuple((t, n) for t, n in k[5]) for k in kinds]
        self.each_turn = [tuple((n, None if c is None else frozenset(c)) for n, c in k[6]) for k in kinds]
        self.has_each_turn = any(self.each_turn)
        self.of_type: dict[str, list[int]] = {}  # the kinds of each type, for the discounts
        for j, t in enumerate(types):
            self.of_type.setdefault(t, []).append(j)
        self.effort = [k[2] for k in kinds]
        self.food = [k[3] for k in kinds]
        self.wisdom = [k[4] for k in kinds]
        self.follower = [t == BB_FOLLOWER for t in types]
        self.scribe = [bool(k[7]) for k in kinds]
        self.building = [t in BB_BUILDINGS for t in types]
        self.eater = [1 if t in BB_EATERS else 0 for t in types]
        never = [t == BB_FOLLOWER or t in BB_NEVER_BUILT for t in types]
        # Built for wisdom / built to feed a unique person or army.
        self.builds = [not nv and w > 0 for nv, w in zip(never, self.wisdom)]
        self.food_card = [not nv and not e and f > 0 for nv, e, f in zip(never, self.eater, self.food)]
        # What the hand limit keeps: followers, then wisdom cards, then food cards, then the rest.
        self.keep = [
            (3 if fo else 2 if b else 1 if fc else 0) * 10_000 + w * 100 + max(0, 99 - e)
            for fo, b, fc, w, e in zip(self.follower, self.builds, self.food_card, self.wisdom, self.effort)
        ]


class BBState:
    """One BB game in progress; the top of the deck is the END of the list."""

    __slots__ = (
        "built",
        "deck",
        "eaters",
        "effort",
        "entered",
        "followers",
        "food",
        "hand",
        "in_play",
        "less",
        "log",
        "scribes",
        "wisdom",
        "wisdom_cards",
    )

    def __init__(self, deck: list[int], hand: list[int] | None = None):
        self.deck = deck
        self.hand = hand if hand is not None else []
        self.followers: list[int] = []  # wisdom of each follower in play, ascending
        self.wisdom_cards = 0  # wisdom of the other cards in play, inspired every turn
        self.food = 0
        self.eaters = 0  # armies and unique people in play
        self.built = False  # a building (city, fortress, building) in play: Scribe gives 2
        self.scribes = 0  # Scribes in play
        self.wisdom = 0
        self.entered: list[int] = list(self.hand)
        self.in_play: list[int] = []  # the cards in play, followers included
        self.less: dict[str, int] = {}  # effort reductions per type from the abilities in play
        self.effort: list[int] | None = None  # each kind's effort after them (None: as printed)
        # A replay's event records (rules/goldfish/replay.py); None while counting.
        self.log: list[tuple[Any, ...]] | None = None

    @classmethod
    def setup(cls, deck: list[int]) -> BBState:
        hand = deck[-BB_HAND:] if len(deck) >= BB_HAND else deck[:]
        del deck[len(deck) - len(hand) :]
        return cls(deck, hand)
