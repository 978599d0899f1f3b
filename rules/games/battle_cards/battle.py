"""Battle Cards, How to play - Battle Mode: the draft, the draw deck and the seventh card, the first category
from the top card, five face-down match-ups, size then Value, lost cards to the draw deck, refill to seven, the
loser's category, first to three rounds; 3 and 4 players with sudden-death deciders (docs/rulings.md)."""

from __future__ import annotations

from rules.games.battle_cards.compare import compare
from rules.games.battle_cards.compare import score
from rules.games.battle_cards.draft import SQUAD
from rules.games.battle_cards.draft import SQUAD_VALUE
from rules.games.battle_cards.draft import squads_fit
from rules.games.battle_cards.state import ROUND_CATEGORIES
from rules.games.battle_cards.state import State
from rules.games.battle_cards.state import rule
from rules.play.deal import shuffled
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Result

HAND = 7
PLACED = 5
WINS_NEEDED = 3
ROUNDS_TO_WIN = 3
ROUNDS = 5

R_PICK = rule("Drafting Phase: \"The two players take it in turns to pick cards for their 'squad' of 6 cards\"")
R_CAP = rule("Drafting Phase: \"The total value of the squad must not exceed 30 'Value' points\"")
R_DECK = rule('Drafting Phase: "the remaining cards are shuffled and placed in a pile, face down"')
R_SEVENTH = rule('Drafting Phase: "Each player takes an extra card from the draw deck"')
R_FIRST = rule('Battle Phase: "the first round\'s category is the highest scoring category on this card"')
R_PLACE = rule('Battle Phase: "Players choose 5 cards each and place them, face down"')
R_REVEAL = rule('Battle Phase: "The cards are revealed one by one"')
R_SIZE = rule('Battle Phase: "Ties are resolved by comparing Size"')
R_VALUE = rule('3 or 4 players: "Any match-up ties which are not resolvable by size are resolved by comparing Value"')
R_THREE = rule('Battle Phase: "As soon as one player has won 3 match-ups, the round ends immediately"')
R_RETURN = rule('Battle Phase: "Any cards winning a match-up are returned to their owner\'s squad"')
R_SUDDEN = rule('3 or 4 players: "they then play a sudden-death decider using one of the unused cards"')
R_LAST = rule('3 or 4 players: "If more than one player is tied last in the round"')
R_SHUFFLE = rule('3 or 4 players: "the draw deck should be shuffled well before players draw"')
R_REFILL = rule('Battle Phase: "Both players take cards from the top of the draw deck until they have 7 cards"')
R_LOSER = rule('Battle Phase: "The loser picks the category for the next round"')
R_WIN = rule('Battle Phase: "The first player to win 3 rounds is the winner of the battle"')
R_FIVE = rule('Battle Phase: "The battle is made up of 5 rounds" (docs/rulings.md)')
BY_RULE = {"score": R_REVEAL, "size": R_SIZE, "value": R_VALUE}


def value(card: Card) -> int:
    return card.data.value or 0


def squad_value(cards: list[Card]) -> int:
    return sum(value(c) for c in cards)


# The draft ---------------------------------------------------------------------------------------------------


def draft_legal(state: State) -> list[Card]:
    picker = state.chooser
    assert picker is not None
    pool = state.zones["pool"]
    if state.draft_cache is not None and state.draft_cache[0] == len(pool):
        return state.draft_cache[1]
    out = []
    for card in pool:
        needs = [
            (SQUAD - len(s.zones["squad"]), SQUAD_VALUE - squad_value(s.zones["squad"]))
            if i != picker
            else (SQUAD - len(s.zones["squad"]) - 1, SQUAD_VALUE - squad_value(s.zones["squad"]) - value(card))
            for i, s in enumerate(state.seats)
        ]
        if needs[picker][1] < 0:
            continue
        if squads_fit([value(c) for c in pool if c is not card], needs):
            out.append(card)
    state.draft_cache = (len(pool), out)
    return out


def pick(state: State, seat: int, card: Card) -> list[Event]:
    state.zones["pool"].remove(card)
    squad = state.seats[seat].zones["squad"]
    squad.append(card)
    events = [
        Event(
            "pick",
            seat,
            (card.title,),
            R_PICK,
            f"{state.seats[seat].name} drafts {card.title} (Value {value(card)}; squad Value {squad_value(squad)}"
            f" of {SQUAD_VALUE}).",
        )
    ]
    n = len(state.seats)
    if all(len(s.zones["squad"]) == SQUAD for s in state.seats):
        state.zones["draw"] = shuffled(state.zones["pool"], state.rng)
        state.zones["pool"] = []
        events.append(Event("draw-deck", None, (), R_DECK, f"The {len(state.zones['draw'])} cards left are shuffled."))
        return events + deal_seventh(state) + start_round(state, None)
    state.chooser = (seat + 1) % n
    return events


def deal_seventh(state: State) -> list[Event]:
    events = []
    for i, s in enumerate(state.seats):
        if len(s.zones["squad"]) < HAND and state.zones["draw"]:
            s.zones["squad"].append(state.zones["draw"].pop(0))
            events.append(Event("draw", i, (), R_SEVENTH, f"{s.name} takes a seventh card, unseen by the others."))
    return events


# A round ------------------------------------------------------------------------------------------------------


def start_round(state: State, category: str | None) -> list[Event]:
    events = []
    if category is None:
        deck = state.zones["draw"]
        card = deck.pop(0)
        deck.append(card)
        category = max(ROUND_CATEGORIES, key=lambda c: (score(card.data, c), -ROUND_CATEGORIES.index(c)))
        events.append(
            Event(
                "category-card",
                None,
                (card.title,),
                R_FIRST,
                f"Round {state.round}: {card.title} is turned over; its highest score is {category} "
                f"({score(card.data, category)}); it goes to the bottom of the draw deck.",
            )
        )
    state.category = category
    state.phase = "place"
    state.wins = {i: 0 for i in range(len(state.seats))}
    state.used = set()
    state.round_winner = None
    state.chooser = None
    return events


def place(state: State, seat: int, card: Card) -> list[Event]:
    me = state.seats[seat]
    me.zones["squad"].remove(card)
    me.zones["placed"].append(card)
    state.used.add(card.id)
    events = [Event("place", seat, (), R_PLACE, f"{me.name} places card {len(me.zones['placed'])} face down.")]
    if all(len(s.zones["placed"]) == PLACED for s in state.seats):
        events += reveal(state)
    return events


def _settle(state: State, cards: dict[int, Card], winner: int | None, tied: tuple[int, ...]) -> None:
    """Winners (and cards nobody beat) go back to their squads; the losers to the bottom of the draw deck."""
    for s, card in cards.items():
        if s == winner or s in tied:
            state.seats[s].zones["squad"].append(card)
        else:
            state.zones["draw"].append(card)


def reveal(state: State) -> list[Event]:
    category = state.category
    assert category is not None
    events = []
    for k in range(PLACED):
        cards = {i: s.zones["placed"][k] for i, s in enumerate(state.seats)}
        out = compare(category, {i: c.data for i, c in cards.items()})
        shown = ", ".join(f"{c.title} {score(c.data, category)}" for c in cards.values())
        if out.winner is not None:
            state.wins[out.winner] += 1
            detail = f"Match-up {k + 1} in {category}: {shown}; {state.seats[out.winner].name} wins by {out.by}."
        else:
            detail = f"Match-up {k + 1} in {category}: {shown}; score, size and Value tie: nobody wins it."
        events.append(Event("match-up", out.winner, tuple(c.title for c in cards.values()), BY_RULE[out.by], detail))
        _settle(state, cards, out.winner, out.tied)
        if max(state.wins.values()) == WINS_NEEDED:
            events.append(Event("round-ends", out.winner, (), R_THREE, "Three match-ups won: the round ends."))
            break
    for s in state.seats:
        unturned = [c for c in s.zones["placed"][k + 1 :]]
        s.zones["squad"].extend(unturned)
        s.zones["placed"] = []
    events.append(Event("cards-return", None, (), R_RETURN, "Winners and unturned cards go back; losers to the deck."))
    most = max(state.wins.values())
    leaders = [i for i, w in state.wins.items() if w == most]
    if len(leaders) == 1:
        return events + round_won(state, leaders[0])
    return events + start_decider(state, leaders, "win")


def start_decider(state: State, players: list[int], purpose: str) -> list[Event]:
    names = " and ".join(state.seats[i].name for i in players)
    stuck = [i for i in players if not any(c.id not in state.used for c in state.seats[i].zones["squad"])]
    if stuck:
        event = Event(
            "no-decider",
            None,
            (),
            R_SUDDEN,
            f"{names} cannot play a decider (no unused card): it is unresolved (docs/rulings.md).",
        )
        if purpose == "win":
            return [event, *round_won(state, None)]
        return [event, *end_round(state)]
    state.phase = "decide"
    state.deciders = list(players)
    state.purpose = purpose
    why = "share the most match-ups" if purpose == "win" else "are tied last: the decider's winner picks"
    return [Event("sudden-death", None, (), R_SUDDEN if purpose == "win" else R_LAST, f"{names} {why}.")]


def decide(state: State, seat: int, card: Card) -> list[Event]:
    me = state.seats[seat]
    me.zones["squad"].remove(card)
    me.zones["decider"].append(card)
    state.used.add(card.id)
    events = [Event("decider-card", seat, (), R_SUDDEN, f"{me.name} lays a decider face down.")]
    if any(not state.seats[i].zones["decider"] for i in state.deciders):
        return events
    category = state.category
    assert category is not None
    cards = {i: state.seats[i].zones["decider"].pop() for i in state.deciders}
    out = compare(category, {i: c.data for i, c in cards.items()})
    shown = ", ".join(f"{c.title} {score(c.data, category)}" for c in cards.values())
    _settle(state, cards, out.winner, out.tied)
    state.deciders = []
    if out.winner is None:
        events.append(Event("decider", None, tuple(c.title for c in cards.values()), R_VALUE, f"{shown}: a tie."))
        return events + start_decider(state, list(out.tied), state.purpose)
    name = state.seats[out.winner].name
    events.append(
        Event("decider", out.winner, tuple(c.title for c in cards.values()), BY_RULE[out.by], f"{shown}: {name}.")
    )
    if state.purpose == "win":
        return events + round_won(state, out.winner)
    state.chooser = out.winner
    return events + end_round(state)


def round_won(state: State, winner: int | None) -> list[Event]:
    state.round_winner = winner
    if winner is None:
        return end_round(state)
    state.seats[winner].round_wins += 1
    me = state.seats[winner]
    events = [
        Event("round-won", winner, (), R_WIN, f"{me.name} wins round {state.round} ({me.round_wins} rounds won).")
    ]
    others = [i for i in state.wins if i != winner]
    fewest = min(state.wins[i] for i in others)
    last = [i for i in others if state.wins[i] == fewest]
    if len(last) == 1 or me.round_wins >= ROUNDS_TO_WIN:
        state.chooser = last[0]
        return events + end_round(state)
    return events + start_decider(state, last, "pick")


def end_round(state: State) -> list[Event]:
    events = []
    state.phase = "between"
    state.deciders = []
    for i, s in enumerate(state.seats):
        if s.round_wins >= ROUNDS_TO_WIN:
            state.result = Result((i,), R_WIN)
            return [Event("battle-won", i, (), R_WIN, f"{s.name} has won {ROUNDS_TO_WIN} rounds.")]
    if state.round >= ROUNDS:
        most = max(s.round_wins for s in state.seats)
        leaders = tuple(i for i, s in enumerate(state.seats) if s.round_wins == most)
        state.result = Result(leaders if len(leaders) == 1 else (), R_FIVE)
        detail = "Five rounds played and nobody won three: the most rounds wins; equal is a draw (docs/rulings.md)."
        return [Event("battle-over", leaders[0] if len(leaders) == 1 else None, (), R_FIVE, detail)]
    if len(state.seats) > 2:
        state.zones["draw"] = shuffled(state.zones["draw"], state.rng)
        events.append(Event("shuffle", None, (), R_SHUFFLE, "The draw deck is shuffled."))
    for i, s in enumerate(state.seats):
        n = 0
        while len(s.zones["squad"]) < HAND and state.zones["draw"]:
            s.zones["squad"].append(state.zones["draw"].pop(0))
            n += 1
        if n:
            events.append(Event("draw", i, (), R_REFILL, f"{s.name} draws {n} to have {len(s.zones['squad'])} again."))
    state.round += 1
    if state.chooser is None:
        return events + start_round(state, None)
    state.phase = "choose-category"
    name = state.seats[state.chooser].name
    return [*events, Event("loser-picks", state.chooser, (), R_LOSER, f"{name} picks the next category.")]


def legal(state: State) -> dict[int, list[Action]]:
    def act(kind: str, card: Card) -> Action:
        return {"type": kind, "cards": [card.title], "ids": [card.id]}

    if state.phase == "draft":
        assert state.chooser is not None
        return {state.chooser: [act("pick", c) for c in draft_legal(state)]}
    if state.phase == "place":
        return {
            i: [act("place", c) for c in s.zones["squad"]]
            for i, s in enumerate(state.seats)
            if len(s.zones["placed"]) < PLACED
        }
    if state.phase == "decide":
        return {
            i: [act("decide", c) for c in state.seats[i].zones["squad"] if c.id not in state.used]
            for i in state.deciders
            if not state.seats[i].zones["decider"]
        }
    assert state.phase == "choose-category" and state.chooser is not None
    return {state.chooser: [{"type": "choose-category", "category": c} for c in ROUND_CATEGORIES]}


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if action["type"] == "choose-category":
        category = str(action["category"])
        event = Event("choose-category", seat, (), R_LOSER, f"{state.seats[seat].name} picks {category}.")
        return [event, *start_round(state, category)]
    zone = {"pick": state.zones["pool"], "place": state.seats[seat].zones["squad"]}.get(
        action["type"], state.seats[seat].zones["squad"]
    )
    card = next(c for c in zone if c.id == action["ids"][0])
    if action["type"] == "pick":
        return pick(state, seat, card)
    if action["type"] == "place":
        return place(state, seat, card)
    return decide(state, seat, card)
