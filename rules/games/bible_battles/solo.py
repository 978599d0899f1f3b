"""Bible Battles' goldfish `play` policy: a greedy solo player that gathers wisdom towards a target.

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
- Abilities (effects.py): `costs-less` lowers the effort of the cards it names while its card
  is in play (at least 1); `wisdom-each-turn` adds wisdom at the beginning of the turn, before
  the draw; `opponents` abilities do nothing alone; `text` ones are not run (unmodelled).
- End: over 7 cards, discard the least useful (followers, then wisdom cards,
  then food cards, then the rest).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from rules.cards import CardData
from rules.games.bible_battles import replay
from rules.games.bible_battles.effects import compile_effects
from rules.games.bible_battles.effects import is_modelled
from rules.games.bible_battles.state import BBState
from rules.games.bible_battles.state import BBTables
from rules.games.interface import Player
from rules.games.interface import SoloPlay

BB_HAND_LIMIT = 7
# Scribe: "Inspire for wisdom: gain 2 wisdom instead of 1 if you control a building" (its printed 2 is the best case).
SCRIBE = "scribe"

# Result flags of one turn.
REACHED = 1
LOST = 2


def kinds(
    cards: Sequence[CardData], copies: Mapping[CardData, int], query_of: Sequence[tuple[int, ...]]
) -> list[tuple[Any, ...]]:
    """Each printing as the plan lays it out: (copies, type, effort, food, wisdom, (costs-less (type, n) pairs),
    (wisdom-each-turn (n, kinds counted or None) pairs), Scribe (1 wisdom, 2 with a building), (query indices))."""
    out = []
    for i, card in enumerate(cards):
        less, each_turn = compile_effects(card, cards)
        out.append(
            (
                copies[card],
                card.type,
                max(0, card.effort or 0),
                max(0, card.food),
                max(0, card.wisdom),
                less,
                each_turn,
                card.title.casefold() == SCRIBE,
                query_of[i],
            )
        )
    return out


def bb_can_bring(tb: BBTables, s: BBState, k: int, effort_left: int, effort: Sequence[int] | None = None) -> bool:
    """Whether card k can come into play now: its effort (`effort`, default the printed) is available and,
    for an army or unique person, the food in play feeds every army and unique person. Its own food feeds
    the others, never itself (Abraham needs another food card: docs/rulings.md)."""
    if (tb.effort if effort is None else effort)[k] > effort_left:
        return False
    return not tb.eater[k] or (s.food + tb.food[k] >= s.eaters + 1 and (not tb.food[k] or s.food >= 1))


def _comes_into_play(tb: BBTables, s: BBState, k: int) -> None:
    s.in_play.append(k)
    if tb.less[k]:
        # Only when a discount comes into play (a few times a game), only the kinds it touches.
        effort = s.effort = list(tb.effort if s.effort is None else s.effort)
        for t, n in tb.less[k]:
            r = s.less[t] = s.less.get(t, 0) + n
            for j in tb.of_type.get(t, ()):
                e = tb.effort[j]
                effort[j] = max(min(e, 1), e - r)


def _each_turn_wisdom(tb: BBTables, s: BBState) -> int:
    """The wisdom the cards in play give at the beginning of the turn."""
    gained = 0
    for k in s.in_play:
        for n, counted in tb.each_turn[k]:
            gained += n if counted is None else n * sum(1 for j in s.in_play if j in counted)
    return gained


def _bb_bring(tb: BBTables, s: BBState, k: int) -> None:
    s.hand.remove(k)
    _comes_into_play(tb, s, k)
    if tb.building[k] and not s.built:
        s.built = True
        # Each Scribe in play now gives 2: any follower of wisdom 1 may have been the one that gave effort.
        followers = s.followers
        for _ in range(s.scribes):
            followers.remove(1)
            followers.append(2)
        followers.sort()
    s.wisdom_cards += tb.wisdom[k]
    s.food += tb.food[k]
    s.eaters += tb.eater[k]


def bb_turn(tb: BBTables, s: BBState, target: int) -> int:
    """Play one whole turn; returns REACHED when wisdom reaches the target, LOST on an empty draw."""
    deck, hand, log = s.deck, s.hand, s.log
    # "Draw a card. Add points to your wisdom at this time" (Beginning Stage): the draw comes first, so an
    # empty deck loses even when the abilities in play would reach the target.
    if not deck:
        if log is not None:
            log.append(("lost",))
        return LOST
    card = deck.pop()
    hand.append(card)
    s.entered.append(card)
    if log is not None:
        log.append(("draw", card))
    if tb.has_each_turn and s.in_play:
        gained = _each_turn_wisdom(tb, s)
        if gained:
            s.wisdom += gained
            if log is not None:
                log.append(("each-turn", gained, s.wisdom))
            if s.wisdom >= target:
                return REACHED
    effort, wisdom, follower = tb.effort if s.effort is None else s.effort, tb.wisdom, tb.follower
    followers = s.followers
    spent = 0  # effort given this turn, by the followers with the least wisdom (the first `spent`)
    # One follower a turn, the wisest; followers need no effort (a printed one is ignored).
    best = -1
    for k in hand:
        if follower[k] and (best < 0 or wisdom[k] > wisdom[best]):
            best = k
    if best >= 0:
        hand.remove(best)
        _comes_into_play(tb, s, best)
        if tb.less[best]:
            assert s.effort is not None  # _comes_into_play set it: this card costs others less
            effort = s.effort
        if tb.scribe[best]:
            s.scribes += 1
            followers.append(2 if s.built else 1)
        else:
            followers.append(wisdom[best])
        followers.sort()
        if log is not None:
            log.append(("follower", best))
    # Reaching the target now beats building.
    if s.wisdom + sum(followers[spent:]) + s.wisdom_cards >= target:
        s.wisdom += sum(followers[spent:]) + s.wisdom_cards
        if log is not None:
            log.append(("inspire", sum(followers[spent:]) + s.wisdom_cards, s.wisdom, 0))
        return REACHED
    builds, food_card, food = tb.builds, tb.food_card, tb.food
    while True:
        left = len(followers) - spent
        best = -1
        starving = False
        for k in hand:
            if not builds[k] or effort[k] > left:
                continue
            if not bb_can_bring(tb, s, k, left, effort):
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
        if log is not None:
            log.append(("build", best, effort[best]))
        if tb.less[best]:
            assert s.effort is not None  # _bb_bring set it: this card costs others less
            effort = s.effort
    s.wisdom += sum(followers[spent:]) + s.wisdom_cards
    if log is not None:
        log.append(("inspire", sum(followers[spent:]) + s.wisdom_cards, s.wisdom, spent))
    if len(hand) > BB_HAND_LIMIT:
        hand.sort(key=tb.keep.__getitem__)
        if log is not None:
            log.append(("discard", hand[: len(hand) - BB_HAND_LIMIT]))
        del hand[: len(hand) - BB_HAND_LIMIT]
    return REACHED if s.wisdom >= target else 0


class BBPlayer(Player):
    """Plays BB games of one chunk: outcome 0 is reaching the wisdom target; an empty draw loses."""

    Tables = BBTables
    State = BBState

    def turn(self, state: BBState, turn: int, happened: list[int]) -> bool:
        flags = bb_turn(self.tables, state, self.target)
        if flags & REACHED:
            happened[0] = turn
        return bool(flags & (REACHED | LOST))


# A Bible Battles game plays its followers and barely looks at the rest: ~1e-9 s a card-turn, measured.
def unmodelled(cards: Sequence[CardData]) -> tuple[str, ...]:
    """The titles with an ability the play-out does not run (free text), each once, in deck order; Scribe's
    is run (its wisdom with and without a building)."""
    return tuple(dict.fromkeys(c.title for c in cards if not is_modelled(c) and c.title.casefold() != SCRIBE))


SOLO_PLAY = SoloPlay(
    outcomes=("wisdom-target",),
    kinds=kinds,
    player=BBPlayer,
    uses_target=True,
    seconds_per_card_turn=2e-9,
    unmodelled=unmodelled,
    event_record=replay.event_record,
    snapshot=replay.snapshot,
)
