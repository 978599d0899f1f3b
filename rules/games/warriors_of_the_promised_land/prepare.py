"""Phase One: Prepare for Battle. The deal, laying a primary Warrior and then secondary cards, drawing back up to
six (always keeping a Warrior), and the Call to Battle ("Game Play - Phase One", steps 1-7)."""

from __future__ import annotations

from rules.games.warriors_of_the_promised_land.laying import may_lay
from rules.games.warriors_of_the_promised_land.state import DECKS
from rules.games.warriors_of_the_promised_land.state import HAND_SIZE
from rules.games.warriors_of_the_promised_land.state import Player
from rules.games.warriors_of_the_promised_land.state import State
from rules.games.warriors_of_the_promised_land.state import cite
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event


def draw(player: Player, kind: str) -> Card:
    card = player.deck(kind).pop(0)
    player.hand.append(card)
    return card


def deal_hand(player: Player, seat: int, warriors: int = 3, armory: int = 3) -> list[Event]:
    """Three Warrior and three Armory cards, as far as the decks allow; the other deck makes up a shortfall."""
    wanted = {"warrior": warriors, "armory": armory}
    for kind in DECKS:
        short = max(0, wanted[kind] - len(player.deck(kind)))
        wanted[kind] -= short
        other = "armory" if kind == "warrior" else "warrior"
        wanted[other] += short
    for kind in DECKS:
        for _ in range(min(wanted[kind], len(player.deck(kind)))):
            draw(player, kind)
    got = {k: sum(c.data.kind == k for c in player.hand) for k in DECKS}
    return [
        Event(
            "draw-hand",
            seat,
            rule=cite("Getting Ready to Play, 3: 3 cards from his/her Warrior pile and 3 from his/her Armory pile"),
            detail=f"{player.name} draws {got['warrior']} Warrior and {got['armory']} Armory cards.",
        )
    ]


def start_round(state: State, first: int) -> list[Event]:
    seats = state.active()
    at = seats.index(first)
    state.order = seats[at:] + seats[:at]
    state.phase, state.step = "prepare", "lay"
    state.prep = state.turn = state.lays_this_prep = 0
    state.called_by = state.challenger = None
    state.battled, state.looked, state.fight = [], False, None
    state.used_this_round = set()
    return [
        Event(
            "round",
            first,
            rule=cite("Phase One, 2: The first player chooses a Warrior to play as his/her primary card"),
            detail=f"Battle round {state.round}: {state.players[first].name} goes first, then play goes clockwise.",
        )
    ]


def _draws(player: Player, after: list[Card]) -> list[str | None]:
    """The decks a player may draw from after a lay: none when both are empty; only the Warrior deck when the
    hand would otherwise hold no Warrior ("he/she must keep at least one Warrior in his/her hand at all times")."""
    decks = [k for k in DECKS if player.deck(k)]
    if not decks:
        return [None]
    if not any(c.data.kind == "warrior" for c in after) and "warrior" in decks:
        return ["warrior"]
    return list(decks)


def lays(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    in_play = [c.data for c in player.in_play]
    out: list[Action] = []
    seen: set[str] = set()
    for card in player.hand:
        if card.title in seen or not may_lay(in_play, card.data).allowed:
            continue
        seen.add(card.title)
        after = [c for c in player.hand if c.id != card.id]
        keeps = any(c.data.kind == "warrior" for c in after) or bool(player.warrior_deck)
        if in_play and not keeps:
            continue  # a secondary Warrior may not take the last Warrior from the hand for good
        for deck in _draws(player, after):
            action: Action = {"type": "lay", "cards": [card.title], "ids": [card.id]}
            if deck is not None:
                action["draw"] = deck
            out.append(action)
    return out


def legal(state: State, seat: int) -> list[Action]:
    if state.step == "end-turn":
        return [{"type": "call-to-battle"}, {"type": "end-turn"}]
    return lays(state, seat) or [{"type": "pass"}]


def apply(state: State, seat: int, action: Action) -> list[Event]:
    player = state.players[seat]
    kind = action["type"]
    events: list[Event] = []
    if kind == "lay":
        card = next(c for c in player.hand if c.id == action["ids"][0])
        primary = not player.in_play
        player.hand.remove(card)
        player.in_play.append(card)
        state.lays_this_prep += 1
        if primary:
            state.faceup.add(card.id)
            events.append(
                Event(
                    "lay-primary",
                    seat,
                    (card.title,),
                    cite("Phase One, 2: chooses a Warrior to play as his/her primary card ... and lays him faceup"),
                    f"{player.name} lays {card.title} face up as the primary card.",
                )
            )
        else:
            events.append(
                Event(
                    "lay-secondary",
                    seat,
                    (),
                    cite("Phase One, 5: lays another card (secondary card) facedown to the right of his/her Warrior"),
                    f"{player.name} lays a secondary card face down.",
                )
            )
        if action.get("draw"):
            draw(player, action["draw"])
            events.append(
                Event(
                    "draw",
                    seat,
                    (),
                    cite("Phase One, 3: chooses another card from either his/her Warrior or Armory deck"),
                    f"{player.name} draws a card from the {action['draw'].capitalize()} deck "
                    f"({len(player.hand)} in hand).",
                )
            )
        elif len(player.hand) < HAND_SIZE:
            events.append(
                Event(
                    "no-draw",
                    seat,
                    (),
                    cite("LOSING: can no longer bring the number of cards in his/her hand up to six"),
                    f"{player.name}'s decks are empty: the hand stays at {len(player.hand)}.",
                )
            )
    elif kind == "pass":
        events.append(
            Event(
                "pass",
                seat,
                (),
                cite("CHOOSING WHICH CARDS TO PLAY: Secondary cards need to have at least one icon that matches"),
                f"{player.name} has no card that can be laid now and lays nothing.",
            )
        )
    elif kind == "call-to-battle":
        state.called_by = seat
        events.append(
            Event(
                "call-to-battle",
                seat,
                (),
                cite("Phase One, 7: a player can stop Phase One by saying, \u201cCall to battle!\u201d"),
                f"{player.name} says \u201cCall to battle!\u201d; players who have not laid a card this round do so.",
            )
        )
    if kind in ("lay", "pass") and state.called_by is None:
        state.step = "end-turn"
        return events
    return events + _next_turn(state)


def _next_turn(state: State) -> list[Event]:
    from rules.games.warriors_of_the_promised_land.battle import start_battle

    state.step = "lay"
    state.turn += 1
    if state.turn < len(state.order):
        return []
    if state.called_by is not None:
        return start_battle(state, state.called_by)
    if state.lays_this_prep == 0:
        caller = state.order[-1]
        return [
            Event(
                "call-to-battle",
                caller,
                (),
                cite("Phase One, 7 (docs/rulings.md: nobody could lay a card this round)"),
                f"Nobody could lay a card this round: {state.players[caller].name}, last to play, calls to battle.",
            ),
            *start_battle(state, caller),
        ]
    state.prep += 1
    state.turn = state.lays_this_prep = 0
    return []
