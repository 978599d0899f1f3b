"""The one interface of a whole game (docs/contracts/play.md, "The engine, in words").

A game's engine is a module-level object with the methods of `Engine`. Its state is the engine's own
mutable object: `apply` checks the action against `legal` first and changes nothing when it refuses, so
a refused action leaves the state as it was; callers that need an earlier position replay the log.
Actions are JSON objects (`{"type": "battle", "cards": ["Abish"]}`) so a client picks one by what it does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Protocol

from rules.cards import CardData

Action = dict[str, Any]


@dataclass(frozen=True)
class Card:
    """One physical card in a game: an `id` unique in the game and fixed from the deal to the end."""

    id: str
    data: CardData

    @property
    def title(self) -> str:
        return self.data.title

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "title": self.data.title}


@dataclass(frozen=True)
class SeatSpec:
    """A seat as the request names it; `deck` is the resolved deck list of a collectible game."""

    name: str
    deck: tuple[CardData, ...] = ()


@dataclass(frozen=True)
class Setup:
    """Everything a new game is made from: same setup and same actions, same game, on every machine."""

    seats: tuple[SeatSpec, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    # A fixed-deck game's box: each card of the set once, with its `copies`.
    box: tuple[CardData, ...] = ()


@dataclass(frozen=True)
class Event:
    """One step a player would ask about, with the rule that made it."""

    type: str
    seat: int | None = None
    cards: tuple[str, ...] = ()
    rule: str = ""
    detail: str = ""

    def to_dict(self, after: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"after": after, "type": self.type, "seat": self.seat, "cards": list(self.cards)}
        if self.rule:
            out["rule"] = self.rule
        if self.detail:
            out["detail"] = self.detail
        return out


class Refusal(Exception):
    """An action that is not legal at its place, or a setup the rules forbid: a stable code and a sentence."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


class SetupError(Refusal):
    """A setup the game cannot start from; `path` is the request's JSON path of the culprit."""

    def __init__(self, path: str, code: str, detail: str) -> None:
        super().__init__(code, detail)
        self.path = path


def read_seat_numbers(
    options: Mapping[str, Any], key: str, *, low: int, high: int, seats: int
) -> tuple[int | None, ...]:
    """A per-seat option (a handicap: Chapter and Verse's `seat_blessings`, Bible Battles' `seat_wisdom`): empty,
    or one whole number from `low` to `high` (or null: the table's own) for each of the `seats`. Anything else is a
    SetupError naming the option, worded the same in every game."""
    value = options.get(key, [])
    if (
        not isinstance(value, list | tuple)
        or (value and len(value) != seats)
        or any(v is not None and (not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high) for v in value)
    ):
        raise SetupError(
            f"options.{key}",
            f"bad-{key}",
            f"'{key}' is a list with a whole number from {low} to {high} (or null) for each seat.",
        )
    return tuple(value)


@dataclass(frozen=True)
class Result:
    """The end of a game: the winners (none for a draw) and the rule that ended it."""

    winners: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}


class Engine(Protocol):
    """What every game provides. `legal` is never empty while the game is on."""

    game: str
    min_seats: int
    max_seats: int
    variants: tuple[str, ...]

    def new_game(self, setup: Setup) -> tuple[Any, list[Event]]:
        """The deal: the state and the deal's events. Raises SetupError (options, a stacked deal)."""
        ...

    def legal(self, state: Any) -> dict[int, list[Action]]: ...

    def apply(self, state: Any, seat: int, action: Mapping[str, Any]) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def result(self, state: Any) -> Result | None: ...

    def to_dict(self, state: Any) -> dict[str, Any]: ...

    def card_ids(self, state: Any) -> list[str]:
        """The id of every card in every zone (each exactly once: conservation)."""
        ...

    def secret_ids(self, state: Any, seat: int | None) -> set[str]:
        """The ids of the cards `seat` (None: a spectator) may not see now; its view names none of them."""
        ...

    def computer(self, state: Any, seat: int, rng: random.Random) -> Action:
        """The computer player's choice for `seat`: one of `legal(state)[seat]` (its policy in the game's docs)."""
        ...


def _cards_key(values: object) -> tuple[str, ...] | None:
    if values is None:
        return None
    if not isinstance(values, list | tuple) or not all(isinstance(v, str) for v in values):
        return ("\0not-a-list",)
    return tuple(sorted(values))


def match_action(legal: Sequence[Action], action: Mapping[str, Any]) -> Action | None:
    """The legal action `action` names, or None. Types must be equal; `cards` (titles) and `ids` compare as
    multisets (order does not matter) and `ids` only when sent; every other key of the legal action must be
    sent with the same value, except a legal action's `"text": None`, which takes any string sent (a typed
    answer, judged by the game). Keys the legal action does not have are refused (a typo is not ignored)."""
    extra = set(action) - {"seat", "type", "cards", "ids"}
    kind = action.get("type")
    cards = _cards_key(action.get("cards", []))  # the sent action's keys once, not once a candidate
    ids = _cards_key(action["ids"]) if "ids" in action else None
    for candidate in legal:
        if candidate.get("type") != kind:
            continue
        # Lengths first: most candidates differ in size, and the keys sort (a replay matches every action).
        if cards is not None and len(candidate.get("cards", ())) != len(cards):
            continue
        if _cards_key(candidate.get("cards", [])) != cards:
            continue
        if "ids" in action and _cards_key(candidate.get("ids", [])) != ids:
            continue
        others = {k for k in candidate if k not in ("type", "cards", "ids")}
        if extra - others:
            continue
        if all(
            isinstance(action.get(k), str) if k == "text" and candidate[k] is None else action.get(k) == candidate[k]
            for k in others
        ):
            return candidate
    return None


def refuse_unless_legal(engine: Engine, state: Any, seat: int, action: Mapping[str, Any]) -> Action:
    """The legal action meant, or a Refusal saying why not (not this seat's turn, or no such action)."""
    if engine.result(state) is not None:
        raise Refusal("game-over", "The game is over: no action is legal.")
    legal = engine.legal(state)
    if seat not in legal:
        waiting = ", ".join(str(s) for s in sorted(legal)) or "nobody"
        raise Refusal("not-your-turn", f"Seat {seat} may not act now (waiting for seat {waiting}).")
    # A computer hands back one of the legal actions themselves: no need to compare it with each.
    found = next((a for a in legal[seat] if a is action), None) or match_action(legal[seat], action)
    if found is None:
        kinds = sorted({a["type"] for a in legal[seat]})
        raise Refusal("illegal-action", f"That is not a legal action for seat {seat} now; legal types: {kinds}.")
    return found
