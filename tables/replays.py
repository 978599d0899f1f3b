"""A finished game's replay (docs/tables.md, "Replays"): its stored log stepped through move by move, each step
as a spectator sees it (the engine's `view(state, None)`: never a hidden hand).

Who may see it: anyone once every person seated allows it (`Seat.allow_replay`, off until they choose); otherwise
only the table's seated players. Everyone else, and anyone before the game is over, is told there is no such
replay (a 404), so a private game's id leaks nothing.

Cost: a step's position comes from `tables.positions.replay_position` (a small cache of its own, apart from the
live tables', or one replay of at most the log's capped length, `rules.play.log.MAX_ACTIONS`); the API's page of steps is one replay up to its first step and then
the engine moving on, a page at most STEPS_PER_PAGE long.
"""

from __future__ import annotations

import json
from typing import Any

from play.games.board import view_titles
from rules.play.interface import Event
from tables.models import Move
from tables.models import MoveKind
from tables.models import Seat
from tables.models import SeatKind
from tables.models import Table
from tables.models import TableStatus
from tables.positions import replay_moves
from tables.positions import replay_position
from tables.selectors import move_messages
from tables.selectors import replay_allowed
from tables.services import Actor
from tables.services import seat_of

STEPS_PER_PAGE = 50
MOVES_AROUND = 10  # the page lists this many moves up to the step shown


def replay_visible(table: Table, seats: list[Seat], actor: Actor) -> bool:
    """May `actor` see this table's replay? Only once it is over: to all where every person allows it, otherwise
    to its seated players alone."""
    if table.status != TableStatus.OVER:
        return False
    return replay_allowed(seats) or seat_of(seats, actor) is not None


def replay_consent(seats: list[Seat]) -> list[dict[str, Any]]:
    """Who allows a public replay, seat by seat (the people's; a computer has no say)."""
    return [
        {"index": s.index, "name": s.name, "allow_replay": s.allow_replay} for s in seats if s.kind == SeatKind.PERSON
    ]


def _as_then(message: dict[str, Any], visible: set[str]) -> dict[str, Any]:
    """A move's words (the table's, which name the cards a spectator sees at the end) as a spectator read them at
    the step shown: a card face down then (a choice not yet revealed) is counted, not named."""
    shown = message["cards"]
    if not shown or all(card in visible for card in shown):
        return message
    who = message["words"].split(":", 1)[0]
    count = len(shown)
    words = f"{who}: {str(message['action']).replace('-', ' ')} ({count} card{'s' if count != 1 else ''})"
    return {**message, "cards": [], "words": words}


def replay_step(table: Table, seats: list[Seat], step: int) -> dict[str, Any]:
    """The position after move `step` (0: the deal) as a spectator sees it, with the moves up to it in words, a
    card named only where the spectator sees it at that step."""
    step = max(0, min(step, table.seq))
    played = replay_position(table, seats, step)
    view = played.engine.view(played.state, None)
    visible = view_titles(view)
    first = max(0, step - MOVES_AROUND)
    moves = [_as_then(m, visible) for m in move_messages(table, seats, None, first) if m["seq"] <= step]
    return {
        "step": step,
        "last": table.seq,
        "view": view,
        "move": next((m for m in moves if m["seq"] == step), None),
        "moves": moves,
    }


def replay_start(table: Table, seats: list[Seat]) -> dict[str, Any]:
    """The deal as a spectator sees it (step 0)."""
    played = replay_position(table, seats, 0)
    view: dict[str, Any] = played.engine.view(played.state, None)
    return view


def _public_event(event: Event, visible: set[str]) -> dict[str, Any]:
    """An event as a spectator may read it: its cards only where the spectator's view shows them."""
    out = event.to_dict(None)
    del out["after"]
    if event.cards and not all(card in visible for card in event.cards):
        out["cards"] = []
        out["hidden_cards"] = len(event.cards)
        out.pop("detail", None)
    return out


def replay_steps(table: Table, seats: list[Seat], after: int) -> list[dict[str, Any]]:
    """The steps after move `after` (at most STEPS_PER_PAGE): each move in words, its events and the spectator's
    view after it."""
    after = max(0, min(after, table.seq))
    log = list(Move.objects.filter(table=table).order_by("seq"))
    played = replay_moves(table, seats, log[:after])  # a fresh position: moved on below, never shared
    words = {m["seq"]: m for m in move_messages(table, seats, None, after)}
    engine, state = played.engine, played.state
    steps = []
    for index, move in enumerate(log[after : after + STEPS_PER_PAGE], start=after):
        events = engine.apply(state, move.seat, move.action) if move.kind == MoveKind.ACTION else []
        if move.kind == MoveKind.TAKEBACK:
            # The moves it undoes were played and shown; from here the game is the log without them, as the table
            # itself replays it (tables.positions.replay_moves).
            state = replay_moves(table, seats, log[: index + 1]).state
        view = json.loads(json.dumps(engine.view(state, None)))  # a copy: the state moves on under it
        visible = view_titles(view)
        steps.append(
            {
                "step": move.seq,
                "move": _as_then(words[move.seq], visible) if move.seq in words else None,
                "events": [_public_event(e, visible) for e in events],
                "view": view,
            }
        )
    return steps
