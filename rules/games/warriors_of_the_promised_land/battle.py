"""Phase Two: Call to Battle. The chain of Challenges, revealing in turn, the interactive cards offered the moment
a card is revealed, Coriantumr and Shiz, capturing, and the end of a Battle round ("Game Play - Phase Two";
"Special Situations"; the Armory Cards Appendix)."""

from __future__ import annotations

from itertools import combinations

from rules.games.warriors_of_the_promised_land.challenge import ChallengeResult
from rules.games.warriors_of_the_promised_land.challenge import Slot
from rules.games.warriors_of_the_promised_land.challenge import Table
from rules.games.warriors_of_the_promised_land.challenge import score_table
from rules.games.warriors_of_the_promised_land.laying import may_lay
from rules.games.warriors_of_the_promised_land.prepare import deal_hand
from rules.games.warriors_of_the_promised_land.prepare import start_round
from rules.games.warriors_of_the_promised_land.state import DECKS
from rules.games.warriors_of_the_promised_land.state import HAND_SIZE
from rules.games.warriors_of_the_promised_land.state import Fight
from rules.games.warriors_of_the_promised_land.state import State
from rules.games.warriors_of_the_promised_land.state import cite
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Result

USE_RULES = {
    "escape": "Escape: At any time during a Challenge, you may disable one of your opponent's secondary cards",
    "conversion": "Conversion: Take one secondary card from your opponent and add it to your cards in play",
    "dissenter": "Dissenter: Take one secondary card from your opponent and add it to your cards in play",
    "deception": "Deception: Take a card from the six cards in your hand to add it to the cards in play",
}


def start_battle(state: State, caller: int) -> list[Event]:
    state.phase, state.step = "battle", "challenge"
    state.challenger, state.battled, state.looked = caller, [], False
    return []


def _candidates(state: State) -> list[int]:
    return [s for s in state.active() if s != state.challenger and s not in state.battled]


def _prophecy(state: State, seat: int) -> Card | None:
    return next((c for c in state.players[seat].in_play if c.data.armory == "prophecy"), None)


def _held_usable(state: State, fight: Fight, seat: int) -> list[Card]:
    return [c for c in state.players[seat].in_play if c.id not in fight.unusable]


def _targets(state: State, fight: Fight, seat: int) -> list[Card]:
    """The opponent's secondary cards that can be taken or disabled: face up, not disabled, not the primary."""
    other = state.players[fight.other(seat)].in_play
    return [c for c in other[1:] if c.id in state.faceup and c.id not in fight.disabled]


def uses(state: State, seat: int) -> list[Action]:
    """The interactive cards `seat` may use now: its own revealed cards, not disabled, not used up."""
    fight = state.fight
    assert fight is not None
    player = state.players[seat]
    out: list[Action] = []
    seen: set[tuple[str, ...]] = set()
    for card in player.in_play:
        kind = card.data.armory
        if kind not in USE_RULES or card.id not in state.faceup or card.id in fight.disabled:
            continue
        if card.id in fight.unusable:
            continue
        if card.id in (fight.escapes_used if kind == "escape" else state.used_this_round):
            continue
        if kind == "deception":
            held = [c.data for c in _held_usable(state, fight, seat)]
            warriors = player.warriors_in_hand()
            choices = [
                c for c in player.hand if may_lay(held, c.data).allowed and (c.data.kind != "warrior" or warriors > 1)
            ]
        else:
            choices = _targets(state, fight, seat)
        for target in choices:
            key = (card.title, target.title, target.id)
            if key in seen:
                continue
            seen.add(key)
            out.append({"type": kind, "cards": [card.title, target.title], "ids": [card.id, target.id]})
    return out


def legal(state: State, seat: int) -> list[Action]:
    if state.step == "challenge":
        out: list[Action] = [{"type": "challenge", "opponent": s} for s in _candidates(state)]
        prophecy = _prophecy(state, seat)
        if prophecy is not None and not state.looked:
            pool = _candidates(state)
            pairs = [list(p) for p in combinations(pool, 2)] if len(pool) > 1 else [pool]
            for pair in pairs:
                out.append({"type": "prophecy", "cards": [prophecy.title], "ids": [prophecy.id], "look": pair})
        return out
    if state.step == "reveal":
        card = state.facedown(seat)[0]
        return [{"type": "reveal", "cards": [card.title], "ids": [card.id]}]
    return [*uses(state, seat), {"type": "done"}]


def apply(state: State, seat: int, action: Action) -> list[Event]:
    kind = action["type"]
    name = state.players[seat].name
    if kind == "prophecy":
        state.looked = True
        looked = action["look"]
        for s in looked:
            state.known[seat].update(c.id for c in state.facedown(s))
        names = " and ".join(state.players[s].name for s in looked)
        return [
            Event(
                "prophecy",
                seat,
                (action["cards"][0],),
                cite("Prophecy: you may privately look at two players' facedown cards before deciding"),
                f"{name} looks privately at the face-down cards of {names}.",
            )
        ]
    if kind == "challenge":
        defender = action["opponent"]
        state.battled += [s for s in (seat, defender) if s not in state.battled]
        state.fight = Fight(seat, defender, seat)
        event = Event(
            "challenge",
            seat,
            (),
            cite("Phase Two, 1: challenges him/her by saying, \u201cTake up the sword!\u201d"),
            f"{name} challenges {state.players[defender].name}: \u201cTake up the sword!\u201d",
        )
        return [event, *_continue(state)]
    fight = state.fight
    assert fight is not None
    if kind == "reveal":
        card = state.facedown(seat)[0]
        state.faceup.add(card.id)
        event = Event(
            "reveal",
            seat,
            (card.title,),
            cite("Phase Two, 2: reveals the first facedown card on the right of his/her Warrior"),
            f"{name} reveals {card.title}.",
        )
        if uses(state, seat):
            fight.window, state.step = seat, "window"
            return [event]
        return [event, *_continue(state, after=seat)]
    if kind == "done":
        fight.window = None
        return _continue(state, after=seat, declined=True)
    events = use_card(state, fight, seat, action)
    if not uses(state, seat):
        fight.window = None
        events += _continue(state, after=seat)
    return events


def use_card(state: State, fight: Fight, seat: int, action: Action) -> list[Event]:
    kind = action["type"]
    player, opponent = state.players[seat], state.players[fight.other(seat)]
    card_id, target_id = action["ids"]
    rule = cite(USE_RULES[kind])
    if kind == "escape":
        fight.escapes_used.add(card_id)
        fight.disabled.add(target_id)
        title = action["cards"][1]
        return [Event("escape", seat, tuple(action["cards"]), rule, f"{player.name}'s Escape disables {title}.")]
    state.used_this_round.add(card_id)
    if kind == "deception":
        card = next(c for c in player.hand if c.id == target_id)
        player.hand.remove(card)
        player.in_play.append(card)
        state.faceup.add(card.id)
        detail = f"{player.name}'s Deception adds {card.title} from the hand to the cards in play."
        return [Event("deception", seat, tuple(action["cards"]), rule, detail)]
    card = next(c for c in opponent.in_play if c.id == target_id)
    held = [c.data for c in _held_usable(state, fight, seat)]
    usable = may_lay(held, card.data)
    opponent.in_play.remove(card)
    player.in_play.append(card)
    fight.taken[card.id] = fight.other(seat)
    if usable.allowed:
        fight.unusable.discard(card.id)
        note = "it counts for them"
    else:
        fight.unusable.add(card.id)
        note = "it cannot be used with their cards, but they keep it"
    detail = f"{player.name}'s {action['cards'][0]} takes {card.title} from {opponent.name}: {note}."
    return [Event(kind, seat, tuple(action["cards"]), rule, detail)]


def _continue(state: State, after: int | None = None, declined: bool = False) -> list[Event]:
    """The next moment of the Challenge: the other player's reveal, the last moments, or the scoring. A player who
    has just said "done" after the last reveal is not asked again."""
    fight = state.fight
    assert fight is not None
    if fight.finals is None:
        order = [fight.other(after), after] if after is not None else [fight.challenger, fight.defender]
        for seat in order:
            if state.facedown(seat):
                fight.revealer, state.step = seat, "reveal"
                return []
        fight.finals = [s for s in (fight.challenger, fight.defender) if not (declined and s == after)]
    while fight.finals:
        seat = fight.finals.pop(0)
        if uses(state, seat):
            fight.window, state.step = seat, "window"
            return []
    return _settle(state, fight)


def _facing(state: State, fight: Fight) -> bool:
    titles = {s: {c.data.title_key for c in state.players[s].in_play} for s in (fight.challenger, fight.defender)}
    a, b = titles[fight.challenger], titles[fight.defender]
    return ("coriantumr" in a and "shiz" in b) or ("shiz" in a and "coriantumr" in b)


def _lay_six(state: State, fight: Fight) -> list[Event]:
    events: list[Event] = []
    for seat in (fight.challenger, fight.defender):
        player = state.players[seat]
        six = list(player.hand)
        player.hand.clear()
        held = [c.data for c in _held_usable(state, fight, seat)]
        pending = list(six)
        # A card of the six may be used when it can be played with the cards in play (and the six used so far).
        progress = True
        while progress:
            progress = False
            for card in list(pending):
                if may_lay(held, card.data).allowed:
                    held.append(card.data)
                    pending.remove(card)
                    progress = True
        for card in six:
            player.in_play.append(card)
            state.faceup.add(card.id)
            fight.six.add(card.id)
        fight.unusable.update(c.id for c in pending)
        used = [c.title for c in six if c not in pending]
        events.append(
            Event(
                "six",
                seat,
                tuple(c.title for c in six),
                cite("CORANTUMR AND SHIZ: each opponent must lay down all six cards in his/her hand"),
                f"{player.name} lays down the hand: {', '.join(c.title for c in six) or 'nothing'}; usable: "
                f"{', '.join(used) or 'none'}.",
            )
        )
    return events


def _table(state: State, fight: Fight) -> Table:
    table = Table()
    for seat in (fight.challenger, fight.defender):
        side = fight.side(seat)
        for i, card in enumerate(state.players[seat].in_play):
            taken_from = fight.taken.get(card.id)
            slot = Slot(card.data, side, side, i)
            if taken_from is not None:
                slot.origin, slot.index = fight.side(taken_from), None
                slot.note = f"taken from the {fight.side(taken_from)}"
            elif card.id in fight.six:
                slot.index, slot.note = None, f"from the {side}'s hand"
            slot.usable = card.id not in fight.unusable
            slot.disabled_by = "Escape" if card.id in fight.disabled else ""
            table.slots.append(slot)
    return table


def score(state: State, fight: Fight) -> ChallengeResult:
    return score_table(_table(state, fight))


def _settle(state: State, fight: Fight) -> list[Event]:
    events: list[Event] = []
    special = _facing(state, fight)
    if special:
        events.append(
            Event(
                "coriantumr-and-shiz",
                None,
                ("Coriantumr", "Shiz"),
                cite("CORANTUMR AND SHIZ: a battle finds Coriantumr and Shiz facing off ... a special battle ensues"),
                "Coriantumr and Shiz face each other: a special battle; both players lay down their hands.",
            )
        )
        events += _lay_six(state, fight)
    result = score(state, fight)
    for step in result.steps:
        events.append(Event("score", None, (), cite(f"Armory Cards Appendix; {step.rule}"), str(step)))
    winner = fight.challenger if result.winner == "challenger" else fight.defender
    loser = fight.other(winner)
    win, lose = state.players[winner], state.players[loser]
    captured = list(lose.in_play)
    lose.in_play.clear()
    keep_out = [c for c in win.in_play if c.id in fight.unusable or c.id in fight.six]
    win.in_play = [c for c in win.in_play if c not in keep_out]
    win.discard += captured + keep_out
    state.faceup.update(c.id for c in captured + keep_out)
    tie = result.points["challenger"] == result.points["defender"]
    events.append(
        Event(
            "challenge-won",
            winner,
            tuple(c.title for c in captured),
            cite("TIE: the player who made the Challenge has the advantage and wins")
            if tie
            else cite("Phase Two, 3: The player with the most points wins the Challenge and takes ... cards in play"),
            f"{win.name} wins the Challenge {result.points[fight.side(winner)]} to {result.points[fight.side(loser)]}"
            f" and captures {len(captured)} card(s) into the Discard pile.",
        )
    )
    if special:
        for seat in (winner, loser):
            events += deal_hand(state.players[seat], seat)
    state.fight, state.last_winner = None, winner
    state.challenger, state.looked, state.step = winner, False, "challenge"
    if _candidates(state):
        return events
    return events + end_round(state)


def end_round(state: State) -> list[Event]:
    """Phase Two, 5: cards in play to the Discard piles; hands back up to six; LOSING; the next round."""
    events: list[Event] = []
    winner = state.last_winner
    assert winner is not None
    for seat in state.active():
        player = state.players[seat]
        player.discard += player.in_play
        player.in_play = []
        while len(player.hand) < HAND_SIZE and (player.warrior_deck or player.armory_deck):
            if not player.warriors_in_hand() and player.warrior_deck:
                kind = "warrior"
            else:
                kind = max(DECKS, key=lambda k: (len(player.deck(k)), k == "armory"))
            player.hand.append(player.deck(kind).pop(0))
    out = [
        s for s in state.active() if len(state.players[s].hand) < HAND_SIZE or not state.players[s].warriors_in_hand()
    ]
    for seat in out:
        if seat == winner:
            continue
        player = state.players[seat]
        given = player.hand + player.warrior_deck + player.armory_deck + player.discard
        for zone in player.zones().values():
            zone.clear()
        state.players[winner].discard += given
        state.faceup.update(c.id for c in given)
        player.out = True
        events.append(
            Event(
                "surrender",
                seat,
                (),
                cite("LOSING: he/she surrenders the remaining cards to the winner of the last Challenge"),
                f"{player.name} cannot bring the hand up to six with a Warrior in it and surrenders "
                f"{len(given)} cards to {state.players[winner].name}.",
            )
        )
    left = state.active()
    if winner in out:
        return events + _count(state, "the winner of the last Challenge cannot go on (docs/rulings.md)")
    if len(left) == 1:
        state.phase, state.step = "over", "over"
        state.result = Result((winner,), cite("WINNING: The game may be played until one player holds all the cards"))
        return [
            *events,
            Event("game-won", winner, (), state.result.reason, f"{state.players[winner].name} holds all the cards."),
        ]
    if state.rounds is not None and state.round >= state.rounds:
        return events + _count(state, f"the players stop after {state.rounds} Battle round(s)")
    state.round += 1
    return events + start_round(state, winner)


def warrior_count(state: State, seat: int) -> tuple[int, int]:
    cards = [c for zone in state.players[seat].zones().values() for c in zone]
    return sum(c.data.kind == "warrior" for c in cards), len(cards)


def _count(state: State, why: str) -> list[Event]:
    """The players stop and count all their cards: the most Warrior cards wins (all cards, then a draw)."""
    counts = {s: warrior_count(state, s) for s in range(len(state.players))}
    best = max(counts.values())
    winners = tuple(s for s, c in counts.items() if c == best)
    state.phase, state.step = "over", "over"
    reason = cite("WINNING: players simply count up all their cards. The player with the most Warrior cards wins")
    state.result = Result(winners, reason)
    detail = "; ".join(f"{state.players[s].name}: {w} Warrior cards of {n}" for s, (w, n) in counts.items())
    return [Event("count", None, (), reason, f"Counting, as {why}: {detail}.")]
