"""Goldfish `play` mode: a solo player who follows the turn sequence (shared/spec/goldfish.md).

Pure engine, like rules/goldfish.py: no Django, no Celery, no I/O; progress goes
out through `on_progress(fraction)`, which may raise to stop a run. The design
mirrors `simulate`: `plan_play(...)` reduces the request to a `PlayPlan` of JSON
primitives; the plan is split into chunks of a FIXED number of games
(`PLAY_CHUNK_TRIALS`); chunk i draws from child i of `SeedSequence(seed)`
(`rules.goldfish.chunk_generator`), so `play_chunk(plan, i)` gives the same
counts on any worker, in any order, and `combine_play(plan, chunks)` of any
split gives the same `PlayResult`. `goldfish_play_run` does all of it in this
process.

Randomness: per sub-batch of `PLAY_SUB_BATCH` games the chunk's generator
shuffles every deck at once (`Generator.permuted`); the few shuffles in the
middle of a game (after Keyword) take uniforms from a buffer refilled from the
same generator. All of it is consumed in game order, so a chunk is a pure
function of (plan, chunk index).

Policy `greedy`, Chapter and Verse (the rulings are in docs/rulings.md):
- A verse's *worth* is its largest icon count, +1 if it has Prayer or Keyword
  (a free card). Its *usefulness* orders cards: worth first, then the lower
  sacrifice cost. Both are fixed per card, computed once in the plan.
- Placement: a verse joins the open chapter (one without 7 icons of a theme
  yet) whose leading theme (most icons, ties to the first of strength, wisdom,
  faith, histories, trials) it has icons of and where that theme's count ends
  highest; ties go to the older chapter. Otherwise it starts a new chapter.
  Verses without icons start a chapter of their own (they are played for
  their effect or to empty the hand).
- Start: a hand over 8 puts its least useful cards at the bottom of the
  blessing stack. Draw: always, unless the deck is empty.
- Freeplay: the playable verse with the highest worth + sacrifice cost (what
  freeplay saves), ties to the higher worth.
- Play: repeatedly play the verse with the best *net* = its worth minus the
  worth of the cards it would sacrifice (the least useful others), if its
  worth is above 0 and the net is not negative; ties to the higher worth +
  cost. Verses whose Unique title was played are skipped.
- Effects: Prayer (n) takes the most useful of the top n into the hand, the
  rest to the bottom in the order seen; Keyword takes the most useful verse
  whose scripture has one of the words as a whole word (case ignored), then
  the deck is shuffled; Unique blocks the title for the rest of the game.
- Close: after playing everything worth playing (closing ends the turn and
  there is no opponent to interrupt), close the oldest chapter with 7+ icons
  of one theme, if any, and draw a blessing; drawing the last one wins.

Policy `greedy`, Bible Battles:
- Draw (an empty deck at the draw loses: the game stops being tracked).
- Play the follower with the most wisdom (one a turn; followers need no effort).
- If inspiring every follower and wisdom card for wisdom reaches the target
  this turn, do that. Otherwise build: repeatedly bring in the hand's card with
  wisdom (not a follower or event) with the best wisdom per effort (ties to
  more wisdom) that the unspent followers can pay for and, for an army or
  unique person, that the food in play can feed; when nothing else can be
  built but such a card is held back only by food, bring in the food card
  with the most food (ties to less effort). The followers with the least wisdom give the effort; every
  other follower and every wisdom card in play is inspired for wisdom.
  Armies, events, and cards without wisdom or needed food are never built.
- End: over 7 cards, discard the least useful (followers, then wisdom cards,
  then food cards, then the rest).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules.cards import CardData
from rules.games import CV_THEMES
from rules.goldfish import (
    MAX_SEED,
    MAX_TARGET,
    MAX_TRIALS,
    MAX_TURNS,
    GoldfishDeck,
    GoldfishQuery,
    GoldfishRequestError,
    QueryResult,
    chunk_generator,
    run_chunks,
)

CV = "chapter-and-verse"
BB = "bible-battles"
POLICIES: tuple[str, ...] = ("greedy",)
DEFAULT_TARGET = 30
OUTCOMES: Mapping[str, tuple[str, ...]] = {CV: ("first-book", "win"), BB: ("wisdom-target",)}

# Games per chunk. Fixed, because chunk boundaries decide which generator plays
# which game. Play is ~200x slower per trial than simulate's hands, so a chunk
# is 50,000 games: ~5-10 s of ten-turn games, coarse enough that a Celery round
# trip (~3 ms) does not matter, fine enough to spread a few million over workers.
PLAY_CHUNK_TRIALS = 50_000
# Games whose decks are shuffled in one NumPy call; also the progress step.
# Fixed for reproducibility: the generator is consumed batch by batch.
PLAY_SUB_BATCH = 1_000
# Uniforms drawn at a time for shuffles inside a game. Fixed, like the above.
UNIFORM_BUFFER = 4_096
# Bump when anything changes the games a plan plays.
PLAY_VERSION = 1

HAND_OVER = 8  # C&V: more than 8 at the start of the turn go to the blessings
BOOK_ICONS = 7  # C&V: icons of one theme in one chapter to close a book
BLESSINGS = 7
CV_HAND = 5
BB_HAND = 7
BB_HAND_LIMIT = 7

# Result flags of one turn.
BOOK = 1
WON = 2
REACHED = 1
LOST = 2

# Bible Battles card roles, as the greedy policy sees them.
BB_FOLLOWER = "follower"
BB_EATERS = ("army", "unique-person")
BB_NEVER_BUILT = ("event",)


# ---------------------------------------------------------------- the plan
def _check_int(value: object, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{name} must be an integer from {low:,} to {high:,}, not {value!r}")
    return value


def keyword_matches(words: Sequence[str], scripture: str) -> bool:
    """Whether the scripture has one of the words as a whole word, case ignored ("light" not in "delight")."""
    return any(re.search(rf"\b{re.escape(w.strip())}\b", scripture, re.IGNORECASE) for w in words if w.strip())


@dataclass(frozen=True)
class PlayPlan:
    """Everything a worker needs to play any chunk, as JSON primitives (`to_dict`/`from_dict`).

    `kinds` are the deck's distinct printings in a canonical order (title key,
    set, number), each a tuple laid out per game:
    - C&V: (copies, sacrifice, (5 icons in CV_THEMES order), prayer n or 0,
      1 if it has Keyword else 0, (kinds its Keyword finds), unique group or -1,
      (query indices))
    - BB: (copies, type, effort, food, wisdom, (query indices))
    `digest` fingerprints it all, so chunks of different plans do not mix.
    """

    game: str
    policy: str
    trials: int
    seed: int
    turns: int
    target: int | None
    cards_seen: tuple[int, ...]
    titles: tuple[str, ...]
    kinds: tuple[tuple[Any, ...], ...]
    query_names: tuple[str, ...] = ()
    query_at_least: tuple[int, ...] = ()
    chunk_trials: int = PLAY_CHUNK_TRIALS
    version: int = PLAY_VERSION

    @property
    def n_chunks(self) -> int:
        return -(-self.trials // self.chunk_trials)

    @property
    def outcome_names(self) -> tuple[str, ...]:
        return OUTCOMES[self.game]

    def chunk_size(self, chunk_index: int) -> int:
        if not 0 <= chunk_index < self.n_chunks:
            raise ValueError(f"chunk {chunk_index} is not in 0..{self.n_chunks - 1}")
        return min(self.chunk_trials, self.trials - chunk_index * self.chunk_trials)

    def _body(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "game": self.game,
            "policy": self.policy,
            "trials": self.trials,
            "seed": self.seed,
            "turns": self.turns,
            "target": self.target,
            "chunk_trials": self.chunk_trials,
            "cards_seen": list(self.cards_seen),
            "titles": list(self.titles),
            "kinds": _to_json(self.kinds),
            "query_names": list(self.query_names),
            "query_at_least": list(self.query_at_least),
        }

    @property
    def digest(self) -> str:
        canonical = json.dumps(self._body(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {**self._body(), "digest": self.digest}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayPlan:
        """Rebuild a plan sent over the broker; a plan of another engine version is refused."""
        if data.get("version") != PLAY_VERSION:
            raise ValueError(
                f"play plan version {data.get('version')!r} is not this engine's {PLAY_VERSION}: "
                "its numbers would differ, so it must be planned again"
            )
        target = data.get("target")
        plan = cls(
            game=str(data["game"]),
            policy=str(data["policy"]),
            trials=int(data["trials"]),
            seed=int(data["seed"]),
            turns=int(data["turns"]),
            target=None if target is None else int(target),
            cards_seen=tuple(int(n) for n in data["cards_seen"]),
            titles=tuple(str(t) for t in data["titles"]),
            kinds=_to_tuple(data["kinds"]),
            query_names=tuple(str(n) for n in data.get("query_names", ())),
            query_at_least=tuple(int(n) for n in data.get("query_at_least", ())),
            chunk_trials=int(data["chunk_trials"]),
        )
        if "digest" in data and data["digest"] != plan.digest:
            raise ValueError("plan digest does not match its contents")
        return plan


def _to_json(value: Any) -> Any:
    return [_to_json(v) for v in value] if isinstance(value, tuple | list) else value


def _to_tuple(value: Any) -> Any:
    return tuple(_to_tuple(v) for v in value) if isinstance(value, list | tuple) else value


def plan_play(
    deck: GoldfishDeck,
    turns: int,
    trials: int,
    seed: int,
    *,
    policy: str | None = "greedy",
    target: int | None = DEFAULT_TARGET,
    queries: Sequence[GoldfishQuery] = (),
    chunk_trials: int = PLAY_CHUNK_TRIALS,
) -> PlayPlan:
    """Reduce a play request to a plan.

    `target` is Bible Battles' wisdom to reach (ignored for Chapter and Verse).
    `queries`, if any, count the cards that came into the hand by each turn
    (drawn, taken by Prayer or Keyword, blessings). An unknown `policy` or a
    bad `target` raises `GoldfishRequestError` naming the field; `chunk_trials`
    other than the default is for tests. `policy` or `target` None (absent from
    the request, as `GoldfishRequest` has them) means the default.
    """
    policy = "greedy" if policy is None else policy
    target = DEFAULT_TARGET if target is None else target
    if policy not in POLICIES:
        raise GoldfishRequestError("policy", f"must be one of {', '.join(POLICIES)}, not {policy!r}")
    _check_int(turns, "turns", 0, MAX_TURNS)
    _check_int(trials, "trials", 1, MAX_TRIALS)
    _check_int(seed, "seed", 0, MAX_SEED)
    _check_int(chunk_trials, "chunk_trials", 1, MAX_TRIALS)
    plan_target: int | None = None
    if deck.game == BB:
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
            raise GoldfishRequestError("target", f"must be an integer from 1 to {MAX_TARGET:,}")
        plan_target = target

    # Merge copies of one printing; canonical order, so the deck list's order
    # does not change the numbers.
    copies: dict[CardData, int] = {}
    for card, count in deck.cards:
        if count:
            copies[card] = copies.get(card, 0) + count
    cards = sorted(copies, key=lambda c: (c.title_key, c.set_code, c.number))
    query_of = [tuple(q for q, query in enumerate(queries) if query.filter.matches(c)) for c in cards]

    kinds: list[tuple[Any, ...]]
    if deck.game == CV:
        unique_groups: dict[str, int] = {}
        kinds = []
        for i, card in enumerate(cards):
            prayer = 0
            words: list[str] = []
            for effect in card.effects:
                kind = effect.get("kind")
                if kind == "prayer":
                    prayer = max(prayer, int(effect.get("n") or 0))
                elif kind == "keyword":
                    words.extend(str(w) for w in effect.get("words") or ())
            found = tuple(j for j, other in enumerate(cards) if words and keyword_matches(words, other.scripture))
            group = unique_groups.setdefault(card.title_key, len(unique_groups)) if card.unique else -1
            icons = tuple(max(0, int(card.icons.get(theme, 0) or 0)) for theme in CV_THEMES)
            keyword = 1 if any(e.get("kind") == "keyword" for e in card.effects) else 0
            kinds.append((copies[card], max(0, card.sacrifice or 0), icons, prayer, keyword, found, group, query_of[i]))
    else:
        kinds = [
            (copies[card], card.type, max(0, card.effort or 0), max(0, card.food), max(0, card.wisdom), query_of[i])
            for i, card in enumerate(cards)
        ]
    return PlayPlan(
        game=deck.game,
        policy=policy,
        trials=trials,
        seed=seed,
        turns=turns,
        target=plan_target,
        cards_seen=deck.cards_seen(turns),
        titles=tuple(c.title for c in cards),
        kinds=tuple(kinds),
        query_names=tuple(q.name for q in queries),
        query_at_least=tuple(q.at_least for q in queries),
        chunk_trials=chunk_trials,
    )


# ---------------------------------------------------------------- randomness inside a game
class Uniforms:
    """Uniform [0, 1) numbers from the chunk's generator, drawn a buffer at a time.

    Shuffles inside a game are rare (Keyword) and small, so a Python
    Fisher-Yates over buffered uniforms beats a NumPy call per shuffle.
    """

    __slots__ = ("buffer", "position", "rng")

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.buffer: list[float] = []
        self.position = 0

    def shuffle(self, items: list[int]) -> None:
        buffer, position = self.buffer, self.position
        for i in range(len(items) - 1, 0, -1):
            if position >= len(buffer):
                buffer = self.buffer = self.rng.random(UNIFORM_BUFFER).tolist()
                position = 0
            j = int(buffer[position] * (i + 1))
            position += 1
            items[i], items[j] = items[j], items[i]
        self.position = position


# ---------------------------------------------------------------- Chapter and Verse
class CVTables:
    """Per-kind integers the C&V turn reads, unpacked once per chunk from the plan."""

    __slots__ = ("cost", "fkey", "icons", "keyword", "nz", "prayer", "unique", "useful", "worth")

    def __init__(self, kinds: Sequence[tuple[Any, ...]]):
        self.cost = [k[1] for k in kinds]
        self.icons = [tuple(k[2]) for k in kinds]
        # Non-zero icons, largest first (ties in theme order): the themes a verse can lead.
        self.nz = [tuple(sorted(((t, n) for t, n in enumerate(k[2]) if n), key=lambda p: (-p[1], p[0]))) for k in kinds]
        self.prayer = [k[3] for k in kinds]
        # Per Keyword card, a flag per kind: found by it. A Keyword that can find
        # nothing still searches (and shuffles): the player cannot know that.
        self.keyword = [[j in set(k[5]) for j in range(len(kinds))] if k[4] else None for k in kinds]
        self.unique = [k[6] for k in kinds]
        has_effect = [1 if (k[3] or k[4]) else 0 for k in kinds]
        self.worth = [max(k[2], default=0) + e for k, e in zip(kinds, has_effect)]
        # Usefulness: worth first, then the cheaper; higher keeps, lower goes first.
        self.useful = [w * 64 + (63 - min(c, 63)) for w, c in zip(self.worth, self.cost)]
        # Freeplay: worth + cost (what playing free saves), then worth.
        self.fkey = [(w + c) * 64 + w for w, c in zip(self.worth, self.cost)]


class CVState:
    """One C&V game in progress. Piles are lists of kind indices; the top of the deck and of
    the blessing stack is the END of the list (pop() draws), the bottom index 0."""

    __slots__ = ("blessings", "blocked", "books", "chapters", "deck", "entered", "hand", "leads", "maxes")

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
        self.blocked: set[int] = set()  # Unique groups already played
        self.books = 0
        self.entered: list[int] = list(self.hand)  # cards that came into the hand, for queries

    @classmethod
    def setup(cls, deck: list[int]) -> CVState:
        """Shuffled deck in, set up: the top 7 to the blessings unseen, the next 5 to the hand."""
        blessings = deck[-BLESSINGS:] if len(deck) >= BLESSINGS else deck[:]
        del deck[len(deck) - len(blessings) :]
        hand = deck[-CV_HAND:] if len(deck) >= CV_HAND else deck[:]
        del deck[len(deck) - len(hand) :]
        return cls(deck, hand, blessings)


def cv_play_verse(tb: CVTables, s: CVState, k: int, rnd: Uniforms) -> None:
    """Put verse k (already out of the hand) into a chapter and resolve its effects."""
    nz = tb.nz[k]
    chapters, leads, maxes = s.chapters, s.leads, s.maxes
    if nz:
        icons = tb.icons[k]
        best_c = -1
        best = -1
        for c in range(len(chapters)):
            m = maxes[c]
            if m >= BOOK_ICONS:
                continue  # already a book: more verses there are wasted
            n = icons[leads[c]]
            if n and m + n > best:
                best = m + n
                best_c = c
        if best_c < 0:
            chapters.append([0, 0, 0, 0, 0])
            leads.append(nz[0][0])
            maxes.append(0)
            best_c = len(chapters) - 1
        vec = chapters[best_c]
        lead, m = leads[best_c], maxes[best_c]
        for t, n in nz:
            v = vec[t] + n
            vec[t] = v
            if v > m or (v == m and t < lead):
                lead, m = t, v
        leads[best_c] = lead
        maxes[best_c] = m
    group = tb.unique[k]
    if group >= 0:
        s.blocked.add(group)
    deck = s.deck
    n = tb.prayer[k]
    if n and deck:
        useful = tb.useful
        look = deck[-n:]
        del deck[-n:]
        # Top card first; the most useful, the first seen on ties.
        look.reverse()
        pick = max(range(len(look)), key=lambda i: (useful[look[i]], -i))
        card = look.pop(pick)
        s.hand.append(card)
        s.entered.append(card)
        look.reverse()  # the rest go under the deck in the order seen, the first seen lowest
        deck[0:0] = look
    found = tb.keyword[k]
    if found is not None and deck:
        useful = tb.useful
        best_j = -1
        best_u = -1
        for j in range(len(deck) - 1, -1, -1):  # from the top, so ties take the topmost
            kind = deck[j]
            if found[kind] and useful[kind] > best_u:
                best_u = useful[kind]
                best_j = j
        if best_j >= 0:
            card = deck.pop(best_j)
            s.hand.append(card)
            s.entered.append(card)
        rnd.shuffle(deck)


def cv_turn(tb: CVTables, s: CVState, rnd: Uniforms) -> int:
    """Play one whole turn; returns BOOK if a book was closed, | WON if that drew the last blessing."""
    hand = s.hand
    deck = s.deck
    useful = tb.useful
    worth = tb.worth
    cost = tb.cost
    unique = tb.unique
    blocked = s.blocked
    # Start: over 8 cards, the least useful excess goes under the blessings.
    if len(hand) > HAND_OVER:
        hand.sort(key=useful.__getitem__)
        excess = len(hand) - HAND_OVER
        s.blessings[0:0] = hand[:excess]
        del hand[:excess]
    # Draw.
    if deck:
        card = deck.pop()
        hand.append(card)
        s.entered.append(card)
    # Freeplay.
    if hand:
        fkey = tb.fkey
        best_i = -1
        best_f = -1
        for i, k in enumerate(hand):
            if fkey[k] > best_f and (unique[k] < 0 or unique[k] not in blocked):
                best_f = fkey[k]
                best_i = i
        if best_i >= 0:
            cv_play_verse(tb, s, hand.pop(best_i), rnd)
    # Play: the best net trade while one is not a loss.
    fkey = tb.fkey
    while hand:
        hand.sort(key=useful.__getitem__)
        n = len(hand)
        prefix = [0]
        total = 0
        for k in hand:
            total += worth[k]
            prefix.append(total)
        best_i = -1
        best_net = -1
        best_f = -1
        for i, k in enumerate(hand):
            c = cost[k]
            w = worth[k]
            if c >= n or w <= 0 or (unique[k] >= 0 and unique[k] in blocked):
                continue
            # The c least useful OTHER cards are sacrificed.
            net = w - (prefix[c] if i >= c else prefix[c + 1] - w)
            if net > best_net or (net == best_net and fkey[k] > best_f):
                best_net = net
                best_f = fkey[k]
                best_i = i
        if best_i < 0:
            break
        k = hand.pop(best_i)
        del hand[: cost[k]]  # sacrificed: to the discard, which nothing reads
        cv_play_verse(tb, s, k, rnd)
    # Close the oldest book, if any: it ends the turn.
    maxes = s.maxes
    for c in range(len(maxes)):
        if maxes[c] >= BOOK_ICONS:
            del s.chapters[c], s.leads[c], maxes[c]
            s.books += 1
            blessings = s.blessings
            if not blessings:
                return BOOK
            card = blessings.pop()
            hand.append(card)
            s.entered.append(card)
            return BOOK | WON if not blessings else BOOK
    return 0


# ---------------------------------------------------------------- Bible Battles
class BBTables:
    """Per-kind integers the BB turn reads, unpacked once per chunk from the plan."""

    __slots__ = ("builds", "eater", "effort", "follower", "food", "food_card", "keep", "wisdom")

    def __init__(self, kinds: Sequence[tuple[Any, ...]]):
        types = [k[1] for k in kinds]
        self.effort = [k[2] for k in kinds]
        self.food = [k[3] for k in kinds]
        self.wisdom = [k[4] for k in kinds]
        self.follower = [t == BB_FOLLOWER for t in types]
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

    __slots__ = ("deck", "eaters", "entered", "followers", "food", "hand", "wisdom", "wisdom_cards")

    def __init__(self, deck: list[int], hand: list[int] | None = None):
        self.deck = deck
        self.hand = hand if hand is not None else []
        self.followers: list[int] = []  # wisdom of each follower in play, ascending
        self.wisdom_cards = 0  # wisdom of the other cards in play, inspired every turn
        self.food = 0
        self.eaters = 0  # armies and unique people in play
        self.wisdom = 0
        self.entered: list[int] = list(self.hand)

    @classmethod
    def setup(cls, deck: list[int]) -> BBState:
        hand = deck[-BB_HAND:] if len(deck) >= BB_HAND else deck[:]
        del deck[len(deck) - len(hand) :]
        return cls(deck, hand)


def bb_can_bring(tb: BBTables, s: BBState, k: int, effort_left: int) -> bool:
    """Whether card k can come into play now: its effort is available and, for an army or
    unique person, the food in play (its own included) feeds every army and unique person."""
    if tb.effort[k] > effort_left:
        return False
    return not tb.eater[k] or s.food + tb.food[k] >= s.eaters + 1


def _bb_bring(tb: BBTables, s: BBState, k: int) -> None:
    s.hand.remove(k)
    s.wisdom_cards += tb.wisdom[k]
    s.food += tb.food[k]
    s.eaters += tb.eater[k]


def bb_turn(tb: BBTables, s: BBState, target: int) -> int:
    """Play one whole turn; returns REACHED when wisdom reaches the target, LOST on an empty draw."""
    deck, hand = s.deck, s.hand
    if not deck:
        return LOST
    card = deck.pop()
    hand.append(card)
    s.entered.append(card)
    effort, wisdom, follower = tb.effort, tb.wisdom, tb.follower
    followers = s.followers
    spent = 0  # effort given this turn, by the followers with the least wisdom (the first `spent`)
    # One follower a turn, the wisest; followers need no effort (a printed one is ignored).
    best = -1
    for k in hand:
        if follower[k] and (best < 0 or wisdom[k] > wisdom[best]):
            best = k
    if best >= 0:
        hand.remove(best)
        followers.append(wisdom[best])
        followers.sort()
    # Reaching the target now beats building.
    if s.wisdom + sum(followers[spent:]) + s.wisdom_cards >= target:
        s.wisdom += sum(followers[spent:]) + s.wisdom_cards
        return REACHED
    builds, food_card, food = tb.builds, tb.food_card, tb.food
    while True:
        left = len(followers) - spent
        best = -1
        starving = False
        for k in hand:
            if not builds[k] or effort[k] > left:
                continue
            if not bb_can_bring(tb, s, k, left):
                starving = True
                continue
            e, w = effort[k], wisdom[k]
            if (
                best < 0
                or w * max(effort[best], 1) > wisdom[best] * max(e, 1)
                or (w * max(effort[best], 1) == wisdom[best] * max(e, 1) and w > wisdom[best])
            ):
                best = k
        if best < 0 and starving:
            for k in hand:
                if (
                    food_card[k]
                    and effort[k] <= left
                    and (best < 0 or food[k] > food[best] or (food[k] == food[best] and effort[k] < effort[best]))
                ):
                    best = k
        if best < 0:
            break
        spent += effort[best]
        _bb_bring(tb, s, best)
    s.wisdom += sum(followers[spent:]) + s.wisdom_cards
    if len(hand) > BB_HAND_LIMIT:
        hand.sort(key=tb.keep.__getitem__)
        del hand[: len(hand) - BB_HAND_LIMIT]
    return REACHED if s.wisdom >= target else 0


# ---------------------------------------------------------------- chunks
@dataclass(frozen=True)
class PlayChunkCounts:
    """One chunk's tally: `outcomes[o][t]` / `queries[q][t]` games in which it had happened by turn t."""

    plan: str
    chunk: int
    trials: int
    outcomes: tuple[tuple[int, ...], ...]
    queries: tuple[tuple[int, ...], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "plan": self.plan,
            "chunk": self.chunk,
            "trials": self.trials,
            "outcomes": [list(row) for row in self.outcomes],
            "queries": [list(row) for row in self.queries],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayChunkCounts:
        return cls(
            plan=str(data["plan"]),
            chunk=int(data["chunk"]),
            trials=int(data["trials"]),
            outcomes=tuple(tuple(int(n) for n in row) for row in data["outcomes"]),
            queries=tuple(tuple(int(n) for n in row) for row in data.get("queries", ())),
        )


def _base_deck(plan: PlayPlan) -> np.ndarray:
    return np.array([i for i, kind in enumerate(plan.kinds) for _ in range(kind[0])], dtype=np.int64)


def _query_tally(
    plan: PlayPlan, entered: list[int], position: int, seen: list[int], first: list[int], turn: int
) -> int:
    """Count the cards that came into the hand since `position`; note queries first met at `turn`."""
    at_least = plan.query_at_least
    for card in entered[position:]:
        for q in plan.kinds[card][-1]:
            seen[q] += 1
            if seen[q] == at_least[q] and first[q] < 0:
                first[q] = turn
    return len(entered)


def play_chunk(
    plan: PlayPlan, chunk_index: int, *, on_progress: Callable[[float], None] | None = None
) -> PlayChunkCounts:
    """Play one chunk's games; `on_progress(fraction of this chunk)` after each sub-batch."""
    if plan.version != PLAY_VERSION:
        raise ValueError(f"play plan version {plan.version} is not this engine's {PLAY_VERSION}")
    if plan.policy not in POLICIES:
        raise GoldfishRequestError("policy", f"must be one of {', '.join(POLICIES)}, not {plan.policy!r}")
    size = plan.chunk_size(chunk_index)
    rng = chunk_generator(plan.seed, chunk_index)
    rnd = Uniforms(rng)
    turns = plan.turns
    n_out = len(plan.outcome_names)
    n_q = len(plan.query_names)
    # first[o][t]: games whose outcome o first happened on turn t (cumulated at the end).
    first = [[0] * (turns + 1) for _ in range(n_out)]
    q_first = [[0] * (turns + 1) for _ in range(n_q)]
    base = _base_deck(plan)
    is_cv = plan.game == CV
    cv_tables = CVTables(plan.kinds) if is_cv else None
    bb_tables = BBTables(plan.kinds) if not is_cv else None
    target = plan.target or DEFAULT_TARGET
    done = 0
    while done < size:
        rows = min(PLAY_SUB_BATCH, size - done)
        decks = rng.permuted(np.broadcast_to(base, (rows, base.size)), axis=1).tolist() if base.size else [[]] * rows
        for deck in decks:
            deck = list(deck)
            state: CVState | BBState = CVState.setup(deck) if is_cv else BBState.setup(deck)
            happened = [-1] * n_out
            q_seen = [0] * n_q
            q_when = [-1] * n_q
            position = _query_tally(plan, state.entered, 0, q_seen, q_when, 0) if n_q else 0
            for turn in range(1, turns + 1):
                if is_cv:
                    flags = cv_turn(cv_tables, state, rnd)  # type: ignore[arg-type]
                    if flags & BOOK and happened[0] < 0:
                        happened[0] = turn
                    if flags & WON:
                        happened[1] = turn
                else:
                    flags = bb_turn(bb_tables, state, target)  # type: ignore[arg-type]
                    if flags & REACHED:
                        happened[0] = turn
                if n_q:
                    position = _query_tally(plan, state.entered, position, q_seen, q_when, turn)
                # The game is over (won, target reached, lost): stop tracking it.
                if flags & (WON if is_cv else REACHED | LOST):
                    break
            for o, turn in enumerate(happened):
                if turn >= 0:
                    first[o][turn] += 1
            for q, turn in enumerate(q_when):
                if turn >= 0:
                    q_first[q][turn] += 1
        done += rows
        if on_progress is not None:
            on_progress(done / size)
    return PlayChunkCounts(
        plan=plan.digest,
        chunk=chunk_index,
        trials=size,
        outcomes=tuple(_cumulate(row) for row in first),
        queries=tuple(_cumulate(row) for row in q_first),
    )


def _cumulate(row: list[int]) -> tuple[int, ...]:
    out = []
    total = 0
    for n in row:
        total += n
        out.append(total)
    return tuple(out)


def play_chunks(
    plan: PlayPlan,
    chunk_indices: Iterable[int] | None = None,
    *,
    on_progress: Callable[[float], None] | None = None,
) -> list[PlayChunkCounts]:
    """Play several chunks (all by default), reporting the fraction of their games done."""
    return run_chunks(plan, play_chunk, chunk_indices, on_progress=on_progress)


# ---------------------------------------------------------------- the result
@dataclass(frozen=True)
class PlayResult:
    """goldfish.md's result for `play`: the usual keys plus `outcomes`, `policy` (and BB's `target`).

    `cards_seen` is the setup's nominal count (5 + t, 7 + t); Prayer, Keyword
    and blessings bring more cards into the hand, which `queries` count.
    """

    trials: int
    seed: int
    turns: tuple[int, ...]
    cards_seen: tuple[int, ...]
    queries: tuple[QueryResult, ...]
    outcomes: tuple[QueryResult, ...]
    policy: str
    target: int | None = None
    mode: str = "play"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": self.mode,
            "trials": self.trials,
            "seed": self.seed,
            "turns": list(self.turns),
            "cards_seen": list(self.cards_seen),
            "queries": [q.to_dict() for q in self.queries],
            "outcomes": [o.to_dict() for o in self.outcomes],
            "policy": self.policy,
        }
        if self.target is not None:
            out["target"] = self.target
        return out


def combine_play(plan: PlayPlan, chunks: Iterable[PlayChunkCounts]) -> PlayResult:
    """Add up every chunk of the plan, each exactly once, into probabilities and standard errors."""
    chunks = list(chunks)
    digest = plan.digest
    seen: set[int] = set()
    for chunk in chunks:
        if chunk.plan != digest:
            raise ValueError(f"chunk {chunk.chunk} belongs to another plan")
        if chunk.chunk in seen:
            raise ValueError(f"chunk {chunk.chunk} is given twice")
        if chunk.trials != plan.chunk_size(chunk.chunk):
            raise ValueError(f"chunk {chunk.chunk} played {chunk.trials} games, not {plan.chunk_size(chunk.chunk)}")
        seen.add(chunk.chunk)
    if missing := sorted(set(range(plan.n_chunks)) - seen):
        raise ValueError(f"chunks missing: {missing[:10]}{'...' if len(missing) > 10 else ''}")
    n = plan.trials

    def results(names: Sequence[str], rows: Callable[[PlayChunkCounts], tuple[tuple[int, ...], ...]]):
        out = []
        for i, name in enumerate(names):
            hits = [sum(rows(chunk)[i][t] for chunk in chunks) for t in range(plan.turns + 1)]
            probability = tuple(h / n for h in hits)
            stderr = tuple(math.sqrt(p * (1 - p) / n) for p in probability)
            out.append(QueryResult(name, probability, stderr))
        return tuple(out)

    return PlayResult(
        trials=plan.trials,
        seed=plan.seed,
        turns=tuple(range(plan.turns + 1)),
        cards_seen=plan.cards_seen,
        queries=results(plan.query_names, lambda c: c.queries),
        outcomes=results(plan.outcome_names, lambda c: c.outcomes),
        policy=plan.policy,
        target=plan.target,
    )


def goldfish_play_run(
    deck: GoldfishDeck,
    turns: int,
    trials: int,
    seed: int,
    *,
    policy: str | None = "greedy",
    target: int | None = DEFAULT_TARGET,
    queries: Sequence[GoldfishQuery] = (),
    on_progress: Callable[[float], None] | None = None,
) -> PlayResult:
    """The whole play run in this process (no broker): plan, every chunk, combine."""
    plan = plan_play(deck, turns, trials, seed, policy=policy, target=target, queries=queries)
    return combine_play(plan, play_chunks(plan, on_progress=on_progress))
