"""Bible Battles, played whole by 2 to 6 players (docs/contracts/play.md): `ENGINE`.

A turn (bible-battles-tcg.txt, "GAME PLAY"): the Beginning stage is automatic (reset, damage removed, the draw,
then wisdom the cards in play give), then the Building stage (followers, effort, bringing cards into play,
inspiring for wisdom, abilities, events and items), the Attack stage (armies starve first, withdraw from a
siege, declare attacks, each answered by the defender, then combat) and the End stage (building again), with the
hand limit at the end. The state and views are in `whole.py`, the abilities followed in `abilities.py`, the
computer in `computer.py`; every ruling is in docs/rulings.md, "Bible Battles whole".
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from collections.abc import Mapping
from functools import cache
from itertools import permutations
from typing import Any

from rules.cards import CardData
from rules.games.bible_battles import abilities
from rules.games.bible_battles import computer
from rules.games.bible_battles import whole as st
from rules.games.bible_battles.whole import DOC
from rules.games.bible_battles.whole import RULINGS
from rules.games.bible_battles.whole import Attack
from rules.games.bible_battles.whole import State
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Refusal
from rules.play.interface import Result
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.interface import match_action
from rules.play.interface import read_seat_numbers
from rules.play.interface import refuse_unless_legal
from rules.text import title_key

GAME_PLAY = f"{DOC}: GAME PLAY"
BEGINNING = f"{DOC}: Beginning Stage"
BUILDING = f"{DOC}: Building Stage"
ATTACK = f"{DOC}: Attack Stage"
END = f"{DOC}: End Stage"
OBJECT = f"{DOC}: OBJECT OF THE GAME"
FOOD = f"{DOC}: Summary, 8"

# Items and what they give their bearer: (offense, defense, bearer types).
ITEMS = {
    "sling": (1, 0, ("army", "unique-person")),
    "iron sword": (2, 0, ("army", "unique-person")),
    "bronze shield": (0, 2, ("army", "unique-person")),
    "battering ram": (0, 0, ("army",)),
}
# Events: (target kind or None).
EVENTS = ("plague", "assassinate", "famine", "flood", "manna from heaven", "ambush")
# Abilities used by inspiring the card (the `use` action).
USES = (
    "shepherd",
    "weaver",
    "stonemason",
    "vinedresser",
    "fisherman",
    "merchant",
    "elder",
    "moses",
    "elijah",
    "ram's horn trumpet",
)


@cache
def _folded(title: str) -> str:
    return title.casefold()


def k(card: Card) -> str:
    return _folded(card.data.title)


def kind(card: Card) -> str:
    return card.data.type


def card_text(card: Card) -> str:
    return f"card {card.title}: {card.data.abilities}" if card.data.abilities else f"card {card.title}"


# ------------------------------------------------------------------------------------------ facts of the board
def in_attack(state: State, cid: str) -> bool:
    return any(a.attacker == cid or a.target == cid for a in state.attacks)


def besieged(state: State, building: str) -> bool:
    return any(a.target == building for a in state.attacks)


def in_combat(state: State, card: Card) -> bool:
    """In an attack (either side), or inside a city or fortress under siege (docs/rulings.md)."""
    if in_attack(state, card.id):
        return True
    home = state.inside.get(card.id)
    return home is not None and besieged(state, home)


def plagued(state: State, building: str) -> bool:
    return any(kd == "plague" and c == building for kd, c, _s, _n in state.lasting)


def controls(state: State, seat: int, title: str) -> list[Card]:
    return [c for c in state.seats[seat].play if k(c) == title]


def has_river(state: State, seat: int) -> bool:
    return any(k(c) in st.RIVERS for c in state.seats[seat].play)


def has_building(state: State, seat: int) -> bool:
    return any(kind(c) in st.BUILDINGS for c in state.seats[seat].play)


def food(state: State, seat: int) -> int:
    famine = any(kd == "famine" for kd, _c, _s, _n in state.lasting)
    total = 0
    for c in state.seats[seat].play:
        if kind(c) == "crop" and famine:
            continue
        total += max(0, c.data.food) + state.lasting_n("food", c.id)
    return total + state.lasting_n("seat-food", str(seat))


def fed(state: State, seat: int, extra: Card | None = None) -> bool:
    """Food in play for every army and unique person (rules, "Food"); no card feeds itself (Abraham), and each
    Granary keeps one army without food."""
    eaters = [c for c in state.seats[seat].play if kind(c) in st.EATERS]
    total = food(state, seat)
    if extra is not None:
        eaters.append(extra)
        total += max(0, extra.data.food)
    armies = sum(1 for c in eaters if kind(c) == "army")
    need = len(eaters) - min(armies, len(controls(state, seat, "granary")))
    if total < need:
        return False
    return all(total - max(0, c.data.food) >= 1 for c in eaters if c.data.food > 0 and need > 0)


def cost(state: State, seat: int, card: Card) -> int:
    """Effort to bring the card in: followers need none; `costs-less` effects of cards in play (minimum 1)."""
    if kind(card) == "follower":
        return 0
    printed = max(0, card.data.effort or 0)
    less = 0
    for c in state.seats[seat].play:
        for effect in c.data.effects:
            if effect.get("kind") == "costs-less" and kind(card) in effect.get("types", ()):
                less += int(effect["n"])
    return max(min(printed, 1), printed - less)


def bonus_items(state: State, cid: str) -> tuple[int, int]:
    off = dfn = 0
    for item, bearer in state.bearer.items():
        if bearer == cid:
            o, d, _types = ITEMS.get(state.cards[item].title.casefold(), (0, 0, ()))
            off += o
            dfn += d
    return off, dfn


def defense(state: State, card: Card) -> int:
    seat = state.owner[card.id]
    value = max(0, card.data.defense or 0) + bonus_items(state, card.id)[1] + state.lasting_n("defense", card.id)
    if kind(card) == "army":
        value += len(controls(state, seat, "ark of the covenant"))
        home = state.inside.get(card.id)
        if home is not None and k(state.cards[home]) == "jericho":
            value += 1
    return value


def attacking_now(state: State, seat: int, title: str) -> bool:
    """A card of that title of `seat` attacked in this attack stage (Deborah, Gideon, Joshua)."""
    return any(state.attacked_on.get(c.id) == state.turn_no for c in controls(state, seat, title))


def offense(state: State, card: Card, against: Card | None) -> int:
    seat = state.owner[card.id]
    value = max(0, card.data.offense or 0) + bonus_items(state, card.id)[0]
    attacking = any(a.attacker == card.id for a in state.attacks)
    if against is not None:
        if k(card) == "david" and (
            kind(against) == "unique-person" or (kind(against) == "army" and (against.data.offense or 0) >= 5)
        ):
            value += 2
        if attacking and card.data.mounted and kind(card) == "army":
            value -= len(controls(state, state.owner[against.id], "mountain pass"))
    if attacking and kind(card) == "army" and seat == state.turn:
        if attacking_now(state, seat, "deborah"):
            value += 1
        if attacking_now(state, seat, "gideon") and (card.data.defense or 0) <= 3:
            value += 2
        if against is not None and kind(against) == "city" and state.lasting_n("turn:trumpet", str(seat)):
            value += 1
    home = state.inside.get(card.id)
    if (
        home is not None
        and against is not None
        and k(state.cards[home]) == "stronghold"
        and kind(card) == "army"
        and any(a.attacker == against.id and a.target == home for a in state.attacks)
    ):
        value += 1
    return max(0, value)


def damage_to(state: State, card: Card, target: Card) -> int:
    """What an attacker does to its target: a fortress takes 1 (rule 18) unless a Battering Ram or Samson says
    otherwise; everything else takes the attacker's offense."""
    full = offense(state, card, target)
    if kind(target) == "fortress":
        if k(card) == "samson":
            return 3
        rams = [i for i, b in state.bearer.items() if b == card.id and k(state.cards[i]) == "battering ram"]
        return full if rams else min(1, full) if full else 0
    if kind(target) == "city" and kind(card) == "army" and attacking_now(state, state.owner[card.id], "joshua"):
        return max(full, 2)
    return full


def strikes_back(state: State, card: Card) -> bool:
    """A defender that deals damage: armies, unique people, and followers, animals (Cattle) and fortresses with
    offense; not a card inside walls."""
    if card.id in state.inside:
        return False
    if kind(card) in ("army", "unique-person"):
        return True
    return kind(card) in ("follower", "animal", "fortress") and (card.data.offense or 0) > 0


# ----------------------------------------------------------------------------------------------- the engine
class BibleBattles:
    game = "bible-battles"
    min_seats = 2
    max_seats = 6
    variants: tuple[str, ...] = ()

    # -------------------------------------------------------------------------------- setup
    def new_game(self, setup: Setup) -> tuple[State, list[Event]]:
        n = len(setup.seats)
        if not self.min_seats <= n <= self.max_seats:
            raise SetupError("seats", "seat-count", "This game takes 2 to 6 players.")
        target = st.read_target(setup.options)
        rng = random.Random(setup.seed)
        seat_targets = read_seat_numbers(setup.options, "seat_wisdom", low=1, high=st.MAX_WISDOM, seats=n)
        state = State([st.SeatState(s.name) for s in setup.seats], target, rng, seat_targets)
        decks: list[list[Card]] = []
        for i, spec in enumerate(setup.seats):
            # A seat without a deck list plays the starter set (the site's box: each card of its first set once).
            cards_of = spec.deck or setup.box
            if not cards_of:
                raise SetupError(f"seats[{i}].deck", "no-deck", "Each player brings a deck of Bible Battles cards.")
            if len(cards_of) > st.MAX_DECK:
                raise SetupError(f"seats[{i}].deck", "deck-too-big", f"A deck holds at most {st.MAX_DECK} cards.")
            counts: dict[str, int] = {}
            cards = []
            for data in cards_of:
                base = (data.title_key or title_key(data.title)).replace(" ", "-")
                counts[base] = counts.get(base, 0) + 1
                card = Card(f"s{i}-{base}-{counts[base]}", data)
                cards.append(card)
                state.owner[card.id] = i
                state.cards[card.id] = card
            decks.append(cards)
        stacked = setup.options.get("deal")
        decks = _stack(stacked, decks, rng) if stacked is not None else [_shuffled(d, rng) for d in decks]
        events: list[Event] = []
        for i, (seat, deck) in enumerate(zip(state.seats, decks, strict=True)):
            seat.hand, seat.deck = deck[:7], deck[7:]
            events.append(Event("deal", i, (), GAME_PLAY, f"{seat.name} shuffles and deals 7 cards to the hand."))
        for i, (seat, deck) in enumerate(zip(state.seats, decks, strict=True)):
            # Listed for the seat's own player only: the titles would tell the others what its deck holds
            # (docs/rulings.md, "Bible Battles whole"); the event says how many, naming none.
            listed = [{"title": t, "text": x} for t, x in abilities.unfollowed(c.data for c in deck)]
            state.not_followed.append(listed)
            if listed:
                events.append(
                    Event(
                        "not-followed",
                        i,
                        (),
                        RULINGS,
                        f"{len(listed)} abilities in {seat.name}'s deck are not followed by this game; they are "
                        "listed for its player and shown when they come into play.",
                    )
                )
        # "Randomly select who goes first": the seed's generator picks.
        state.turn = rng.randrange(n)
        events.append(Event("first", state.turn, (), OBJECT, f"{state.seats[state.turn].name} goes first."))
        events += self._begin(state, state.turn)
        return state, events

    # -------------------------------------------------------------------------------- legal actions
    def legal(self, state: State, only: str | None = None, focus: str | None = None) -> dict[int, list[Action]]:
        """Each acting seat's legal actions; with `only`, just those of that type (what `apply` checks against:
        a replay of 1,000 actions would otherwise list every attack of every army at every step), and with
        `focus` just those whose first card is that id."""
        if state.result is not None:
            return {}
        p = state.turn
        if state.step == "respond":
            assert state.pending is not None
            return {state.pending: self._responses(state, state.pending)}
        if state.step == "starve":
            eaters = [c for c in state.seats[p].play if kind(c) in st.EATERS]
            return {p: [_act("starve", c) for c in eaters]}
        if state.step == "order":
            top = state.seats[p].deck[:3]
            return {
                p: [
                    {
                        "type": "order",
                        "cards": [c.title for c in cs],
                        "ids": [c.id for c in cs],
                        "order": ",".join(c.id for c in cs),
                    }
                    for cs in permutations(top)
                ]
            }
        if state.step in ("discard", "merchant"):
            return {p: [_act("discard", c) for c in state.seats[p].hand]}
        actions: list[Action] = []
        if state.stage in ("build", "end"):
            actions += self._building(state, p, only, focus)
            actions.append({"type": "attack-stage"} if state.stage == "build" else {"type": "end-turn"})
        else:
            actions += self._attacks(state, p, only, focus)
            actions.append({"type": "fight"})
        return {p: actions}

    def _building(self, state: State, p: int, only: str | None = None, focus: str | None = None) -> list[Action]:
        seat = state.seats[p]
        out: list[Action] = []
        for c in seat.hand if only in (None, "follower", "build", "play") else ():
            if focus is not None and c.id != focus:
                continue
            t = kind(c)
            if t == "follower":
                if state.followers_played < 1:
                    out.append(_act("follower", c))
                continue
            need = cost(state, p, c)
            if _spendable(state, c) < need:
                continue
            if t in st.EATERS and not fed(state, p, c):
                continue
            name = k(c)
            if t == "event":
                out += [_act("play", c, target=x) for x in self._event_targets(state, p, c)]
            elif t == "item" and name in ITEMS:
                types = ITEMS[name][2]
                out += [_act("build", c, bearer=b.id) for b in seat.play if kind(b) in types]
            else:
                out.append(_act("build", c))
        for c in seat.play if only in (None, "effort", "wisdom", "use") else ():
            if c.id in state.inspired or (focus is not None and c.id != focus):
                continue
            if self._wisdom_of(state, c):  # Levite's even under siege
                out.append(_act("wisdom", c))
            if in_combat(state, c):
                continue
            name = k(c)
            if kind(c) == "follower" and c.id not in state.inside:
                if name == "potter":
                    out.append(_act("effort", c, toward="building or city"))
                elif name == "carpenter":
                    out.append(_act("effort", c, toward="fortress or Battering Ram"))
                out.append(_act("effort", c))
            elif name == "oxen" and c.id not in state.inside:
                out.append(_act("effort", c, toward="crop or land"))
            elif name == "donkey" and c.id not in state.inside:
                out.append(_act("effort", c))
            if name in USES:
                out += [_act("use", c, target=x) for x in self._use_targets(state, p, c)]
        for c in seat.play if only in (None, "leave") else ():
            home = state.inside.get(c.id)
            if home is None or plagued(state, home):
                continue
            if besieged(state, home) and not (kind(c) == "follower" and state.lasting_n("turn:flee", str(p))):
                continue
            out.append(_act("leave", c))
        return out

    def _wisdom_of(self, state: State, c: Card) -> int:
        """What inspiring `c` for wisdom gives now (0: it cannot be inspired for wisdom)."""
        if c.id in state.inspired:
            return 0
        home = state.inside.get(c.id)
        if in_attack(state, c.id):
            return 0
        if home is not None and besieged(state, home) and k(c) != "levite":
            return 0
        value = max(0, c.data.wisdom)
        if k(c) == "scribe":
            value = 2 if has_building(state, state.owner[c.id]) else 1
        if value and kind(c) == "follower" and home is not None and k(state.cards[home]) == "jerusalem":
            value += 1
        return value

    def _use_targets(self, state: State, p: int, c: Card) -> list[str]:
        name = k(c)
        mine = state.seats[p].play
        if name == "shepherd":
            return [x.id for x in mine if kind(x) == "animal"]
        if name == "weaver":
            return [x.id for x in mine if kind(x) == "army"]
        if name == "stonemason":
            return [x.id for x in mine if kind(x) in st.WALLED and state.damage.get(x.id)]
        if name == "vinedresser":
            return [x.id for x in mine if kind(x) == "crop"]
        if name == "fisherman":
            return [""] if has_river(state, p) else []
        if name in ("merchant", "elder"):
            return [""] if state.seats[p].deck else []
        if name == "moses":
            return [""] if not state.lasting_n("turn:flee", str(p)) else []
        if name == "ram's horn trumpet":
            return [""] if not state.lasting_n("turn:trumpet", str(p)) else []
        if name == "elijah":
            return [
                x.id
                for o in state.active()
                if o != p
                for x in state.seats[o].play
                if kind(x) in st.BUILDINGS and x.data.wisdom > 0
            ]
        return []

    def _event_targets(self, state: State, p: int, c: Card) -> list[str]:
        name = k(c)
        others = [x for o in state.active() if o != p for x in state.seats[o].play]
        everyone = [x for o in state.active() for x in state.seats[o].play]
        if name == "assassinate":
            return [x.id for x in others if kind(x) in ("follower", "unique-person")]
        if name == "flood":
            return [x.id for x in everyone if kind(x) in ("crop", "land") and k(x) not in st.RIVERS]
        if name == "plague":
            return [x.id for x in everyone if kind(x) in st.WALLED]
        if name == "ambush":
            return [x.id for x in state.seats[p].play if kind(x) == "army"]
        return [""]  # Famine, Manna, and an event whose text the game does not follow

    def _attacks(self, state: State, p: int, only: str | None = None, focus: str | None = None) -> list[Action]:
        out: list[Action] = []
        for a in state.attacks if only in (None, "withdraw") else ():
            if (
                state.owner[a.attacker] == p
                and kind(state.cards[a.target]) in st.WALLED
                and a.attacker not in state.counter
                and a.started < state.turn_no
            ):
                out.append(_act("withdraw", state.cards[a.attacker]))
        outside = [
            x
            for o in state.active()
            if o != p
            for x in state.seats[o].play
            if x.id not in state.inside and kind(x) != "item"
        ]
        for c in state.seats[p].play if only in (None, "attack") else ():
            if focus is not None and c.id != focus:
                continue
            if kind(c) not in st.ATTACKERS or c.id in state.inspired or in_attack(state, c.id):
                continue
            if any(kd == "no-attack" and cid == c.id for kd, cid, _s, _n in state.lasting):
                continue
            home = state.inside.get(c.id)
            targets = outside if home is None else self._from_inside(state, p, c, home)
            out += [_act("attack", c, target=t.id, extra=(t,)) for t in targets]
        return out

    def _from_inside(self, state: State, p: int, c: Card, home: str) -> list[Card]:
        """Who a card inside walls may attack: the besiegers of its own fortress (the gates opened), or, for
        Archers and Slingers, of its city too; Archers in a Watchtower Fort, the besiegers of any fortress."""
        if plagued(state, home):
            return []
        homes = {home}
        shoots = k(c) in ("archers", "slingers")
        if not shoots and kind(state.cards[home]) != "fortress":
            return []
        if k(c) == "archers" and k(state.cards[home]) == "watchtower fort":
            homes |= {b.id for b in state.seats[p].play if kind(b) == "fortress"}
        found = [
            state.cards[a.attacker]
            for a in state.attacks
            if a.target in homes and kind(state.cards[a.attacker]) in st.ATTACKERS
        ]
        return list({x.id: x for x in found}.values())

    def _responses(self, state: State, d: int) -> list[Action]:
        assert state.declared is not None
        attacker = state.cards[state.declared.attacker]
        target = state.cards[state.declared.target]
        out: list[Action] = [{"type": "take"}]
        if state.owner[target.id] == d and self._wisdom_of(state, target) and not in_combat(state, target):
            out.append(_act("wisdom", target))
        for c in state.seats[d].play:
            if c.id == target.id or kind(c) not in st.INTERCEPTORS or c.id in state.inside:
                continue
            if in_combat(state, c):
                continue
            if k(c) != "cavalry" and state.attacked_on.get(c.id, -1) >= state.last_turn.get(d, -1) >= 0:
                continue
            if attacker.data.mounted and not (c.data.mounted or k(c) == "watchman"):
                continue
            out.append(_act("intercept", c))
        if kind(target) in st.MOVERS and not in_combat(state, target) and state.owner[target.id] == d:
            for b in state.seats[d].play:
                if kind(b) not in st.WALLED or besieged(state, b.id):
                    continue
                if attacker.data.mounted and not target.data.mounted and b.id not in state.behind_river:
                    continue  # rule 13: caught before it reaches the walls
                out.append(_act("shelter", b))
        if kind(attacker) == "army":
            for c in controls(state, d, "priest"):
                if c.id not in state.inspired and not in_combat(state, c):
                    out.append(_act("use", c, target=attacker.id))
        return out

    # -------------------------------------------------------------------------------- apply
    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
        found = self._refuse_unless_legal(state, seat, action)
        t = found["type"]
        handler = getattr(self, "_do_" + t.replace("-", "_"))
        events: list[Event] = handler(state, seat, found)
        return events

    def _refuse_unless_legal(self, state: State, seat: int, action: Mapping[str, Any]) -> Action:
        """`refuse_unless_legal` (rules/play/interface.py) matched against the legal actions of the sent type
        only; a refusal lists every legal type, as it does."""
        kind_sent = action.get("type")
        if state.result is not None or not isinstance(kind_sent, str):
            return refuse_unless_legal(self, state, seat, action)
        ids = action.get("ids")
        focus = ids[0] if isinstance(ids, list) and ids and isinstance(ids[0], str) else None
        legal = self.legal(state, only=kind_sent, focus=focus)
        found = match_action(legal.get(seat, []), action) if seat in legal else None
        if found is None:
            return refuse_unless_legal(self, state, seat, action)
        return found

    # Building and End stages -----------------------------------------------------------
    def _do_follower(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        state.seats[p].hand.remove(c)
        state.followers_played += 1
        return [
            Event("follower", p, (c.title,), BUILDING, "One follower a turn, at no effort."),
            *self._enters(state, p, c),
        ]

    def _do_effort(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        state.inspired.add(c.id)
        toward = a.get("toward", "")
        amount = 2 if toward in ("building or city", "fortress or Battering Ram") else 1
        state.effort.append((amount, toward, c.id))
        rule = card_text(c) if toward or kind(c) == "animal" else BUILDING
        where = f" toward a {toward}" if toward else ""
        return [Event("effort", p, (c.title,), rule, f"Inspired for {amount} effort{where}.")]

    def _do_build(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        need = cost(state, p, c)
        _spend(state, c, need)
        state.seats[p].hand.remove(c)
        events = [Event("build", p, (c.title,), BUILDING, f"Brought into play for {need} effort.")]
        if a.get("bearer"):
            state.bearer[c.id] = a["bearer"]
            events.append(Event("equip", p, (c.title, state.cards[a["bearer"]].title), card_text(c), "Equipped."))
        if kind(c) in st.WALLED and has_river(state, p):
            state.behind_river.add(c.id)
            events.append(
                Event("behind-river", p, (c.title,), f"{DOC}: Building Stage (river)", "Built behind a river.")
            )
        return events + self._enters(state, p, c)

    def _enters(self, state: State, p: int, c: Card) -> list[Event]:
        state.seats[p].play.append(c)
        if not abilities.is_followed(c.data):
            return [Event("not-followed", p, (c.title,), RULINGS, f"Not followed by this game: {c.data.abilities}")]
        return []

    def _do_play(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        _spend(state, c, cost(state, p, c))
        state.seats[p].hand.remove(c)
        state.seats[p].discard.append(c)
        name = k(c)
        target = state.cards.get(a.get("target", ""))
        events = [Event("event", p, (c.title,) + ((target.title,) if target else ()), card_text(c), "Played.")]
        if name in ("assassinate", "flood") and target is not None:
            events += self._destroy(state, target, card_text(c))
        elif name == "plague" and target is not None:
            state.lasting.append(("plague", target.id, p, 0))
        elif name == "famine":
            state.lasting.append(("famine", "", p, 0))
        elif name == "manna from heaven":
            state.lasting.append(("seat-food", str(p), p, 3))
        elif name == "ambush" and target is not None:
            state.lasting.append(("turn:first", target.id, p, 0))
        elif not abilities.is_followed(c.data):
            events.append(
                Event("not-followed", p, (c.title,), RULINGS, f"Not followed by this game: {c.data.abilities}")
            )
        return events

    def _do_wisdom(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        gained = self._wisdom_of(state, c)
        state.inspired.add(c.id)
        seat = state.seats[p]
        seat.wisdom += gained
        rule = card_text(c) if k(c) in ("scribe", "levite") else f"{DOC}: FOREWORD (inspire for wisdom)"
        events = [Event("wisdom", p, (c.title,), rule, f"Inspired for {gained} wisdom: {seat.wisdom} in all.")]
        return events + self._check_wisdom(state, p)

    def _do_use(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        state.inspired.add(c.id)
        name = k(c)
        target = state.cards.get(a.get("target", ""))
        events = [Event("ability", p, (c.title,) + ((target.title,) if target else ()), card_text(c), "Used.")]
        if name in ("shepherd", "weaver") and target is not None:
            state.lasting.append(("defense", target.id, p, 1))
        elif name == "stonemason" and target is not None:
            state.damage[target.id] = max(0, state.damage.get(target.id, 0) - 1)
        elif name == "vinedresser" and target is not None:
            state.lasting.append(("food", target.id, p, 1))
        elif name == "fisherman":
            state.lasting.append(("seat-food", str(p), -1, 1))
        elif name == "moses":
            state.lasting.append(("turn:flee", str(p), p, 1))
        elif name == "ram's horn trumpet":
            state.lasting.append(("turn:trumpet", str(p), p, 1))
        elif name == "merchant":
            seat = state.seats[p]
            drawn = seat.deck.pop(0)
            seat.hand.append(drawn)
            state.step = "merchant"
            events.append(Event("draw", p, (), card_text(c), "Drew a card; now discards a card."))
        elif name == "elder":
            state.step = "order"
            events.append(Event("look", p, (), card_text(c), "Looks at the top of the deck."))
        elif name == "elijah" and target is not None:
            events += self._destroy(state, target, card_text(c))
        elif name == "priest" and state.declared is not None:
            attacker = state.cards[state.declared.attacker]
            state.lasting.append(("no-attack", attacker.id, state.turn, 0))
            state.inspired.discard(attacker.id)
            state.attacked_on.pop(attacker.id, None)
            state.declared = None
            state.step = ""
            state.pending = None
            events.append(Event("attack-stopped", p, (attacker.title,), card_text(c), "It cannot attack this turn."))
        return events

    def _do_order(self, state: State, p: int, a: Action) -> list[Event]:
        seat = state.seats[p]
        ordered = [state.cards[i] for i in a["order"].split(",")]
        seat.deck[: len(ordered)] = ordered
        state.step = ""
        return [Event("order", p, (), "card Elder", f"Puts the top {len(ordered)} back in the order chosen.")]

    def _do_leave(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        home = state.cards[state.inside.pop(c.id)]
        return [Event("leave", p, (c.title, home.title), f"{DOC}: Attack Stage (cities)", "Left the walls.")]

    def _do_discard(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        seat = state.seats[p]
        seat.hand.remove(c)
        seat.discard.append(c)
        if state.step == "merchant":
            state.step = ""
            return [Event("discard", p, (c.title,), "card Merchant", "Discarded.")]
        events = [Event("discard", p, (c.title,), f"{DOC}: GAME PLAY (hand limit 7)", "Over 7 cards at the end.")]
        if len(seat.hand) <= st.HAND_LIMIT:
            state.step = ""
            events += self._next_turn(state)
        return events

    def _do_attack_stage(self, state: State, p: int, a: Action) -> list[Event]:
        state.stage = "attack"
        events = [Event("stage", p, (), ATTACK, "Attack stage.")]
        return events + self._starving(state, p)

    def _starving(self, state: State, p: int) -> list[Event]:
        if fed(state, p):
            state.step = ""
            return []
        state.step = "starve"
        return [Event("hungry", p, (), FOOD, "Less food than armies and unique people: one must go.")]

    def _do_starve(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        events = [Event("starve", p, (c.title,), FOOD, "Not fed: to the discard pile.")]
        events += self._destroy(state, c, FOOD)
        return events + self._starving(state, p)

    def _do_end_turn(self, state: State, p: int, a: Action) -> list[Event]:
        if len(state.seats[p].hand) > st.HAND_LIMIT:
            state.step = "discard"
            return [Event("hand-limit", p, (), f"{DOC}: GAME PLAY (hand limit 7)", "More than 7 cards: discard.")]
        return self._next_turn(state)

    # Attack stage ----------------------------------------------------------------------
    def _do_withdraw(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        siege = next(x for x in state.attacks if x.attacker == c.id)
        state.attacks.remove(siege)
        return [
            Event(
                "withdraw",
                p,
                (c.title, state.cards[siege.target].title),
                ATTACK,
                "Withdrawn from the siege; stays turned with its damage.",
            )
        ]

    def _do_attack(self, state: State, p: int, a: Action) -> list[Event]:
        c = state.cards[a["ids"][0]]
        target = state.cards[a["target"]]
        state.inspired.add(c.id)
        state.attacked_on[c.id] = state.turn_no
        d = state.owner[target.id]
        events = [
            Event("attack", p, (c.title, target.title), ATTACK, f"Attacks {state.seats[d].name}'s {target.title}.")
        ]
        if c.id in state.inside:
            # From inside the walls at a besieger: no answer to give; it can no longer withdraw (rule 5).
            self._settle(state, Attack(c.id, target.id, target.id, state.turn_no))
            return events
        state.declared = Attack(c.id, target.id, target.id, state.turn_no)
        state.step = "respond"
        state.pending = d
        return events

    def _settle(self, state: State, attack: Attack) -> None:
        """The answered attack stands. Attacking a card that besieges one of your walls stops it from
        withdrawing (rule 5)."""
        state.attacks.append(attack)
        mine = state.owner[attack.attacker]
        if any(
            x.attacker == attack.target and state.owner[x.target] == mine and kind(state.cards[x.target]) in st.WALLED
            for x in state.attacks
        ):
            state.counter.add(attack.target)
        state.declared = None
        state.step = ""
        state.pending = None

    def _do_take(self, state: State, d: int, a: Action) -> list[Event]:
        assert state.declared is not None
        attack = state.declared
        self._settle(state, attack)
        return [Event("take", d, (state.cards[attack.target].title,), ATTACK, "Takes the attack as it is.")]

    def _do_intercept(self, state: State, d: int, a: Action) -> list[Event]:
        assert state.declared is not None
        c = state.cards[a["ids"][0]]
        attack = state.declared
        attacker = state.cards[attack.attacker]
        self._settle(state, Attack(attack.attacker, c.id, c.id, attack.started))
        rule = card_text(c) if attacker.data.mounted else f"{DOC}: Summary, 4"
        return [Event("intercept", d, (c.title, attacker.title), rule, "Intercepts the attacker.")]

    def _do_shelter(self, state: State, d: int, a: Action) -> list[Event]:
        assert state.declared is not None
        b = state.cards[a["ids"][0]]
        attack = state.declared
        target = state.cards[attack.target]
        state.inside[target.id] = b.id
        self._settle(state, Attack(attack.attacker, b.id, target.id, attack.started))
        rule = f"{DOC}: Attack Stage (into a city or fortress)"
        if state.cards[attack.attacker].data.mounted:
            rule = f"{DOC}: Summary, 13 (behind a river)"
        return [
            Event(
                "shelter",
                d,
                (target.title, b.title),
                rule,
                f"{target.title} goes into {b.title}: the attacker besieges it.",
            )
        ]

    def _do_fight(self, state: State, p: int, a: Action) -> list[Event]:
        events = [Event("combat", p, (), f"{DOC}: Summary, 6", "Combat damage of this attack stage.")]
        dealt: dict[str, int] = {}
        struck: set[str] = set()
        first = {cid for kd, cid, _s, _n in state.lasting if kd == "turn:first"}
        for attack in list(state.attacks):
            att, tgt = state.cards[attack.attacker], state.cards[attack.target]
            mine = state.owner[att.id] == p
            theirs = state.owner[tgt.id] == p and strikes_back(state, tgt)
            if not (mine or theirs):
                continue
            hit = damage_to(state, att, tgt)
            back = offense(state, tgt, att) if strikes_back(state, tgt) and tgt.id not in struck else 0
            if back:
                struck.add(tgt.id)
            if att.id in first and state.damage.get(tgt.id, 0) + dealt.get(tgt.id, 0) + hit >= defense(state, tgt):
                back = 0
            if (
                tgt.id in first
                and back
                and state.damage.get(att.id, 0) + dealt.get(att.id, 0) + back >= defense(state, att)
            ):
                hit = 0
            if hit:
                dealt[tgt.id] = dealt.get(tgt.id, 0) + hit
                events.append(Event("damage", state.owner[att.id], (att.title, tgt.title), ATTACK, f"{hit} damage."))
            if back:
                dealt[att.id] = dealt.get(att.id, 0) + back
                events.append(Event("damage", state.owner[tgt.id], (tgt.title, att.title), ATTACK, f"{back} damage."))
        dead: list[Card] = []
        for cid, n in dealt.items():
            card = state.cards[cid]
            before = state.damage.get(cid, 0)
            limit = defense(state, card)
            # Overkill is lost (rule 15): a card never holds more damage than its defense.
            state.damage[cid] = min(limit, before + n)
            if state.damage[cid] >= limit:
                dead.append(card)
        for card in dead:
            events += self._destroy(state, card, f"{DOC}: Definition of Terms (Defense)")
        state.stage = "end"
        events.append(Event("stage", p, (), END, "End stage."))
        return events

    # Changes of zone ---------------------------------------------------------------------
    def _destroy(self, state: State, card: Card, rule: str) -> list[Event]:
        """To its owner's discard pile, with its items; attacks on it end; cards inside a fallen city come out,
        and their attackers go on at the card they set out for."""
        o = state.owner[card.id]
        seat = state.seats[o]
        if card not in seat.play:
            return []
        seat.play.remove(card)
        seat.discard.append(card)
        events = [Event("destroyed", o, (card.title,), rule, "To the discard pile.")]
        for cid in (card.id,):
            state.inspired.discard(cid)
            state.damage.pop(cid, None)
            state.inside.pop(cid, None)
            state.behind_river.discard(cid)
            state.attacked_on.pop(cid, None)
            state.counter.discard(cid)
            state.bearer.pop(cid, None)
        for item, bearer in list(state.bearer.items()):
            if bearer == card.id:
                events += self._destroy(state, state.cards[item], f"{DOC}: Summary, 19")
        freed = [cid for cid, home in state.inside.items() if home == card.id]
        for cid in freed:
            del state.inside[cid]
        kept: list[Attack] = []
        for attack in state.attacks:
            if attack.attacker == card.id:
                continue
            if attack.target == card.id:
                aim = state.cards[attack.aim]
                if (
                    attack.aim != card.id
                    and aim in state.seats[state.owner[aim.id]].play
                    and aim.id not in state.inside
                ):
                    kept.append(Attack(attack.attacker, aim.id, aim.id, attack.started))
                    events.append(
                        Event(
                            "walls-fall",
                            o,
                            (state.cards[attack.attacker].title, aim.title),
                            f"{DOC}: Attack Stage",
                            "The attack goes on at the card behind the walls.",
                        )
                    )
                continue
            kept.append(attack)
        state.attacks = kept
        state.lasting = [x for x in state.lasting if x[1] != card.id]
        if k(card) == "midwife":
            followers = [c for c in seat.hand if kind(c) == "follower"]
            if followers:
                best = max(followers, key=lambda c: (c.data.wisdom, c.id))
                seat.hand.remove(best)
                events.append(Event("follower", o, (best.title,), card_text(card), "Brought into play from the hand."))
                events += self._enters(state, o, best)
        return events

    # Turns ----------------------------------------------------------------------------------
    def _check_wisdom(self, state: State, p: int) -> list[Event]:
        goal = st.target_of(state, p)
        if state.result is None and state.seats[p].wisdom >= goal:
            state.result = Result((p,), f"{OBJECT}: first to {goal} wisdom")
            return [Event("win", p, (), OBJECT, f"{state.seats[p].name} reaches {goal} wisdom.")]
        return []

    def _next_turn(self, state: State) -> list[Event]:
        p = state.turn
        state.effort = []
        state.lasting = [x for x in state.lasting if not x[0].startswith("turn:")]
        state.lasting = [x for x in state.lasting if not (x[0] == "seat-food" and x[2] == -1)]
        n = len(state.seats)
        nxt = (p + 1) % n
        while state.seats[nxt].out:
            nxt = (nxt + 1) % n
        return self._begin(state, nxt)

    def _begin(self, state: State, p: int) -> list[Event]:
        """The Beginning stage: reset, damage removed, draw (an empty deck loses), wisdom from cards in play."""
        state.turn = p
        state.turn_no += 1
        state.last_turn[p] = state.turn_no
        state.stage = "build"
        state.step = ""
        state.followers_played = 0
        state.effort = []
        state.lasting = [x for x in state.lasting if x[2] != p]
        seat = state.seats[p]
        events: list[Event] = []
        for c in seat.play:
            if c.id in state.inspired and not any(x.attacker == c.id for x in state.attacks):
                state.inspired.discard(c.id)
            if state.damage.get(c.id) and not in_combat(state, c):
                del state.damage[c.id]
        if not seat.deck:
            events.append(Event("cannot-draw", p, (), OBJECT, f"{seat.name} cannot draw a card and is out."))
            seat.out = True
            state.attacks = [x for x in state.attacks if p not in (state.owner[x.attacker], state.owner[x.target])]
            left = state.active()
            if len(left) == 1:
                state.result = Result((left[0],), f"{OBJECT}: the other players could not draw")
                events.append(Event("win", left[0], (), OBJECT, f"{state.seats[left[0]].name} wins."))
                return events
            return events + self._next_turn(state)
        seat.hand.append(seat.deck.pop(0))
        events.append(Event("draw", p, (), BEGINNING, f"{seat.name} draws a card."))
        gained = 0
        for c in seat.play:
            for effect in c.data.effects:
                if effect.get("kind") != "wisdom-each-turn":
                    continue
                titles = effect.get("per-title")
                n = int(effect["n"])
                if titles:
                    wanted = {str(t).casefold() for t in titles}
                    n *= sum(1 for x in seat.play if k(x) in wanted)
                if n:
                    gained += n
                    events.append(
                        Event("wisdom", p, (c.title,), card_text(c), f"{n} wisdom at the beginning of the turn.")
                    )
        seat.wisdom += gained
        return events + self._check_wisdom(state, p)

    # -------------------------------------------------------------------------------- the rest
    def unfollowed(self, cards: Iterable[CardData]) -> list[tuple[str, str]]:
        """The abilities this engine does not follow among `cards`: listed before a game starts."""
        return abilities.unfollowed(cards)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return st.view(state, seat)

    def result(self, state: State) -> Result | None:
        return state.result

    def to_dict(self, state: State) -> dict[str, Any]:
        return st.to_dict(state)

    def card_ids(self, state: State) -> list[str]:
        return [c.id for _o, _z, cards in state.zones() for c in cards]

    def secret_ids(self, state: State, seat: int | None) -> set[str]:
        return st.secret_ids(state, seat)

    def computer(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = self.legal(state).get(seat, [])
        if not legal:
            raise Refusal("not-your-turn", f"Seat {seat} may not act now.")
        return computer.choose(self, state, seat, legal, rng)


def _act(
    t: str,
    c: Card,
    *,
    target: str | None = None,
    bearer: str | None = None,
    toward: str = "",
    extra: tuple[Card, ...] = (),
) -> Action:
    out: Action = {"type": t, "cards": [c.title, *(x.title for x in extra)], "ids": [c.id, *(x.id for x in extra)]}
    if target:
        out["target"] = target
    if bearer:
        out["bearer"] = bearer
    if toward:
        out["toward"] = toward
    return out


def _fits(toward: str, c: Card) -> bool:
    if toward == "building or city":
        return kind(c) in ("building", "city")
    if toward == "fortress or Battering Ram":
        return kind(c) == "fortress" or k(c) == "battering ram"
    if toward == "crop or land":
        return kind(c) in ("crop", "land")
    return not toward


def _spendable(state: State, c: Card) -> int:
    return sum(n for n, toward, _s in state.effort if _fits(toward, c))


def _spend(state: State, c: Card, need: int) -> None:
    """Effort from the pool: the entries only this card can use first (largest first), then the rest; an entry
    is used whole (what it gives beyond the cost is lost, effort never carries over)."""
    order = sorted(
        (i for i, (_n, toward, _s) in enumerate(state.effort) if _fits(toward, c)),
        key=lambda i: (not state.effort[i][1], -state.effort[i][0], i),
    )
    used: list[int] = []
    paid = 0
    for i in order:
        if paid >= need:
            break
        paid += state.effort[i][0]
        used.append(i)
    state.effort = [e for i, e in enumerate(state.effort) if i not in used]


def _shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out


def _stack(deal: object, decks: list[list[Card]], rng: random.Random) -> list[list[Card]]:
    """`options.deal`: for each seat, titles from its own deck list, top first; the rest of the deck is shuffled
    below them."""
    if not isinstance(deal, list) or len(deal) != len(decks):
        raise SetupError("options.deal", "bad-deal", f"The deal must be a list of {len(decks)} lists, one a seat.")
    out = []
    for s, (titles, deck) in enumerate(zip(deal, decks, strict=True)):
        if not isinstance(titles, list):
            raise SetupError(f"options.deal[{s}]", "bad-deal", "Each seat's deal is a list of card titles.")
        left = list(deck)
        top: list[Card] = []
        for i, title in enumerate(titles):
            if not isinstance(title, str):
                raise SetupError(f"options.deal[{s}][{i}]", "bad-deal", "A card is named by its title.")
            wanted = title_key(title)
            found = next((c for c in left if title_key(c.title) == wanted), None)
            if found is None:
                raise SetupError(f"options.deal[{s}][{i}]", "unknown-card", f"Seat {s}'s deck has no (more) {title!r}.")
            left.remove(found)
            top.append(found)
        out.append(top + _shuffled(left, rng))
    return out


ENGINE = BibleBattles()
