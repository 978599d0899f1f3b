"""Chapter and Verse's goldfish `play` policy: a greedy solo player that writes books.

Policy `greedy`, Chapter and Verse (the rulings are in docs/rulings.md):
- A verse's *worth* is its largest icon count, +1 if it has Prayer, Keyword, a
  Cross Reference to a verse of the deck or structured actions when played
  (a free card; see docs/rulings.md). Its *usefulness* orders cards: worth first, then the lower
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
  rest to the bottom in the order seen, the first seen lowest; Keyword takes the most useful verse
  whose scripture has one of the words as a whole word (case ignored), then
  the deck is shuffled; Unique blocks the title for the rest of the game.
- Close: after playing everything worth playing (closing ends the turn and
  there is no opponent to interrupt), close the oldest chapter with 7+ icons
  of one theme, if any, and draw a blessing; drawing the last one wins.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from rules.cards import CardData
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.chapter_and_verse import replay
from rules.games.chapter_and_verse.effects import compile_effect
from rules.games.chapter_and_verse.effects import is_modelled_alone
from rules.games.chapter_and_verse.state import CVState
from rules.games.chapter_and_verse.state import CVTables
from rules.games.interface import Player
from rules.games.interface import SoloPlay
from rules.simulation import Uniforms
from rules.text import title_key

HAND_OVER = 8  # more than 8 at the start of the turn go to the blessings
BOOK_ICONS = 7  # icons of one theme in one chapter to close a book

# Result flags of one turn.
BOOK = 1
WON = 2


def keyword_matches(words: Sequence[str], scripture: str) -> bool:
    """Whether the scripture has one of the words as a whole word, case ignored ("light" not in "delight")."""
    return any(re.search(rf"\b{re.escape(w.strip())}\b", scripture, re.IGNORECASE) for w in words if w.strip())


def unmodelled(cards: Sequence[CardData]) -> tuple[str, ...]:
    """The titles with an effect the play-out does not run (free text), each once, in deck order."""
    titles = dict.fromkeys(c.title for c in cards if not all(is_modelled_alone(e) for e in c.effects))
    return tuple(titles)


def kinds(
    cards: Sequence[CardData], copies: Mapping[CardData, int], query_of: Sequence[tuple[int, ...]]
) -> list[tuple[Any, ...]]:
    """Each printing as the plan lays it out: (copies, sacrifice, (5 icons in CV_THEMES order),
    prayer n or 0, 1 if it has Keyword else 0, (kinds its Keyword finds), unique group or -1,
    1 if it has Quote else 0, (kinds its Cross Reference sets), (timing, only, if, do) per modelled
    effect with conditions or actions (effects.py), (query indices))."""
    # Unique goes by title: a plain printing of a title that has a Unique printing is blocked too.
    unique_titles = {c.title_key for c in cards if c.unique}
    unique_groups: dict[str, int] = {}
    references = [title_key(c.reference) for c in cards]
    out: list[tuple[Any, ...]] = []
    for i, card in enumerate(cards):
        prayer = 0
        words: list[str] = []
        cross: list[str] = []
        structured = []
        for effect in card.effects:
            kind = effect.get("kind")
            if kind == "prayer":
                prayer = max(prayer, int(effect.get("n") or 0))
            elif kind == "keyword":
                words.extend(str(w) for w in effect.get("words") or ())
            elif kind == "cross-reference":
                cross.append(title_key(str(effect.get("reference") or "")))
            elif ("do" in effect or "only" in effect) and is_modelled_alone(effect):
                structured.append(compile_effect(effect, cards))
        found = tuple(j for j, other in enumerate(cards) if words and keyword_matches(words, other.scripture))
        group = unique_groups.setdefault(card.title_key, len(unique_groups)) if card.title_key in unique_titles else -1
        icons = tuple(max(0, int(card.icons.get(theme, 0) or 0)) for theme in CV_THEMES)
        keyword = 1 if any(e.get("kind") == "keyword" for e in card.effects) else 0
        quote = 1 if any(e.get("kind") == "quote" for e in card.effects) else 0
        xref = tuple(j for j, ref in enumerate(references) if ref and ref in cross)
        out.append(
            (
                copies[card],
                max(0, card.sacrifice or 0),
                icons,
                prayer,
                keyword,
                found,
                group,
                quote,
                xref,
                tuple(structured),
                query_of[i],
            )
        )
    return out


def _holds(cond: tuple[Any, ...], s: CVState, c: int) -> bool:
    """Whether a condition holds for chapter c as it is now (c == len(chapters): a new, empty chapter)."""
    new = c >= len(s.chapters)
    if cond[0] == "icon":
        return not new and s.chapters[c][cond[1]] > 0
    if cond[0] == "at-most":
        return new or len(s.members[c]) <= cond[1]
    if new:
        return False
    picks = cond[2]
    least: int = cond[1]
    return sum(1 for m in s.members[c] if m in picks) >= least


def cv_chapter_for(tb: CVTables, s: CVState, k: int) -> int:
    """Where verse k goes: a chapter index, len(chapters) for a new one, -1 if its `only` allows none.

    The open chapter (not yet 7 icons of a theme) whose leading theme the verse has icons of and
    where that count ends highest (ties: the older); else a new chapter. A verse whose new chapter
    its conditions forbid goes to the oldest chapter they allow, open ones first.
    """
    nz = tb.nz[k]
    only = tb.only[k]
    chapters, leads, maxes = s.chapters, s.leads, s.maxes
    best_c = len(chapters)
    if nz:
        icons = tb.icons[k]
        best = -1
        for c in range(len(chapters)):
            m = maxes[c]
            if m >= BOOK_ICONS:
                continue  # already a book: more verses there are wasted
            n = icons[leads[c]]
            if n and m + n > best and (only is None or all(_holds(x, s, c) for x in only)):
                best = m + n
                best_c = c
    if only is None or best_c < len(chapters) or all(_holds(x, s, best_c) for x in only):
        return best_c
    allowed = [c for c in range(len(chapters)) if all(_holds(x, s, c) for x in only)]
    allowed.sort(key=lambda c: maxes[c] >= BOOK_ICONS)
    return allowed[0] if allowed else -1


def cv_playable(tb: CVTables, s: CVState, k: int) -> bool:
    """Not blocked by Unique, and some chapter takes it."""
    group = tb.unique[k]
    if group >= 0 and group in s.blocked:
        return False
    return tb.only[k] is None or cv_chapter_for(tb, s, k) >= 0


def _add_to_chapter(tb: CVTables, s: CVState, c: int, k: int, was_set: bool = False) -> None:
    """Verse k joins chapter c (len(chapters): a new one) and counts its icons; `was_set`: it was
    set, not played, so its start- and end-of-turn effects never fire."""
    if c >= len(s.chapters):
        nz = tb.nz[k]
        s.chapters.append([0, 0, 0, 0, 0])
        s.leads.append(nz[0][0] if nz else 0)
        s.maxes.append(0)
        s.members.append([])
        s.was_set.append([])
    s.members[c].append(k)
    s.was_set[c].append(was_set)
    vec = s.chapters[c]
    lead, m = s.leads[c], s.maxes[c]
    for t, n in tb.nz[k]:
        v = vec[t] + n
        vec[t] = v
        if v > m or (v == m and t < lead):
            lead, m = t, v
    s.leads[c] = lead
    s.maxes[c] = m


def _set_from_hand(tb: CVTables, s: CVState, c: int, n: int, allowed: frozenset[int] | None) -> None:
    """Set up to n verses into chapter c: those with the most icons of its leading theme, while it is
    not a book yet (ties: the less useful, the better ones stay for playing)."""
    hand = s.hand
    for _ in range(n):
        if s.maxes[c] >= BOOK_ICONS:
            return
        lead = s.leads[c]
        best_i = -1
        best = (0, 0)
        for i, k in enumerate(hand):
            key = (tb.icons[k][lead], -tb.useful[k])
            if key[0] and (allowed is None or k in allowed) and (best_i < 0 or key > best):
                best, best_i = key, i
        if best_i < 0:
            return
        card = hand.pop(best_i)
        _add_to_chapter(tb, s, c, card, was_set=True)
        if s.log is not None:
            s.log.append(("set", card, c))


def cv_actions(
    tb: CVTables,
    s: CVState,
    k: int,
    c: int,
    do: tuple[tuple[Any, ...], ...],
    returned: list[int] | None = None,
) -> None:
    """Run verse k's actions; c is its chapter (-1 for a discarded verse). The verses returned
    from the discard pile are added to `returned`, if given."""
    deck, hand, useful = s.deck, s.hand, tb.useful
    drew = 0  # verses these actions drew, for an action done only "if you do"
    for action in do:
        name, n = action[0], action[1]
        if name == "bottom" and action[2] and not drew:
            continue
        if name == "draw":
            per = action[2]
            if per is not None:
                # One per OTHER verse of the chapter that counts, up to n.
                others = sum(1 for m in s.members[c] if m in per) - (k in per) if c >= 0 else 0
                n = min(n, others)
            n = min(n, len(deck))  # what it draws, as the log says
        if s.log is not None:
            s.log.append(("action", k, name, n))
        if name == "draw":
            for _ in range(n):
                drew += 1
                s.take(deck.pop())
                if s.log is not None:
                    s.log.append(("drew", hand[-1]))
        elif name == "blessing":
            for _ in range(n):
                s.draw_blessing()
        elif name == "set":
            if c >= 0:
                _set_from_hand(tb, s, c, n, action[2])
        elif name == "return":
            for _ in range(min(n, len(s.discard))):
                pick = max(range(len(s.discard)), key=lambda i: useful[s.discard[i]])
                s.take(s.discard.pop(pick))
                if returned is not None:
                    returned.append(hand[-1])
                if s.log is not None:
                    s.log.append(("returned", hand[-1]))
        elif name == "arrange":
            # The most useful on top, to be drawn first.
            look = deck[-n:]
            del deck[-n:]
            look.sort(key=useful.__getitem__)
            deck.extend(look)
            if s.log is not None:
                s.log.append(("arranged", look[::-1]))
        elif name == "bottom":
            hand.sort(key=useful.__getitem__)
            moved = hand[:n]
            del hand[:n]
            deck[0:0] = moved
            if s.log is not None:
                s.log.append(("bottomed", moved))


def cv_play_verse(tb: CVTables, s: CVState, k: int, rnd: Uniforms) -> None:
    """Put verse k (already out of the hand) into a chapter and resolve its effects.

    Conditions (`if`) read the chapter as it was before the verse came in; then, in this order:
    Unique, Prayer, Keyword, Cross Reference, the structured actions.
    """
    c = cv_chapter_for(tb, s, k)
    if c < 0:  # only reached by a caller that did not ask cv_playable; play it alone anyway
        c = len(s.chapters)
    fire = tb.on_play[k]
    if fire:
        fire = tuple(do for when, do in fire if all(_holds(x, s, c) for x in when))
    if s.log is not None:
        s.log.append(("chapter", k, c, c >= len(s.chapters)))
    _add_to_chapter(tb, s, c, k)
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
        s.take(look.pop(pick))
        # The rest go under the deck in the order seen, the first seen lowest (index 0: the bottom).
        deck[0:0] = look
        if s.log is not None:
            s.log.append(("prayer", k, s.hand[-1], look))
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
            s.take(deck.pop(best_j))
        if s.log is not None:
            s.log.append(("keyword", k, s.hand[-1] if best_j >= 0 else -1))
        rnd.shuffle(deck)
    xref = tb.xref[k]
    if xref:
        # Cross Reference: the referenced verse, if in the hand, is set into the same chapter.
        for i, card in enumerate(s.hand):
            if card in xref:
                _add_to_chapter(tb, s, c, s.hand.pop(i), was_set=True)
                if s.log is not None:
                    s.log.append(("cross-reference", k, card, c))
                break
    if fire:
        for do in fire:
            cv_actions(tb, s, k, c, do)


def _in_play_triggers(tb: CVTables, s: CVState, table: list[Any]) -> None:
    """Start- or end-of-turn effects of the verses played, chapter by chapter, oldest first (a set
    verse "is not considered to have been played, and its effect is ignored")."""
    for c in range(len(s.members)):
        for k, was_set in list(zip(s.members[c], s.was_set[c])):
            if was_set:
                continue
            for when, do in table[k] or ():
                if c < len(s.members) and all(_holds(x, s, c) for x in when):
                    if s.log is not None:
                        s.log.append(("trigger", k, c))
                    cv_actions(tb, s, k, c, do)


def _gain(tb: CVTables, s: CVState, k: int) -> int:
    """The cards discarding verse k (in the hand) would bring into the hand now, by its
    unconditional actions: draws up to what the deck holds (none for a per-theme or per-marker
    draw: a discarded verse has no chapter with other verses), blessings up to the stack, returns
    up to the discard pile (without k itself)."""
    deck, blessings, discard = len(s.deck), len(s.blessings), len(s.discard)
    hand = len(s.hand) - 1
    gain = 0
    for when, do in tb.on_discard[k]:
        if when:
            continue  # a discarded verse has no chapter for a condition to read: never runs
        drew = 0
        for action in do:
            name, n = action[0], action[1]
            if name == "bottom":
                if action[2] and not drew:
                    continue
                moved = min(n, hand)
                hand -= moved
                deck += moved
                continue
            if name == "draw":
                got = 0 if action[2] is not None else min(n, deck)
                deck -= got
                drew += got
            elif name == "blessing":
                got = min(n, blessings)
                blessings -= got
            elif name == "return":
                got = min(n, discard)
                discard -= got
            else:
                continue
            gain += got
            hand += got
    return gain


def _discard_for_effects(tb: CVTables, s: CVState) -> None:
    """Discard (or Quick Play, in this player's own turn) a verse for its effect whenever what it
    brings into the hand is at least its worth; again after each, as draws bring new ones.

    A verse never returns itself: it joins the discard pile after its actions ("Live Again!
    cannot return itself"). A verse returned to the hand by one of these effects is not discarded
    for its effect again in the same call (two such verses would hand each other back for ever),
    and the loop stops after as many discards as there are cards outside the chapters.
    """
    hand, on_discard = s.hand, tb.on_discard
    back: list[int] = []  # the verses these effects returned to the hand
    for _ in range(len(hand) + len(s.deck) + len(s.blessings) + len(s.discard)):
        pick = next(
            (
                i
                for i, k in enumerate(hand)
                if on_discard[k]
                and 0 < _gain(tb, s, k) >= tb.worth[k]
                and (k not in back or hand.count(k) > back.count(k))
            ),
            -1,
        )
        if pick < 0:
            return
        k = hand.pop(pick)
        if s.log is not None:
            s.log.append(("discarded-for-effect", k))
        for when, do in on_discard[k]:
            if not when:  # a discarded verse has no chapter for a condition to read
                cv_actions(tb, s, k, -1, do, back)
        s.discard.append(k)


def cv_turn(tb: CVTables, s: CVState, rnd: Uniforms) -> int:
    """Play one whole turn; returns BOOK if a book was closed, | WON if the last blessing was drawn."""
    flags = _cv_phases(tb, s, rnd)
    if flags & WON:
        return flags
    # End: effects of the verses in play (closing a book jumps here too).
    if tb.has_end:
        _in_play_triggers(tb, s, tb.on_end)
    return flags | WON if s.won else flags


def _cv_phases(tb: CVTables, s: CVState, rnd: Uniforms) -> int:
    """Start, Draw, Freeplay, Play and the book that ends the turn."""
    hand = s.hand
    deck = s.deck
    useful = tb.useful
    worth = tb.worth
    cost = tb.cost
    unique = tb.unique
    only = tb.only
    blocked = s.blocked
    # Start: over 8 cards, the least useful excess goes under the blessings.
    if len(hand) > HAND_OVER:
        hand.sort(key=useful.__getitem__)
        excess = len(hand) - HAND_OVER
        s.blessings[0:0] = hand[:excess]
        if s.log is not None:
            s.log.append(("hand-over", hand[:excess]))
        del hand[:excess]
    if tb.has_start:
        _in_play_triggers(tb, s, tb.on_start)
    # Draw.
    if deck:
        s.take(deck.pop())
        if s.log is not None:
            s.log.append(("draw", hand[-1]))
    # Freeplay (no Discard or Quick Play here).
    if hand:
        fkey = tb.fkey
        best_i = -1
        best_f = -1
        for i, k in enumerate(hand):
            if (
                fkey[k] > best_f
                and (unique[k] < 0 or unique[k] not in blocked)
                and (only[k] is None or cv_chapter_for(tb, s, k) >= 0)
            ):
                best_f = fkey[k]
                best_i = i
        if best_i >= 0:
            if s.log is not None:
                s.log.append(("freeplay", hand[best_i]))
            cv_play_verse(tb, s, hand.pop(best_i), rnd)
    if s.won or _discards_win(tb, s):
        return WON
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
            if (net > best_net or (net == best_net and fkey[k] > best_f)) and (
                only[k] is None or cv_chapter_for(tb, s, k) >= 0
            ):
                best_net = net
                best_f = fkey[k]
                best_i = i
        if best_i < 0:
            break
        k = hand.pop(best_i)
        pay = cost[k]
        if tb.quote[k] and tb.quote_rate < 1:
            pay = _quote(tb, s, k, rnd)
            if pay < 0:
                continue  # failed and not worth paying for: discarded
        # Sacrificed: to the discard pile.
        s.discard.extend(hand[:pay])
        if s.log is not None:
            s.log.append(("play", k, hand[:pay]))
        del hand[:pay]
        cv_play_verse(tb, s, k, rnd)
        if s.won or _discards_win(tb, s):
            return WON
    # Close the oldest book, if any: it ends the turn.
    maxes = s.maxes
    for c in range(len(maxes)):
        if maxes[c] >= BOOK_ICONS:
            if s.log is not None:
                s.log.append(("book", c, list(s.members[c]), CV_THEMES[s.leads[c]]))
            s.discard.extend(s.members[c])
            del s.chapters[c], s.leads[c], maxes[c], s.members[c], s.was_set[c]
            s.books += 1
            s.draw_blessing()
            return BOOK | WON if s.won else BOOK
    return 0


def _discards_win(tb: CVTables, s: CVState) -> bool:
    """Play phase: discard verses for their effects (if the deck has any); whether that won."""
    if tb.has_discard:
        _discard_for_effects(tb, s)
    return s.won


def _quote(tb: CVTables, s: CVState, k: int, rnd: Uniforms) -> int:
    """Quote verse k (out of the hand, which is sorted least useful first): the sacrifice to pay,
    0 when the quote succeeds, -1 when it fails and the verse is discarded instead of paid for
    (paying would cost more worth than the verse brings, or more cards than the hand holds)."""
    if rnd.uniform() < tb.quote_rate:
        if s.log is not None:
            s.log.append(("quote", k, True))
        return 0
    c = tb.cost_printed[k]
    hand = s.hand
    if s.log is not None:
        s.log.append(("quote", k, False))
    if c <= len(hand) and sum(tb.worth[j] for j in hand[:c]) <= tb.worth[k]:
        return c
    s.discard.append(k)
    if s.log is not None:
        s.log.append(("quote-dropped", k))
    return -1


class CVPlayer(Player):
    """Plays C&V games of one chunk: outcome 0 is the first book, outcome 1 the win."""

    Tables = CVTables
    State = CVState

    def make_tables(self, kinds: Sequence[tuple[Any, ...]]) -> CVTables:
        return CVTables(kinds, self.quote_rate)

    def turn(self, state: CVState, turn: int, happened: list[int]) -> bool:
        flags = cv_turn(self.tables, state, self.uniforms)
        if flags & BOOK and happened[0] < 0:
            happened[0] = turn
        if flags & WON:
            happened[1] = turn
        return bool(flags & WON)


SOLO_PLAY = SoloPlay(
    outcomes=("first-book", "win"),
    kinds=kinds,
    player=CVPlayer,
    unmodelled=unmodelled,
    event_record=replay.event_record,
    snapshot=replay.snapshot,
)
