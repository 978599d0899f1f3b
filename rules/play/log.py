"""Replaying a request's actions through a game (docs/contracts/play.md, "Stateless play")."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.play.interface import Engine
from rules.play.interface import Event
from rules.play.interface import Refusal
from rules.play.interface import Setup
from rules.play.interface import SetupError

MAX_ACTIONS = 5000
# The longest typed text an action may carry (a quote, a reference: rules/quoting.py compares no more), checked
# for the whole request before the game is dealt.
MAX_TEXT_CHARS = 4000


class ActionRefused(Exception):
    """The action at `index` of the request was refused (illegal there, or after the end)."""

    def __init__(self, index: int, code: str, detail: str) -> None:
        super().__init__(detail)
        self.index = index
        self.code = code
        self.detail = detail

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.index, "code": self.code, "detail": self.detail}


@dataclass
class Played:
    """A game replayed to its last action: the state and every event, each with the index it followed."""

    engine: Engine
    state: Any
    events: list[tuple[int | None, Event]]

    def to_dict(self) -> dict[str, Any]:
        result = self.engine.result(self.state)
        legal = {} if result is not None else self.engine.legal(self.state)
        return {
            "status": "over" if result is not None else "playing",
            "to_act": sorted(legal),
            "legal": {str(seat): actions for seat, actions in sorted(legal.items())},
            "state": self.engine.to_dict(self.state),
            "events": [event.to_dict(after) for after, event in self.events],
            "result": result.to_dict() if result is not None else None,
        }


def check_setup(engine: Engine, setup: Setup) -> None:
    """The seat count and variant the game allows, as SetupErrors on their JSON paths."""
    if not engine.min_seats <= len(setup.seats) <= engine.max_seats:
        raise SetupError("seats", "seat-count", f"This game takes {engine.min_seats} to {engine.max_seats} players.")
    variant = setup.options.get("variant")
    if variant is not None and engine.variants and variant not in engine.variants:
        raise SetupError("options.variant", "unknown-variant", f"Variants of this game: {', '.join(engine.variants)}.")


def replay(engine: Engine, setup: Setup, actions: Sequence[Mapping[str, Any]]) -> Played:
    """The game after `actions`, each `{"seat": n, "type": ..., ...}`. Raises SetupError for the setup and
    ActionRefused naming the first action that is not legal at its place (after the end included)."""
    check_setup(engine, setup)
    if len(actions) > MAX_ACTIONS:
        raise ActionRefused(MAX_ACTIONS, "too-many-actions", f"At most {MAX_ACTIONS} actions a request.")
    for index, action in enumerate(actions):
        text = action.get("text")
        if isinstance(text, str) and len(text) > MAX_TEXT_CHARS:
            raise ActionRefused(index, "text-too-long", f"A typed text is at most {MAX_TEXT_CHARS:,} characters.")
    state, dealt = engine.new_game(setup)
    events: list[tuple[int | None, Event]] = [(None, e) for e in dealt]
    for index, action in enumerate(actions):
        seat = action.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(setup.seats):
            raise ActionRefused(index, "bad-seat", f"'seat' must be a seat number from 0 to {len(setup.seats) - 1}.")
        if engine.result(state) is not None:
            raise ActionRefused(index, "game-over", "The game was already over before this action.")
        try:
            happened = engine.apply(state, seat, action)
        except Refusal as refusal:
            raise ActionRefused(index, refusal.code, refusal.detail) from None
        events += [(index, e) for e in happened]
    return Played(engine, state, events)
