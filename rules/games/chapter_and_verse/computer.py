"""The computer player of Chapter and Verse (docs/games/chapter-and-verse.md, "The computer player").

It looks only at what its seat may see (its hand, every tabletop, discards, and the cards a choice shows it).
A verse's *worth* is its largest icon count, +1 for an effect when played (as the goldfish policy, docs/rulings.md);
its *usefulness* orders the hand: worth first, then the cheaper. In its turn it plays free the verse that saves
most (worth + sacrifice cost), then quotes its Quote verses, plays every verse whose worth is more than the worth of
the least useful verses it must sacrifice, discards verses whose Discard effect draws, and closes a book when it
can, taking opponents' chapters first (their verses go to the discard) and its own last; then it ends its turn.
It challenges (Quote It) a verse that completes seven icons of a theme or is worth 3 or more, sacrificing its least
useful verse, while it holds three verses or more; it answers a Quote It or quotes a verse correctly with the
table's `computer_recall` chance (the setting); with a Quick Play that cancels, it answers an opponent's verse of
worth 2 or more; it plays The Whole Armour whenever it is offered (an effect would take a verse out of one of its
chapters); A Time to Every Purpose at the start of an opponent's turn when that opponent has no more blessings left
than it has; Samuel on the Wall when a verse of its own it would challenge itself (worth 3 or more, or completing
seven icons) is challenged; in friendly play it accepts an attempt scored 0.75 or more. A verse acting on
opponents: it aims at the opponent's chapter nearest a book, or the opponent holding most verses; made to give up a
verse, it gives its least useful one (and, to pick one of its own chapters, the one farthest from a book: so it
returns that chapter with Let This Cup Pass). With Mustard Seed it moves the verse that takes another of its
chapters nearest a book for what its own chapter loses, into that chapter; with Opposition in All Things it counts
the Trials icons as the theme its chapter has most of.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Any

from rules.cards import CardData
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.chapter_and_verse.table import card_icons
from rules.play.interface import Action
from rules.play.interface import Card

if TYPE_CHECKING:
    from rules.games.chapter_and_verse.table import State

BOOK_ICONS = 7


def worth(card: Card) -> int:
    return _worth(card.data)


@lru_cache(maxsize=4096)
def _worth(data: CardData) -> int:
    """Read once a printing: the computer asks it of every verse of a hand at every choice."""
    bonus = any(
        e.get("kind") in ("prayer", "keyword", "cross-reference") or (e.get("kind") == "text" and "do" in e)
        for e in data.effects
    )
    return max((int(v or 0) for v in data.icons.values()), default=0) + (1 if bonus else 0)


def useful(card: Card) -> int:
    return worth(card) * 64 + (63 - min(63, max(0, card.data.sacrifice or 0)))


def _icons(cards: list[Card]) -> list[int]:
    if not cards:
        return [0] * len(CV_THEMES)
    return [sum(t) for t in zip(*[card_icons(c.data) for c in cards], strict=True)]


def _placement(state: State, seat: int, card: Card, chapter: int) -> int:
    """How far the verse takes its chapter toward a book: the best theme's count after it, 7 at most."""
    cards = state.seats[seat].chapters.get(chapter, []) if chapter else []
    now = _icons(cards)
    mine = _icons([card])
    best = max((now[t] + mine[t] for t in range(len(CV_THEMES)) if mine[t]), default=0)
    if cards and max(now) >= BOOK_ICONS:
        return 0  # a book already: more verses there are wasted
    return min(best, BOOK_ICONS) * 2 + (1 if chapter else 0)  # ties: an existing chapter


def _card(state: State, card_id: str) -> Card:
    return state.by_id[card_id]


def _cheapest(hand: list[Card], n: int, skip: str = "") -> int:
    return sum(sorted(worth(c) for c in hand if c.id != skip)[:n])


def _best_play(state: State, seat: int, legal: list[Action], kind: str) -> Action | None:
    hand = state.seats[seat].hand
    best: tuple[Any, ...] | None = None
    pick = None
    for a in legal:
        if a["type"] != kind:
            continue
        c = _card(state, a["ids"][0])
        w = worth(c)
        if kind == "freeplay":
            score: tuple[Any, ...] = (w + (c.data.sacrifice or 0), _placement(state, seat, c, a["chapter"]))
        else:
            net = w - (0 if kind == "quote" else _cheapest(hand, c.data.sacrifice or 0, c.id))
            if w <= 0 or net < (0 if kind == "quote" else 1):
                continue
            score = (kind == "quote", net, _placement(state, seat, c, a["chapter"]))
        if best is None or score > best:
            best, pick = score, a
    return pick


def _attempt(right: str, recall: float, rng: random.Random) -> str:
    """The computer's typing: the text word for word with the `recall` chance, else its first half only."""
    if rng.random() < recall:
        return right
    words = right.split()
    return " ".join(words[: max(1, len(words) // 2)])


def _answer(state: State, seat: int, rng: random.Random) -> Action:
    prompt = state.prompt
    assert prompt is not None
    step = prompt["step"]
    card = _card(state, step["card"])
    if step["kind"] == "reference":
        return {"type": "answer", "text": card.data.reference if rng.random() < state.options.recall else ""}
    return {"type": "answer", "text": _attempt(card.data.scripture, state.options.recall, rng)}


def _choose(state: State, seat: int, legal: list[Action]) -> Action:
    prompt = state.prompt
    assert prompt is not None
    step = prompt["step"] or {}
    cards = [(a, _card(state, a["ids"][0])) for a in legal if a.get("ids")]
    none = next((a for a in legal if not a.get("ids")), None)
    action = step.get("actions", [{}])[step.get("i", 0)] if step.get("step") == "do" else {}
    name = action.get("action", step.get("step"))
    if name == "move-own-verse":
        chapters = state.seats[seat].chapters

        def gain(c: Card) -> int:
            here = next(k for k, ch in chapters.items() if c in ch)
            best = max(_placement(state, seat, c, k) for k in chapters if k != here)
            return best - 2 * max(_icons(chapters[here]))

        return max(cards, key=lambda p: gain(p[1]))[0]
    if name in ("hand-to-deck-bottom", "foe"):
        return min(cards, key=lambda p: useful(p[1]))[0]
    if name == "set-from-hand":
        chapter = state.seats[seat].chapters.get(step["chapter"], [])
        icons = _icons(chapter)
        lead = icons.index(max(icons)) if chapter else 0
        good = [(a, c) for a, c in cards if c.data.icons.get(CV_THEMES[lead], 0)]
        if good:
            return max(good, key=lambda p: (p[1].data.icons.get(CV_THEMES[lead], 0), -useful(p[1])))[0]
        return none or cards[0][0]
    if cards:
        return max(cards, key=lambda p: useful(p[1]))[0]
    assert none is not None
    return none


def _book(state: State, seat: int, legal: list[Action]) -> Action:
    close = next((a for a in legal if a["type"] == "close-book"), None)
    if close is not None:
        return close
    prompt = state.prompt
    assert prompt is not None
    t = CV_THEMES.index(prompt["theme"])

    def key(a: Action) -> tuple[int, int]:
        cards = state.seats[a["owner"]].chapters[a["chapter"]]
        return (a["owner"] != seat, _icons(cards)[t])

    return max(legal, key=key)


def _challenge(state: State, seat: int, legal: list[Action]) -> Action:
    prompt = state.prompt
    assert prompt is not None
    step = prompt["step"]
    hand = state.seats[seat].hand
    card = _card(state, step["card"])
    chapter = state.seats[step["seat"]].chapters.get(step["chapter"], [])
    key = max(_icons(chapter), default=0) >= BOOK_ICONS or worth(card) >= 3
    if key and len(hand) >= 3:
        return min((a for a in legal if a["type"] == "quote-it"), key=lambda a: useful(_card(state, a["ids"][0])))
    return {"type": "pass"}


def _respond(state: State, seat: int, legal: list[Action]) -> Action:
    prompt = state.prompt
    assert prompt is not None
    if prompt["step"]["step"] == "moment":
        return _at_moment(state, seat, prompt["step"], legal)
    top = state.line[-1]
    target = state.by_id.get(top["card"])
    for a in legal:
        if a["type"] != "quick-play":
            continue
        c = _card(state, a["ids"][0])
        actions = [x.get("action") for e in c.data.effects if e.get("kind") == "quick-play" for x in e.get("do") or ()]
        if "cancel-taking-effect" in actions:
            return a  # offered only when the effect would take a verse out of one of its chapters
        if "cancel-effect" in actions and top["seat"] != seat and target is not None and worth(target) >= 2:
            return a
        if "draw-verses" in actions or "draw-blessing" in actions:
            return a
    return {"type": "pass"}


def _at_moment(state: State, seat: int, step: dict[str, Any], legal: list[Action]) -> Action:
    """A Quick Play bound to a moment: skip the freeplay of an opponent level with it or ahead (no more blessings
    left); make a challenge fail against a verse it would challenge itself (worth 3 or more, or seven icons)."""
    quick = next((a for a in legal if a["type"] == "quick-play"), None)
    if quick is None:
        return {"type": "pass"}
    if step["moment"] == "start-of-turn":
        player = step["about"]["player"]
        left = [len(s.blessings) for s in state.seats]
        return quick if player != seat and left[player] <= left[seat] else {"type": "pass"}
    answer = step["about"]["answer"]
    card = _card(state, answer["card"])
    chapter = state.seats[answer["seat"]].chapters.get(answer["then"]["chapter"], [])
    key = max(_icons(chapter), default=0) >= BOOK_ICONS or worth(card) >= 3
    return quick if key else {"type": "pass"}


def choose(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    prompt = state.prompt
    assert prompt is not None
    kind = prompt["kind"]
    hand = state.seats[seat].hand
    if kind == "hand-limit":
        return min(legal, key=lambda a: useful(_card(state, a["ids"][0])))
    if kind == "freeplay":
        return _best_play(state, seat, legal, "freeplay") or {"type": "pass"}
    if kind == "play":
        for kind_ in ("quote", "play"):
            found = _best_play(state, seat, legal, kind_)
            if found is not None and kind_ == "quote":
                card = _card(state, found["ids"][0])
                return {**found, "text": _attempt(card.data.scripture, state.options.recall, rng)}
            if found is not None:
                return found
        for a in legal:
            if a["type"] == "discard":
                c = _card(state, a["ids"][0])
                does = [
                    x.get("action") for e in c.data.effects if e.get("kind") == "discard" for x in e.get("do") or ()
                ]
                if "draw-verses" in does or "draw-blessing" in does:
                    return a
        book = next((a for a in legal if a["type"] == "start-book"), None)
        return book or {"type": "end-turn"}
    if kind == "sacrifice":
        return min(legal, key=lambda a: useful(_card(state, a["ids"][0])))
    if kind == "quote-it":
        return _challenge(state, seat, legal)
    if kind == "respond":
        return _respond(state, seat, legal)
    if kind == "answer":
        return _answer(state, seat, rng)
    if kind == "judge":
        judged = state.last_judgement or {}
        return {"type": "accept" if judged.get("score", 0) >= 0.75 else "refuse"}
    if kind == "quote-failed":
        card = _card(state, prompt["step"]["card"])
        n = card.data.sacrifice or 0
        pay = any(a["type"] == "pay" for a in legal) and worth(card) >= _cheapest(hand, n)
        return {"type": "pay" if pay else "drop"}
    if kind == "choose":
        return _choose(state, seat, legal)
    if kind == "place":
        step = prompt["step"]
        rest = [_card(state, i) for i in step.get("rest", [])]
        return {"type": "place", "where": "top" if any(worth(c) >= 3 for c in rest) else "bottom"}
    if kind == "book":
        return _book(state, seat, legal)
    if kind == "target":
        return _target(state, seat, legal)
    if kind == "theme":
        # Opposition in All Things: the theme its chapter has most of (the Trials icons join the nearest book).
        chapter = state.seats[seat].chapters.get(prompt["step"]["chapter"], [])
        icons = _icons(chapter)
        return max(legal, key=lambda a: icons[CV_THEMES.index(a["theme"])])
    if kind == "prevent":
        return legal[0]  # a verse of its own kept from the discard pile
    return legal[0]


def _target(state: State, seat: int, legal: list[Action]) -> Action:
    """An opponent's chapter: the one nearest a book (its own, when an opponent's verse makes it pick: the
    farthest); an opponent: the one holding most verses."""
    if "chapter" not in legal[0]:
        return max(legal, key=lambda a: len(state.seats[a["owner"]].hand))
    step = state.prompt["step"] if state.prompt else None
    if step and step.get("step") == "do" and step["actions"][step["i"]]["action"] == "move-own-verse":
        moving = _card(state, step["left"])
        return max(legal, key=lambda a: _placement(state, seat, moving, a["chapter"]))

    def key(a: Action) -> tuple[int, int]:
        cards = state.seats[a["owner"]].chapters[a["chapter"]]
        return (max(_icons(cards)), len(cards))

    return min(legal, key=key) if legal[0]["owner"] == seat else max(legal, key=key)
