"""Book of Mormon Battles as a whole game: the battles, from the BATTALION's draw to the winner.

Who wins one battle is `battle.battle_of`, the same function the site's battle calculator answers with.
Each step cites the rules document's section (`book-of-mormon-battles.txt: TIE BATTLES`); the rulings for
what the text leaves open are in docs/rulings.md ("Book of Mormon Battles: the whole game").
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from rules.checkers import IllegalInput
from rules.checkers import Step
from rules.games.book_of_mormon_battles.battle import Character
from rules.games.book_of_mormon_battles.battle import Play
from rules.games.book_of_mormon_battles.battle import battle_of
from rules.games.book_of_mormon_battles.battle import make_play
from rules.games.book_of_mormon_battles.state import BATTALION
from rules.games.book_of_mormon_battles.state import DOC
from rules.games.book_of_mormon_battles.state import DOWN
from rules.games.book_of_mormon_battles.state import OWN
from rules.games.book_of_mormon_battles.state import UP
from rules.games.book_of_mormon_battles.state import State
from rules.games.book_of_mormon_battles.state import is_character
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Result

BASIC = f"{DOC}: BASIC PLAY"
NOTE = f"{DOC}: BASIC PLAY, Note (ARMY runs out)"
WINNING = f"{DOC}: WINNING"
TIE = f"{DOC}: TIE BATTLES"
TOO_MANY = f"{DOC}: TOO MANY POWER CARDS"
YOUNG = f"{DOC}: RULES FOR YOUNG PLAYERS"
SHORTER = f"{DOC}: RULES FOR A SHORTER GAME"
MOUNTING = f"{DOC}: MOUNTING BATTLES"
SECRET = f"{DOC}: SECRET WEAPON"
POWER_PLAY = f"{DOC}: POWER PLAY"
RULINGS = "docs/rulings.md: Book of Mormon Battles, the whole game"


def _titles(cards: Sequence[Card]) -> list[str]:
    return [c.title for c in cards]


def _ids(cards: Sequence[Card]) -> list[str]:
    return [c.id for c in cards]


def _put(state: State, cards: Sequence[Card], into: list[Card], face: str) -> None:
    for card in cards:
        into.append(card)
        state.face[card.id] = face


def _take(zone: list[Card], ids: Sequence[str]) -> list[Card]:
    taken = [c for c in zone if c.id in ids]
    zone[:] = [c for c in zone if c.id not in ids]
    return taken


def _name(state: State, seat: int) -> str:
    return f"{state.seats[seat].name} (seat {seat})"


def draw(state: State, seat: int, n: int, events: list[Event]) -> list[Card]:
    """The top `n` cards of the ARMY; an empty ARMY is first made again of the shuffled discard pile."""
    s = state.seats[seat]
    got: list[Card] = []
    while len(got) < n:
        if not s.army:
            if not s.discard:
                break
            s.army = s.discard
            s.discard = []
            state.rng.shuffle(s.army)
            events.append(
                Event(
                    "reshuffle",
                    seat,
                    (),
                    NOTE,
                    f"{_name(state, seat)}'s ARMY ran out: the discard pile, "
                    f"shuffled, is the new ARMY ({len(s.army)} cards).",
                )
            )
        got.append(s.army.pop(0))
    return got


def _refill(state: State, seat: int, events: list[Event]) -> None:
    s = state.seats[seat]
    got = draw(state, seat, BATTALION - len(s.battalion), events)
    s.battalion += got
    if got:
        events.append(Event("draw", seat, (), BASIC, f"{_name(state, seat)} draws {len(got)} card(s) from the ARMY."))


def _powers(cards: Sequence[Card]) -> list[Card]:
    return [c for c in cards if not is_character(c)]


def _has_character(state: State, seat: int) -> bool:
    return any(is_character(c) for c in state.seats[seat].holding())


# ---- the start of a battle --------------------------------------------------------------------------------


def start_battle(state: State) -> list[Event]:
    events: list[Event] = []
    state.players, state.tied, state.pending, state.turn = [], [], [], None
    if state.has("young-players"):
        state.players = state.active()
        state.pending = list(state.players)
        state.phase = "turn-over"
        return events
    for seat in state.active():
        s = state.seats[seat]
        if state.has("power-play") and state.battles > 0 and s.battalion:
            events.append(
                Event(
                    "power-play",
                    seat,
                    (),
                    POWER_PLAY,
                    f"{_name(state, seat)} puts the {len(s.battalion)} "
                    "cards left in the BATTALION facedown in the discard pile and draws five new ones.",
                )
            )
            _put(state, s.battalion, s.discard, OWN)
            s.battalion = []
        _refill(state, seat, events)
    state.pending = [seat for seat in state.active() if len(_powers(state.seats[seat].battalion)) >= 4]
    if state.pending:
        state.phase = "too-many"
        return events
    return events + _begin_laying(state)


def _begin_laying(state: State) -> list[Event]:
    events: list[Event] = []
    state.players = [s for s in state.active() if any(is_character(c) for c in state.seats[s].battalion)]
    for seat in state.active():
        if seat not in state.players:
            events.append(
                Event(
                    "sits-out",
                    seat,
                    (),
                    RULINGS,
                    f"{_name(state, seat)} has no CHARACTER card in the BATTALION "
                    "(POWER cards cannot be played individually) and sits this battle out.",
                )
            )
    if not state.players:
        return events + _finish(state, None)
    if state.has("secret-weapon"):
        state.phase = "lay"
        state.turn = _next_player(state)
    else:
        state.phase = "battle"
        state.pending = list(state.players)
    return events


def _order(state: State) -> list[int]:
    """The battle's players clockwise from the one who goes first (Secret Weapon)."""
    n = len(state.seats)
    return [(state.lead + k) % n for k in range(n) if (state.lead + k) % n in state.players]


def _next_player(state: State) -> int | None:
    return next((seat for seat in _order(state) if not state.seats[seat].laid), None)


def _next_revealer(state: State) -> int | None:
    return next(
        (seat for seat in _order(state) if any(state.face.get(c.id) == OWN for c in state.seats[seat].laid)), None
    )


# ---- legal actions ----------------------------------------------------------------------------------------


def _variant_for_battle(state: State) -> str:
    if state.has("mounting-battles"):
        return "mounting-battles"
    return "young-players" if state.has("young-players") else "basic"


def plays_of(state: State, battalion: Sequence[Card]) -> list[list[Card]]:
    """Every legal play from a BATTALION: a CHARACTER card, or the combination one POWER card allows."""
    return [list(p) for p in _plays_from(tuple(battalion))]


@lru_cache(maxsize=4096)
def _plays_from(battalion: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    chars = [c for c in battalion if is_character(c)]
    out: list[tuple[Card, ...]] = []
    for power in [None, *_powers(battalion)]:
        for size in range(1, len(chars) + 1 if power is not None else 2):
            for group in combinations(chars, size):
                cards = group if power is None else (*group, power)
                try:
                    make_play("", [c.data for c in cards], "basic")
                except IllegalInput:
                    continue
                out.append(tuple(sorted(cards, key=battalion.index)))
    return tuple(out)


def _action(kind: str, cards: Sequence[Card]) -> Action:
    return {"type": kind, "cards": _titles(cards), "ids": _ids(cards)}


@lru_cache(maxsize=4096)
def _play_names(battalion: tuple[Card, ...]) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    return tuple((tuple(c.title for c in p), tuple(c.id for c in p)) for p in _plays_from(battalion))


def _battle_actions(battalion: Sequence[Card]) -> list[Action]:
    """Every play of a BATTALION as an action. legal() lists them before every action a log replays, so each
    battalion's titles and ids are worked out once (fresh lists each time: a caller may keep or change them)."""
    return [
        {"type": "battle", "cards": list(titles), "ids": list(ids)} for titles, ids in _play_names(tuple(battalion))
    ]


def legal(state: State) -> dict[int, list[Action]]:
    if state.phase == "turn-over":
        return {seat: [{"type": "turn-over"}] for seat in state.pending}
    if state.phase == "too-many":
        return {
            seat: [
                _action("discard-powers", list(pair)) for pair in combinations(_powers(state.seats[seat].battalion), 2)
            ]
            for seat in state.pending
        }
    if state.phase == "battle":
        return {seat: _battle_actions(state.seats[seat].battalion) for seat in state.pending}
    if state.phase == "lay" and state.turn is not None:
        return {state.turn: _battle_actions(state.seats[state.turn].battalion)}
    if state.phase == "reveal" and state.turn is not None:
        hidden = [c for c in state.seats[state.turn].laid if state.face.get(c.id) == OWN]
        return {state.turn: [_action("reveal", hidden)]}
    if state.phase == "mount":
        if state.has("young-players"):
            return {seat: [{"type": "turn-over"}] for seat in state.pending}
        return {
            seat: [_action("mount", [c]) for c in state.seats[seat].battalion if is_character(c)]
            for seat in state.pending
        }
    return {}


# ---- applying an action -----------------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """`action` is one of `legal(state)[seat]` (the engine matched it)."""
    kind = action["type"]
    s = state.seats[seat]
    events: list[Event] = []
    if kind == "turn-over":
        card = draw(state, seat, 1, events)
        _put(state, card, s.laid, UP)
        state.pending.remove(seat)
        rule = MOUNTING if state.phase == "mount" else YOUNG
        events.append(
            Event(
                "turn-over",
                seat,
                tuple(_titles(card)),
                rule,
                f"{_name(state, seat)} turns over the top card of the ARMY: {card[0].title}.",
            )
        )
        if not state.pending:
            events += _resolve_mount(state) if state.phase == "mount" else _resolve(state)
        return events
    cards = _take(s.battalion, action["ids"])
    if kind == "discard-powers":
        _put(state, cards, s.discard, UP)
        got = draw(state, seat, 2, events)
        s.battalion += got
        state.pending.remove(seat)
        events.append(
            Event(
                "too-many-power-cards",
                seat,
                tuple(_titles(cards)),
                TOO_MANY,
                f"{_name(state, seat)} has 4 or more POWER cards: puts {' and '.join(_titles(cards))} in "
                f"the discard pile and draws {len(got)} more from the ARMY.",
            )
        )
        return events + ([] if state.pending else _begin_laying(state))
    if kind == "battle" and state.phase == "battle":
        _put(state, cards, s.chosen, OWN)
        state.pending.remove(seat)
        events.append(Event("chosen", seat, (), BASIC, f"{_name(state, seat)} has chosen and is ready for battle."))
        if not state.pending:
            for p in state.players:
                _put(state, state.seats[p].chosen, state.seats[p].laid, UP)
                state.seats[p].chosen = []
                events.append(
                    Event(
                        "laid",
                        p,
                        tuple(_titles(state.seats[p].laid)),
                        BASIC,
                        f"{_name(state, p)} takes {', '.join(_titles(state.seats[p].laid))} to battle.",
                    )
                )
            events += _resolve(state)
        return events
    if kind == "battle":  # Secret Weapon: in turn, CHARACTER cards faceup, the POWER card facedown
        _put(state, [c for c in cards if is_character(c)], s.laid, UP)
        _put(state, _powers(cards), s.laid, OWN)
        shown = [c for c in cards if is_character(c)]
        extra = " and a POWER card facedown" if _powers(cards) else ""
        events.append(
            Event(
                "laid",
                seat,
                tuple(_titles(shown)),
                SECRET,
                f"{_name(state, seat)} lays {', '.join(_titles(shown))} faceup{extra}.",
            )
        )
        state.turn = _next_player(state)
        if state.turn is None:
            state.phase = "reveal"
            state.turn = _next_revealer(state)
            if state.turn is None:
                events += _resolve(state)
        return events
    if kind == "reveal":
        for c in s.laid:
            if state.face.get(c.id) == OWN:
                state.face[c.id] = UP
        events.append(
            Event(
                "revealed",
                seat,
                tuple(action["cards"]),
                SECRET,
                f"{_name(state, seat)} turns the POWER card faceup: {', '.join(action['cards'])}.",
            )
        )
        state.turn = _next_revealer(state)
        if state.turn is None:
            events += _resolve(state)
        return events
    if kind == "mount":
        _put(state, cards, s.chosen, OWN)
        state.pending.remove(seat)
        events.append(Event("chosen", seat, (), MOUNTING, f"{_name(state, seat)} has chosen a new CHARACTER card."))
        if not state.pending:
            for p in state.tied:
                events.append(
                    Event(
                        "laid",
                        p,
                        tuple(_titles(state.seats[p].chosen)),
                        MOUNTING,
                        f"{_name(state, p)} places {state.seats[p].chosen[0].title} down for battle.",
                    )
                )
                _put(state, state.seats[p].chosen, state.seats[p].laid, UP)
                state.seats[p].chosen = []
            events += _resolve_mount(state)
        return events
    raise AssertionError(kind)


# ---- who wins ---------------------------------------------------------------------------------------------


def _play_cards(state: State, seat: int) -> list[Card]:
    """The seat's play: its faceup cards on the battlefield (not a mounting battle's facedown three)."""
    return [c for c in state.seats[seat].laid if state.face.get(c.id) != DOWN]


def _plays(state: State, seats: Sequence[int], variant: str) -> tuple[dict[str, int], list[Play], list[Step]]:
    names: dict[str, int] = {}
    plays: list[Play] = []
    steps: list[Step] = []
    for seat in seats:
        name = _name(state, seat)
        names[name] = seat
        play, step = make_play(name, [c.data for c in _play_cards(state, seat)], variant)
        plays.append(play)
        steps.append(step)
    return names, plays, steps


def _resolve(state: State) -> list[Event]:
    variant = _variant_for_battle(state)
    names, plays, steps = _plays(state, state.players, variant)
    if len(plays) == 1:
        return [
            Event(
                "battle-won",
                state.players[0],
                (),
                RULINGS,
                f"{plays[0].name} is the only player in the battle and wins it.",
            ),
            *_finish(state, state.players[0]),
        ]
    result = battle_of(plays, steps, variant)
    detail = " ".join(str(s) for s in result.steps)
    if result.winner is not None:
        winner = names[result.winner]
        rule = _rule_of(result.steps)
        return [Event("battle-won", winner, (), rule, detail), *_finish(state, winner)]
    tied = [names[n] for n in result.tied]
    if state.has("mounting-battles"):
        return [Event("tie", None, (), MOUNTING, detail), *_mount(state, tied)]
    return [
        Event("tie", None, (), RULINGS, detail + " The cards stay on the battlefield for the next battle's winner."),
        *_finish(state, None, tied=tied),
    ]


def _rule_of(steps: Sequence[Step]) -> str:
    rules = [s.rule for s in steps]
    for rule, section in (
        ("Famine", "THE CARDS, Famine"),
        ("Stripling Warriors", "THE CARDS, Stripling Warriors"),
        ("Tie battles", "TIE BATTLES"),
        ("Character cards", "THE CARDS, CHARACTER cards"),
    ):
        if rule in rules:
            return f"{DOC}: {section}"
    return YOUNG if "Rules for young players" in rules else BASIC


def _surrender(state: State, seat: int, events: list[Event]) -> None:
    s = state.seats[seat]
    left = [*s.army, *s.battalion, *s.discard]
    s.army, s.battalion, s.discard = [], [], []
    _put(state, left, state.pot, DOWN)
    s.out = True
    events.append(
        Event(
            "surrender",
            seat,
            (),
            MOUNTING,
            f"{_name(state, seat)} does not have enough cards to play "
            f"the tie and surrenders all {len(left)} remaining cards; that player is done.",
        )
    )


def _mount(state: State, tied: list[int]) -> list[Event]:
    """The mounting procedure for the tied players: three cards facedown, then a new CHARACTER card."""
    events: list[Event] = []
    need = 4 if state.has("young-players") else 3
    still: list[int] = []
    for seat in tied:
        s = state.seats[seat]
        if len(s.army) + len(s.discard) < need:
            _surrender(state, seat, events)
            continue
        three = draw(state, seat, 3, events)
        _put(state, three, s.laid, DOWN)
        events.append(
            Event(
                "mount",
                seat,
                (),
                MOUNTING,
                f"{_name(state, seat)} places the top three cards of the "
                "ARMY facedown on the battlefield without looking at them.",
            )
        )
        if not state.has("young-players") and not any(is_character(c) for c in s.battalion):
            swapped = _powers(s.battalion)[:2]
            _take(s.battalion, _ids(swapped))
            _put(state, swapped, s.discard, UP)
            got = draw(state, seat, 2, events)
            s.battalion += got
            events.append(
                Event(
                    "mount-swap",
                    seat,
                    tuple(_titles(swapped)),
                    MOUNTING,
                    f"{_name(state, seat)} has no "
                    f"CHARACTER card in the BATTALION: puts {' and '.join(_titles(swapped))} in the discard"
                    f" pile and draws {len(got)} new cards.",
                )
            )
            if not any(is_character(c) for c in s.battalion):
                _surrender(state, seat, events)
                continue
        still.append(seat)
    if len(still) == 1:
        events.append(
            Event(
                "battle-won",
                still[0],
                (),
                MOUNTING,
                f"{_name(state, still[0])} is the only tied player left and wins the battle.",
            )
        )
        return events + _finish(state, still[0])
    if not still:
        return events + _finish(state, None)
    state.tied = still
    state.pending = list(still)
    state.phase = "mount"
    return events


def _resolve_mount(state: State) -> list[Event]:
    cards = {seat: [c for c in state.seats[seat].laid if state.face.get(c.id) == UP][-1] for seat in state.tied}
    best = max(c.data.value or 0 for c in cards.values())
    top = [seat for seat in state.tied if (cards[seat].data.value or 0) == best]
    shown = ", ".join(f"{_name(state, s)}'s {Character.of(cards[s].data)}" for s in state.tied)
    if len(top) == 1:
        return [
            Event(
                "battle-won",
                top[0],
                (),
                MOUNTING,
                f"Mounting battle by point value only: {shown}; "
                f"{_name(state, top[0])} wins and takes every card on the battlefield.",
            ),
            *_finish(state, top[0]),
        ]
    return [
        Event(
            "tie",
            None,
            (),
            MOUNTING,
            f"Mounting battle: {shown}; a tie again, the tied players mount the battle once more.",
        ),
        *_mount(state, top),
    ]


# ---- after a battle ---------------------------------------------------------------------------------------


def _finish(state: State, winner: int | None, tied: Sequence[int] = ()) -> list[Event]:
    events: list[Event] = []
    won = [c for s in state.seats for c in s.laid]
    for s in state.seats:
        s.laid = []
    if winner is not None:
        won += state.pot
        state.pot = []
        _put(state, won, state.seats[winner].discard, UP)
        events.append(
            Event(
                "takes",
                winner,
                tuple(c.title for c in won if state.face.get(c.id) == UP),
                BASIC,
                f"{_name(state, winner)} takes all {len(won)} cards from the battlefield into the discard pile.",
            )
        )
    else:
        _put(state, won, state.pot, UP)
    spoils_to = state.seats[winner].discard if winner is not None else state.pot
    for seat in state.active():
        s = state.seats[seat]
        lost = seat in state.players and seat != winner and seat not in tied
        if lost and not s.army and not s.discard:
            _put(state, s.battalion, spoils_to, UP)
            events.append(
                Event(
                    "spoils-of-war",
                    seat,
                    tuple(_titles(s.battalion)),
                    WINNING,
                    f"{_name(state, seat)} had only a BATTALION left and lost the attack: the remaining "
                    f"{len(s.battalion)} cards are the spoils of war, and that player is done.",
                )
            )
            s.battalion = []
            s.out = True
        elif not _has_character(state, seat) or not s.holding():
            left = s.holding()
            s.army, s.battalion, s.discard = [], [], []
            _put(state, left, spoils_to, UP)
            s.out = True
            events.append(
                Event(
                    "out",
                    seat,
                    tuple(_titles(left)),
                    RULINGS,
                    f"{_name(state, seat)} has no CHARACTER "
                    "card left to attack with: that player is done, and the cards left are spoils of war.",
                )
            )
    state.battles += 1
    state.players, state.tied, state.pending = [], [], []
    active = state.active()
    if len(active) <= 1:
        return events + _game_over(state, active)
    if state.battles >= state.limit:
        return events + count_cards(state)
    if state.has("secret-weapon"):
        state.lead = next(
            (state.lead + k) % len(state.seats)
            for k in range(1, len(state.seats) + 1)
            if not state.seats[(state.lead + k) % len(state.seats)].out
        )
    return events + start_battle(state)


def _game_over(state: State, active: list[int]) -> list[Event]:
    state.phase = "over"
    if not active:
        state.result = Result((), f"{RULINGS}: every player is done")
        return [Event("draw", None, (), RULINGS, "Every player is done: nobody acquired all the cards.")]
    winner = active[0]
    s = state.seats[winner]
    if state.pot:
        _put(state, state.pot, s.discard, UP)
        state.pot = []
    state.result = Result((winner,), f"{WINNING}: the winner is the player who acquires all the other cards")
    return [
        Event("game-won", winner, (), WINNING, f"{_name(state, winner)} has acquired all the other cards and wins.")
    ]


def count_cards(state: State) -> list[Event]:
    """The timer (a number of battles): the most cards wins; tied players draw a random CHARACTER card each."""
    state.phase = "over"
    timed = state.has("shorter-game") or state.has("young-players")
    rule = (YOUNG if state.has("young-players") and not state.has("shorter-game") else SHORTER) if timed else RULINGS
    counts = {seat: len(state.seats[seat].holding()) for seat in state.active()}
    best = max(counts.values())
    top = [seat for seat, n in counts.items() if n == best]
    told = ", ".join(f"{_name(state, s)} {n}" for s, n in counts.items())
    events = [Event("time", None, (), rule, f"Play stops after {state.battles} battles; cards held: {told}.")]
    if len(top) > 1 and (state.has("shorter-game") or not state.has("young-players")):
        drawn: dict[int, Card] = {}
        for seat in top:
            chars = [c for c in state.seats[seat].holding() if is_character(c)]
            if chars:
                drawn[seat] = state.rng.choice(chars)
        if drawn:
            rank: Mapping[int, Any] = {s: Character.of(c.data).rank() for s, c in drawn.items()}
            top = [max(drawn, key=lambda s: rank[s])]
            events.append(
                Event(
                    "tie-draw",
                    top[0],
                    tuple(c.title for c in drawn.values()),
                    SHORTER,
                    "The tied players each draw one CHARACTER card at random for battle: "
                    + ", ".join(f"{_name(state, s)} {c.title}" for s, c in drawn.items())
                    + ".",
                )
            )
    state.result = Result(tuple(top), f"{rule}: the player with the most cards when play stops wins")
    events.append(
        Event(
            "game-won",
            top[0] if len(top) == 1 else None,
            (),
            rule,
            " and ".join(_name(state, s) for s in top) + " win(s) with the most cards.",
        )
    )
    return events
