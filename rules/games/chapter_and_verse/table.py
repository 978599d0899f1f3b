"""Chapter and Verse played whole: the state of a table, its options, and what each seat may see.

Every card is in exactly one zone: a seat's `deck` and `blessings` (face down, top first), `hand` (its owner's
eyes only), its chapters (`chapter-N`, face up, numbered from 1 in the order they were started and never
renumbered), `discard` and `outer-darkness` (face up); the shared `playing` holds the verse being paid for or
quoted. The Line (verses whose effects wait, rules "The Line") names cards in those zones; it is not a zone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from functools import cache
from typing import Any

from rules.cards import CardData
from rules.games.chapter_and_verse import CV_THEMES
from rules.play.interface import Card
from rules.play.interface import Result
from rules.play.interface import SetupError
from rules.play.interface import read_seat_numbers

DOC = "chapter-and-verse.txt"
RULINGS = "docs/rulings.md, Chapter and Verse played whole"
VARIANTS = ("basic", "advanced")
BLESSINGS = 7
HAND = 5
HAND_LIMIT = 8
BOOK_ICONS = 7
# The rules have no end but a last blessing; a table of players who never close a book would play for ever, so
# after `rounds` rounds the seat with the fewest blessings left wins (docs/rulings.md). And one turn takes at most
# TURN_ACTIONS of its player's actions (a Discard that returns a Discard could go round for ever).
ROUNDS = 60
MAX_ROUNDS = 500
TURN_ACTIONS = 100
# The computer's quoting: the chance it types a verse (or a reference) word for word.
RECALL = 0.9


@dataclass
class Seat:
    name: str
    deck: list[Card] = field(default_factory=list)  # top first
    blessings: list[Card] = field(default_factory=list)  # top first
    hand: list[Card] = field(default_factory=list)
    chapters: dict[int, list[Card]] = field(default_factory=dict)
    discard: list[Card] = field(default_factory=list)
    darkness: list[Card] = field(default_factory=list)
    next_chapter: int = 1
    books: int = 0

    def zones(self) -> dict[str, list[Card]]:
        out = {"deck": self.deck, "blessings": self.blessings, "hand": self.hand}
        out.update({f"chapter-{n}": cards for n, cards in self.chapters.items()})
        out["discard"] = self.discard
        out["outer-darkness"] = self.darkness
        return out


@dataclass
class Options:
    variant: str = "basic"
    rounds: int = ROUNDS
    blessings: int = BLESSINGS
    # A handicap (docs/decks.md, "Handicaps"): each seat's own number of blessings, None for `blessings`. The rules
    # set seven aside; reviewers note the pile "can be different between the players" for a head start.
    seat_blessings: tuple[int | None, ...] = ()
    friendly: bool = False
    recall: float = RECALL
    quote_it: bool = True


@dataclass
class State:
    seats: list[Seat]
    options: Options
    rng: random.Random
    active: int = 0
    first: int = 0
    round: int = 1
    phase: str = "start"  # start, draw, freeplay, play, end, over
    turn_actions: int = 0
    playing: list[Card] = field(default_factory=list)
    # Work waiting to be done, front first (game.py's steps), and the choice one of them waits for.
    todo: list[dict[str, Any]] = field(default_factory=list)
    prompt: dict[str, Any] | None = None
    prompt_seat: int = 0  # the seat whose choice is being applied
    line: list[dict[str, Any]] = field(default_factory=list)
    set_ids: set[str] = field(default_factory=set)  # verses set, not played: their effects are ignored
    blocked: set[str] = field(default_factory=set)  # Unique titles (keys) played: no more of them
    emptied: list[int] = field(default_factory=list)  # seats that drew their last blessing in this step
    last_judgement: dict[str, Any] | None = None
    turn_no: int = 0  # turns begun so far, the first 0 (how long a printed restriction lasts)
    no_quote_it: dict[int, int] = field(default_factory=dict)  # seat -> the last turn it may not say Quote It
    no_book: dict[int, int] = field(default_factory=dict)  # seat -> the turn it may not close a book
    no_freeplay: dict[int, int] = field(default_factory=dict)  # seat -> the turn it skips its Freeplay phase
    opened: int = -1  # the last turn whose start has offered the start-of-turn Quick Plays
    # Verses that change their chapter's icons while in play (not set), by card id (docs/card-effects.md):
    # ("bonus", theme index, marker casefolded) for each copy dealt of a verse with `chapter-icon-bonus`;
    # ("count-as", from theme index, to theme index, turn number) once a `count-as-chosen-theme` resolves.
    auras: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # The Quick Plays dealt that are bound to a moment, card id -> the moment (most decks have none: a turn's start
    # and a Quote It ask nobody without scanning the hands).
    bound: dict[str, str] = field(default_factory=dict)
    # Every verse quoted word for word by the comparing function (a Quote's scripture, not a reference; a friendly
    # acceptance is not a correct quote): (seat, card id), in order. A finished table offers these for signing.
    quoted: list[tuple[int, str]] = field(default_factory=list)
    not_followed: list[list[dict[str, str]]] = field(default_factory=list)  # per seat: effects not followed
    # The legal actions of the position, kept until the next action (the loop, the computer and the check ask).
    legal_cache: dict[int, list[Any]] | None = None
    result: Result | None = None
    # Every card of the game by its id: cards change zones but never leave the game (Outer Darkness is a zone).
    by_id: dict[str, Card] = field(default_factory=dict)
    # Bumped whenever a chapter changes (game.py: _into_chapter, _remove, _close_book): the themes a book could be
    # closed in are kept for it, since every play phase's legal actions ask.
    tabletop: int = 0
    themes_cache: tuple[int, list[str]] | None = None

    def card(self, card_id: str) -> tuple[int | None, str, Card] | None:
        """Where a card is: its zone's owner and name. The zones that change most are searched first, with plain
        loops (this runs a few times an action; a generator over every zone cost a quarter of a game)."""
        if card_id not in self.by_id:
            return None
        for c in self.playing:
            if c.id == card_id:
                return None, "playing", c
        for owner, seat in enumerate(self.seats):
            for name, cards in (("hand", seat.hand), ("discard", seat.discard)):
                for c in cards:
                    if c.id == card_id:
                        return owner, name, c
            for n, chapter in seat.chapters.items():
                for c in chapter:
                    if c.id == card_id:
                        return owner, f"chapter-{n}", c
        for owner, seat in enumerate(self.seats):
            for name, cards in (("deck", seat.deck), ("blessings", seat.blessings), ("outer-darkness", seat.darkness)):
                for c in cards:
                    if c.id == card_id:
                        return owner, name, c
        return None

    def zones(self) -> Iterator[tuple[int | None, str, list[Card]]]:
        for i, seat in enumerate(self.seats):
            for name, cards in seat.zones().items():
                yield i, name, cards
        yield None, "playing", self.playing

    def icons(self, cards: list[Card]) -> list[int]:
        """A chapter's icons by theme, with what its verses in play add (Title of Liberty, Opposition in All
        Things)."""
        if not cards:
            return [0, 0, 0, 0, 0]
        out = [sum(t) for t in zip(*[card_icons(c.data) for c in cards], strict=True)]
        if self.auras:
            self._auras(cards, out)
        return out

    def _auras(self, cards: list[Card], out: list[int]) -> None:
        base = list(out)
        counted: set[tuple[int, int]] = set()
        for c in cards:
            aura = self.auras.get(c.id)
            if aura is None or c.id in self.set_ids:
                continue
            if aura[0] == "bonus":
                _, t, marker = aura
                out[t] += sum(1 for o in cards if o is not c and any(m.casefold() == marker for m in o.data.markers))
            elif aura[3] == self.turn_no and (aura[1], aura[2]) not in counted:
                # "Trials icons in this chapter also count as icons of that theme": once a theme, however many say so.
                counted.add((aura[1], aura[2]))
                out[aura[2]] += base[aura[1]]


@cache
def card_icons(data: CardData) -> tuple[int, ...]:
    """A verse's icons in CV_THEMES order (read once per printing)."""
    return tuple(int(data.icons.get(t, 0) or 0) for t in CV_THEMES)


def read_options(options: Mapping[str, Any], seats: int) -> Options:
    out = Options()
    variant = options.get("variant", "basic")
    if variant not in VARIANTS:
        raise SetupError("options.variant", "unknown-variant", f"Variants of this game: {', '.join(VARIANTS)}.")
    out.variant = variant
    for key, low, high in (("rounds", 1, MAX_ROUNDS), ("blessings", 1, BLESSINGS)):
        value = options.get(key, getattr(out, key))
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise SetupError(f"options.{key}", f"bad-{key}", f"'{key}' is a whole number from {low} to {high}.")
        setattr(out, key, value)
    out.seat_blessings = read_seat_numbers(options, "seat_blessings", low=1, high=BLESSINGS, seats=seats)
    for key in ("friendly", "quote_it"):
        value = options.get(key, getattr(out, key))
        if not isinstance(value, bool):
            raise SetupError(f"options.{key}", f"bad-{key}", f"'{key}' is true or false.")
        setattr(out, key, value)
    recall = options.get("computer_recall", RECALL)
    if isinstance(recall, bool) or not isinstance(recall, int | float) or not 0 <= recall <= 1:
        raise SetupError("options.computer_recall", "bad-recall", "'computer_recall' is a number from 0 to 1.")
    out.recall = float(recall)
    return out


def prompt_ids(state: State, seat: int | None) -> set[str]:
    """Cards the waiting choice shows its seat (a Prayer's look, a Keyword's search of the deck)."""
    prompt = state.prompt
    if prompt is None or seat is None or prompt["seat"] != seat:
        return set()
    return set(prompt.get("shows", ()))


def _sees(zone: str, owner: int | None, seat: int | None) -> bool:
    if zone in ("deck", "blessings"):
        return False
    if zone == "hand":
        return seat is not None and seat == owner
    return True


def secret_ids(state: State, seat: int | None) -> set[str]:
    shown = prompt_ids(state, seat)
    return {
        c.id
        for owner, zone, cards in state.zones()
        for c in cards
        if not _sees(zone, owner, seat) and c.id not in shown
    }


def _frame(state: State, seat: int | None, whole: bool) -> dict[str, Any]:
    prompt = state.prompt
    shown_prompt = None
    if prompt is not None:
        shown_prompt = {"seat": prompt["seat"], "kind": prompt["kind"], "says": prompt.get("says", "")}
        if whole or seat == prompt["seat"]:
            shown_prompt["shows"] = list(prompt.get("shows", ()))
            # The same cards with their titles: a face-down card (an opponent's hand looked at) has none elsewhere.
            shown_prompt["shown"] = [state.by_id[i].to_dict() for i in shown_prompt["shows"]]
    return {
        "variant": state.options.variant,
        "round": state.round,
        "rounds": state.options.rounds,
        "active": state.active,
        "first": state.first,
        "phase": state.phase,
        "prompt": shown_prompt,
        "line": [
            {"seat": e["seat"], "card": e["card"], "title": e["title"], "cancelled": e.get("cancelled", False)}
            for e in state.line
        ],
        "waiting_in_the_line": " → ".join(e["title"] for e in state.line) or "nothing",
        "set": sorted(state.set_ids),
        "unique_played": sorted(state.blocked),
        "blessings_left": [len(s.blessings) for s in state.seats],
        "result": state.result.to_dict() if state.result else None,
    }


def to_dict(state: State) -> dict[str, Any]:
    return {
        "seats": [
            {"name": s.name, "books": s.books, "zones": {z: [c.to_dict() for c in cs] for z, cs in s.zones().items()}}
            for s in state.seats
        ],
        "zones": {"playing": [c.to_dict() for c in state.playing]},
        "not_followed": [dict(e, seat=i) for i, listed in enumerate(state.not_followed) for e in listed],
        "last_judgement": state.last_judgement,
        **_frame(state, None, True),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    def shown(owner: int | None, zone: str, cards: list[Card]) -> Any:
        if zone in ("deck", "blessings"):
            return {"count": len(cards)}
        if _sees(zone, owner, seat):
            return [c.to_dict() for c in cards]
        return [{"facedown": True} for _ in cards]

    return {
        "seats": [
            {"name": s.name, "books": s.books, "zones": {z: shown(i, z, cs) for z, cs in s.zones().items()}}
            for i, s in enumerate(state.seats)
        ],
        "zones": {"playing": [c.to_dict() for c in state.playing]},
        "not_followed": list(state.not_followed[seat]) if seat is not None else [],
        **_frame(state, seat, False),
    }


def quoted_verses(state: State) -> list[tuple[int, Card]]:
    """The verses quoted word for word in this game, each (seat, card) once, in the order quoted: what a
    finished table offers an opponent to sign (docs/learning.md, "Mastery")."""
    out: list[tuple[int, Card]] = []
    seen: set[tuple[int, str]] = set()
    for seat, card_id in state.quoted:
        found = state.card(card_id)
        if found is not None and (seat, card_id) not in seen:
            seen.add((seat, card_id))
            out.append((seat, found[2]))
    return out
