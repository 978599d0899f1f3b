"""Chapter and Verse's goldfish tables and game: the per-kind integers a turn reads, and one game in progress."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.games.chapter_and_verse import SETUP

BLESSINGS = SETUP.unseen
CV_HAND = SETUP.hand


class CVTables:
    """Per-kind integers the C&V turn reads, unpacked once per chunk from the plan."""

    __slots__ = (
        "cost",
        "cost_printed",
        "fkey",
        "has_discard",
        "has_end",
        "has_start",
        "icons",
        "keyword",
        "nz",
        "on_discard",
        "on_end",
        "on_play",
        "on_start",
        "only",
        "prayer",
        "quote",
        "quote_rate",
        "unique",
        "useful",
        "worth",
        "xref",
    )

    def __init__(self, kinds: Sequence[tuple[Any, ...]], quote_rate: float = 1.0):
        self.quote_rate = quote_rate
        self.quote = [bool(k[7]) for k in kinds]
        # A Quote that always succeeds is a free verse: the policy sees no cost at all.
        self.cost_printed: list[int] = [k[1] for k in kinds]
        self.cost = [0 if q and quote_rate >= 1 else k[1] for k, q in zip(kinds, self.quote)]
        self.icons = [tuple(k[2]) for k in kinds]
        # Non-zero icons, largest first (ties in theme order): the themes a verse can lead.
        self.nz = [tuple(sorted(((t, n) for t, n in enumerate(k[2]) if n), key=lambda p: (-p[1], p[0]))) for k in kinds]
        self.prayer = [k[3] for k in kinds]
        # Per Keyword card, a flag per kind: found by it. A Keyword that can find
        # nothing still searches (and shuffles): the player cannot know that.
        self.keyword = [[j in set(k[5]) for j in range(len(kinds))] if k[4] else None for k in kinds]
        self.unique = [k[6] for k in kinds]
        self.xref = [tuple(k[8]) for k in kinds]
        # Per timing, per kind: ((if, do), ...) or None; `only` the conditions on the chapter, or None.
        by_timing: dict[str, list[Any]] = {t: [None] * len(kinds) for t in ("play", "start", "end", "discard")}
        self.only: list[tuple[Any, ...] | None] = [None] * len(kinds)
        for j, k in enumerate(kinds):
            for timing, only, when, do in k[9]:
                if only:
                    self.only[j] = (self.only[j] or ()) + tuple(_frozen(c) for c in only)
                if do:
                    slot = {"quick-play": "discard", "start-of-turn": "start", "end-of-turn": "end"}.get(timing, timing)
                    entry = (tuple(_frozen(c) for c in when), tuple(_frozen(a) for a in do))
                    by_timing[slot][j] = (by_timing[slot][j] or ()) + (entry,)
        self.on_play, self.on_start = by_timing["play"], by_timing["start"]
        self.on_end, self.on_discard = by_timing["end"], by_timing["discard"]
        # Whether any verse of the deck has such effects: a deck without pays nothing for them.
        self.has_start, self.has_end = any(self.on_start), any(self.on_end)
        self.has_discard = any(self.on_discard)
        # Worth: the largest icon count, +1 for an effect when played (Prayer, Keyword, a Cross
        # Reference that can find a verse of the deck, structured play actions): docs/rulings.md.
        has_effect = [1 if (k[3] or k[4] or k[8] or self.on_play[j]) else 0 for j, k in enumerate(kinds)]
        self.worth = [max(k[2], default=0) + e for k, e in zip(kinds, has_effect)]
        # Usefulness: worth first, then the cheaper; higher keeps, lower goes first.
        self.useful = [w * 64 + (63 - min(c, 63)) for w, c in zip(self.worth, self.cost)]
        # Freeplay: worth + cost (what playing free saves), then worth.
        self.fkey = [(w + c) * 64 + w for w, c in zip(self.worth, self.cost)]


def _frozen(item: Sequence[Any]) -> tuple[Any, ...]:
    # Conditions and actions come from JSON as lists; the turn wants tuples and sets.
    return tuple(frozenset(v) if isinstance(v, list | tuple) else v for v in item)


class CVState:
    """One C&V game in progress. Piles are lists of kind indices; the top of the deck and of
    the blessing stack is the END of the list (pop() draws), the bottom index 0."""

    __slots__ = (
        "blessings",
        "blocked",
        "books",
        "chapters",
        "deck",
        "discard",
        "entered",
        "hand",
        "leads",
        "log",
        "maxes",
        "members",
        "was_set",
        "won",
    )

    def __init__(
        self,
        deck: list[int],
        hand: list[int] | None = None,
        blessings: list[int] | None = None,
    ):
        self.deck = deck
        self.hand = hand if hand is not None else []
        self.blessings = blessings if blessings is not None else []
        self.chapters: list[list[int]] = []  # icon counts per theme
        self.leads: list[int] = []  # each chapter's leading theme
        self.maxes: list[int] = []  # and its count
        self.members: list[list[int]] = []  # each chapter's verses, played or set
        self.was_set: list[list[bool]] = []  # beside each member: set, not played (its effects are ignored)
        self.discard: list[int] = []
        self.blocked: set[int] = set()  # Unique groups already played
        self.books = 0
        self.won = False  # the last blessing was drawn (by a book or an effect)
        self.entered: list[int] = list(self.hand)  # cards that came into the hand, for queries
        # A replay's event records (rules/goldfish/replay.py); None while counting, so the fast path pays one test.
        self.log: list[tuple[Any, ...]] | None = None

    @classmethod
    def setup(cls, deck: list[int]) -> CVState:
        """Shuffled deck in, set up: the top 7 to the blessings unseen, the next 5 to the hand."""
        blessings = deck[-BLESSINGS:] if len(deck) >= BLESSINGS else deck[:]
        del deck[len(deck) - len(blessings) :]
        hand = deck[-CV_HAND:] if len(deck) >= CV_HAND else deck[:]
        del deck[len(deck) - len(hand) :]
        return cls(deck, hand, blessings)

    def take(self, card: int) -> None:
        """A card comes into the hand (drawn, found, returned, a blessing)."""
        self.hand.append(card)
        self.entered.append(card)

    def draw_blessing(self) -> None:
        if self.blessings:
            card = self.blessings.pop()
            self.take(card)
            if self.log is not None:
                self.log.append(("blessing", card, len(self.blessings)))
            if not self.blessings:
                self.won = True
