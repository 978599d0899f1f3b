"""The computer player of Bible Battles (docs/games/bible-battles.md, "The computer player").

It sees what its seat may see (its hand, every card in play, the discard piles) and plays greedily:
- Building and End stages: the follower with the most wisdom; if inspiring every card it may for wisdom reaches
  the target, it does that; otherwise it brings in the card of its hand with the best worth per effort that its
  effort can pay for (food first while an army or unique person in its hand waits for food; then cards with
  wisdom; armies and unique people it can feed; items for its strongest army; Assassinate and Flood at the
  opponent's best card), inspiring its followers with the least wisdom for the effort, then inspires every
  other card it may for wisdom.
- Attack stage: it withdraws a besieger that one more exchange would destroy, then attacks where its attacker
  destroys the target in one exchange without being destroyed (the target worth most first), then fights.
- Answering an attack: it takes an attack its card survives; else intercepts with a card that survives; else
  flees into a city or fortress; else stops an army with a Priest; else inspires the target for wisdom first.
- Starving and the hand limit: it lets go of the card worth least.
Its choices are seeded by the game's random generator only to break exact ties (none remain: ties go to ids).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING
from typing import Any

from rules.games.bible_battles.whole import target_of
from rules.play.interface import Action
from rules.play.interface import Card

if TYPE_CHECKING:
    from rules.games.bible_battles.game import BibleBattles
    from rules.games.bible_battles.whole import State


def worth(card: Card) -> int:
    d = card.data
    base = 3 * max(0, d.wisdom) + 2 * max(0, d.food) + max(0, d.offense or 0) + max(0, d.defense or 0)
    return base + (6 if d.type == "follower" else 0)


def choose(engine: BibleBattles, state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    from rules.games.bible_battles import game as g

    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    cards = state.cards

    def first(a: Action) -> Card:
        return cards[a["ids"][0]]

    if state.step == "order":  # Elder: the card worth most on top
        return max(legal, key=lambda a: ([worth(cards[i]) for i in a["ids"]], a["order"]))
    if state.step in ("starve", "discard", "merchant"):
        return min(legal, key=lambda a: (worth(first(a)), a["ids"][0]))
    if state.step == "respond":
        return _answer(state, by_type, g)
    if state.stage == "attack":
        return _attack(state, seat, by_type, g)
    if "follower" in by_type:
        return max(by_type["follower"], key=lambda a: (first(a).data.wisdom, a["ids"][0]))
    wisdom = by_type.get("wisdom", [])
    total = sum(engine._wisdom_of(state, first(a)) for a in wisdom)
    if wisdom and state.seats[seat].wisdom + total >= target_of(state, seat):
        return wisdom[0]
    plan = _plan(state, seat, by_type, g)
    if plan is not None:
        return plan
    if wisdom:
        return wisdom[0]
    return by_type.get("attack-stage", by_type.get("end-turn", legal))[0]


def _value(state: State, seat: int, card: Card, g: Any) -> float:
    d = card.data
    hungry = any(c.data.type in ("army", "unique-person") and not g.fed(state, seat, c) for c in state.seats[seat].hand)
    value = 3.0 * max(0, d.wisdom) + (3.0 if hungry else 0.5) * max(0, d.food)
    if d.type in ("army", "unique-person"):
        value += (max(0, d.offense or 0) + max(0, d.defense or 0)) / 2
    if d.type == "item":
        value += 2
    if card.title.casefold() in ("assassinate", "flood"):
        value += 4
    for effect in d.effects:
        if effect.get("kind") == "wisdom-each-turn":
            value += 4 * int(effect["n"])
        if effect.get("kind") == "costs-less":
            value += 1
    return value


def _plan(state: State, seat: int, by_type: dict[str, list[Action]], g: Any) -> Action | None:
    """The best card to bring in; its build (or play) when paid for, or the next effort towards it."""
    ready = by_type.get("build", []) + by_type.get("play", [])
    effort_actions = by_type.get("effort", [])

    def can_give(card: Card) -> int:
        best: dict[str, int] = {}
        for a in effort_actions:
            toward = a.get("toward", "")
            n = (2 if toward != "crop or land" else 1) if toward and g._fits(toward, card) else 0 if toward else 1
            best[a["ids"][0]] = max(best.get(a["ids"][0], 0), n)
        given: int = sum(best.values()) + g._spendable(state, card)
        return given

    best: tuple[float, str, Card] | None = None
    for card in state.seats[seat].hand:
        t = card.data.type
        if t == "follower" or card.title.casefold() in ("plague", "famine", "ambush"):
            continue
        need = g.cost(state, seat, card)
        if need > can_give(card):
            continue
        if t in ("army", "unique-person") and not g.fed(state, seat, card):
            continue
        if t == "event" and not any(a["ids"][0] == card.id for a in ready) and need <= g._spendable(state, card):
            continue  # no target for it
        value = _value(state, seat, card, g) / max(1, need)
        if value <= 0:
            continue
        key = (value, card.id, card)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return None
    card = best[2]
    mine = [a for a in ready if a["ids"][0] == card.id]
    if mine:
        return max(mine, key=lambda a: _target_worth(state, a))
    fits = [a for a in effort_actions if a.get("toward") and g._fits(a["toward"], card)]
    plain = [a for a in effort_actions if not a.get("toward")]
    if fits:
        return fits[0]
    if plain:
        return min(plain, key=lambda a: (state.cards[a["ids"][0]].data.wisdom, a["ids"][0]))
    return None


def _target_worth(state: State, a: Action) -> tuple[int, str]:
    for key in ("target", "bearer"):
        if a.get(key):
            other = state.cards[a[key]]
            sign = 1 if key == "bearer" or state.owner[other.id] != state.turn else -1
            return (sign * worth(other), a[key])
    return (0, "")


def _attack(state: State, seat: int, by_type: dict[str, list[Action]], g: Any) -> Action:
    for a in by_type.get("withdraw", []):
        c = state.cards[a["ids"][0]]
        if g.defense(state, c) - state.damage.get(c.id, 0) <= 1:
            return a
    best: tuple[int, str] | None = None
    choice: Action | None = None
    for a in by_type.get("attack", []):
        att, tgt = state.cards[a["ids"][0]], state.cards[a["target"]]
        left = g.defense(state, tgt) - state.damage.get(tgt.id, 0)
        if g.damage_to(state, att, tgt) < left:
            continue
        back = g.offense(state, tgt, att) if g.strikes_back(state, tgt) else 0
        if back >= g.defense(state, att) - state.damage.get(att.id, 0):
            continue
        key = (worth(tgt), a["target"])
        if best is None or key > best:
            best, choice = key, a
    return choice if choice is not None else by_type["fight"][0]


def _answer(state: State, by_type: dict[str, list[Action]], g: Any) -> Action:
    declared = state.declared
    assert declared is not None
    att, tgt = state.cards[declared.attacker], state.cards[declared.target]
    if g.damage_to(state, att, tgt) < g.defense(state, tgt) - state.damage.get(tgt.id, 0):
        return by_type["take"][0]
    for a in by_type.get("intercept", []):
        c = state.cards[a["ids"][0]]
        if g.offense(state, att, c) < g.defense(state, c) - state.damage.get(c.id, 0):
            return a
    for kind in ("shelter", "use", "wisdom"):
        if by_type.get(kind):
            return by_type[kind][0]
    return by_type["take"][0]
