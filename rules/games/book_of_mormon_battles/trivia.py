"""Spy's Trivia: the CHARACTER cards' descriptions read aloud, and typed guesses checked against the names.

A guess is forgiven its spelling (rapidfuzz): it names the character when that character's name is among the
names the guess is closest to, at a similarity of at least `MATCH` out of 100. The superscript of a name
("Coriantumr (3)") is not needed (HELPFUL NOTES: the numbers only tell apart people of the same name).
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from rules.games.book_of_mormon_battles.state import DOC
from rules.games.book_of_mormon_battles.state import UP
from rules.games.book_of_mormon_battles.state import State
from rules.play.interface import Action
from rules.play.interface import Event
from rules.play.interface import Refusal
from rules.play.interface import Result

TRIVIA = f"{DOC}: SPY'S TRIVIA"
MATCH = 80
MAX_GUESS = 80


def normal(name: str) -> str:
    """Lower case, letters and single spaces only, without a superscript number."""
    name = re.sub(r"\(\s*\d+\s*\)|<sup>.*?</sup>|\d+", " ", name.casefold())
    return " ".join(re.sub(r"[^a-z ]+", " ", name).split())


def names_matching(guess: str, names: list[str]) -> list[str]:
    """The names `guess` is closest to, if close enough (none otherwise)."""
    wanted = normal(guess)
    if not wanted:
        return []
    scores = {name: fuzz.ratio(wanted, normal(name)) for name in names}
    best = max(scores.values(), default=0)
    return [name for name, score in scores.items() if score == best] if best >= MATCH else []


def is_right(guess: str, title: str, names: list[str]) -> bool:
    return normal(title) in {normal(n) for n in names_matching(guess, names)}


def start(state: State) -> list[Event]:
    return _next_reader(state, state.reader - 1)


def _next_reader(state: State, after: int) -> list[Event]:
    n = len(state.seats)
    state.guessed, state.pending = [], []
    for k in range(1, n + 1):
        seat = (after + k) % n
        if state.seats[seat].pile:
            state.reader, state.turn, state.phase = seat, seat, "read"
            return []
    return _over(state)


def _over(state: State) -> list[Event]:
    state.phase, state.turn = "over", None
    counts = [len(s.winnings) for s in state.seats]
    best = max(counts)
    top = tuple(i for i, c in enumerate(counts) if c == best)
    state.result = Result(top, f"{TRIVIA}: the best spy has the most cards when all cards have been read")
    told = ", ".join(f"{s.name} {c}" for s, c in zip(state.seats, counts, strict=True))
    return [
        Event(
            "game-won", top[0] if len(top) == 1 else None, (), TRIVIA, f"All cards have been read; cards won: {told}."
        )
    ]


def candidates(state: State) -> list[str]:
    """The characters a card being read may be: the box's, less those already won (public)."""
    won = {c.title for s in state.seats for c in s.winnings}
    return sorted({c.title for c in state.characters} - won)


def legal(state: State) -> dict[int, list[Action]]:
    if state.phase == "read":
        return {state.reader: [{"type": "read"}]}
    if state.phase == "guess":
        options: list[Action] = [{"type": "guess", "text": name} for name in candidates(state)]
        return {seat: [*options, {"type": "pass"}] for seat in state.pending}
    return {}


def check_guess(state: State, seat: int, text: object) -> str:
    """A typed guess's text, or a Refusal: it is free text, so it is not matched against the listed names."""
    if state.phase != "guess" or seat not in state.pending:
        raise Refusal("not-your-turn", f"Seat {seat} may not guess now.")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_GUESS:
        raise Refusal("bad-guess", f"A guess is the character's name, 1 to {MAX_GUESS} characters.")
    return text


def apply(state: State, seat: int, action: Action) -> list[Event]:
    kind = action["type"]
    if kind == "read":
        card = state.seats[seat].pile.pop(0)
        state.reading.append(card)
        state.phase, state.turn = "guess", None
        state.pending = [i for i in range(len(state.seats)) if i != seat]
        return [Event("read", seat, (), TRIVIA, f"{state.seats[seat].name} reads the clues: {card.data.text}")]
    card = state.reading[0]
    state.pending.remove(seat)
    name = state.seats[seat].name
    if kind == "guess":
        text = str(action["text"])
        if is_right(text, card.title, [c.title for c in state.characters]):
            _give(state, seat)
            return [
                Event(
                    "card-won",
                    seat,
                    (card.title,),
                    TRIVIA,
                    f"{name} guesses {text!r}: it is {card.title}, and {name} gets the card.",
                ),
                *_next_reader(state, state.reader),
            ]
        events = [Event("wrong-guess", seat, (), TRIVIA, f"{name} guesses {text!r}: not this character.")]
    else:
        events = [Event("pass", seat, (), TRIVIA, f"{name} does not know.")]
    if state.pending:
        return events
    _give(state, state.reader)
    events.append(
        Event(
            "card-kept",
            state.reader,
            (card.title,),
            TRIVIA,
            f"No one knows the character: it was "
            f"{card.title}, and {state.seats[state.reader].name} keeps the card; play proceeds clockwise.",
        )
    )
    return events + _next_reader(state, state.reader)


def _give(state: State, seat: int) -> None:
    card = state.reading.pop()
    state.seats[seat].winnings.append(card)
    state.face[card.id] = UP


def computer_guess(state: State) -> str | None:
    """A spy who knows the box's descriptions: the name whose description is the one being read."""
    if not state.reading:
        return None
    text = state.reading[0].data.text
    left = set(candidates(state))
    return next((c.title for c in state.characters if c.text == text and c.title in left), None)
