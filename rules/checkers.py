"""What every game's rules checker shares: reading cards from a request, steps, the one error.

A checker (a battle, a play, a challenge, a match-up) is a function
`check(pool, request) -> result`: `request` is the JSON the API was given,
`result` has `to_dict()`. A request the rules forbid, or one naming a card the
pool does not hold, raises `IllegalInput` naming the JSON path and why; nothing
else escapes a checker (tests/rules/checkers hold it to that on every catalog card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool


class IllegalInput(ValueError):
    """The request cannot be resolved: `field` is its JSON path, `message` says why."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class UnknownCard(IllegalInput):
    """A card the game's pool does not hold; `ref` is the reference as given.

    The web side turns it into "a card of another game" when another pool holds it.
    """

    def __init__(self, field: str, ref: Mapping[str, Any], game: str):
        super().__init__(field, f"{describe_ref(ref)} is not a card of {game}.")
        self.ref = ref


@dataclass(frozen=True)
class Step:
    """One step of the working: the rule it applied (as the rules document names it) and what it did."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


def steps_to_list(steps: Iterable[Step]) -> list[str]:
    """Steps as the API sends them: strings that start with the rule's name."""
    return [str(step) for step in steps]


def describe_ref(ref: Mapping[str, Any]) -> str:
    """A card reference as a player would say it: (SET) NUMBER when it names a printing, which
    `read_card` looks up before the title, else its title."""
    set_code, number, title = ref.get("set"), ref.get("number"), ref.get("title")
    if isinstance(set_code, str) and isinstance(number, str | int) and not isinstance(number, bool):
        return f"({set_code}) {number}"
    if isinstance(title, str):
        return repr(title)
    return f"({set_code}) {number}"


def json_object(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise IllegalInput(field, "must be an object.")
    return value


def json_list(value: object, field: str, *, least: int, most: int, what: str) -> Sequence[Any]:
    """`value` as a list of `least`..`most` items; IllegalInput naming `what` otherwise."""
    if not isinstance(value, list):
        raise IllegalInput(field, f"must be a list of {what}.")
    if not least <= len(value) <= most:
        span = f"exactly {least}" if least == most else f"{least} to {most}"
        raise IllegalInput(field, f"must hold {span} {what}; it holds {len(value)}.")
    return value


def read_card(pool: CardPool, ref: object, field: str) -> CardData:
    """The card `ref` names: `{"title": ...}` (its canonical printing) or `{"set": ..., "number": ...}`."""
    ref = json_object(ref, field)
    title, set_code, number = ref.get("title"), ref.get("set"), ref.get("number")
    if isinstance(number, int) and not isinstance(number, bool):
        number = str(number)
    if isinstance(set_code, str) and isinstance(number, str):
        card = pool.by_printing(set_code, number)
    elif isinstance(title, str):
        printings = pool.by_title(title)
        card = printings[0] if printings else None
    else:
        raise IllegalInput(field, 'must name a card: {"title": ...} or {"set": ..., "number": ...}.')
    if card is None:
        raise UnknownCard(field, ref, pool.game)
    return card


def read_cards(pool: CardPool, refs: object, field: str, *, least: int, most: int) -> tuple[CardData, ...]:
    items = json_list(refs, field, least=least, most=most, what="cards")
    return tuple(read_card(pool, ref, f"{field}[{i}]") for i, ref in enumerate(items))


def box_copies(pool: CardPool, played: Iterable[tuple[str, CardData]]) -> None:
    """Every card played comes out of one box: no title more often than the box holds it.

    `played` pairs each card with its JSON path; the first card over its title's
    copies is refused.
    """
    seen: Counter[str] = Counter()
    for field, card in played:
        seen[card.title_key] += 1
        copies = sum(c.copies for c in pool.by_key(card.title_key))
        if seen[card.title_key] > copies:
            raise IllegalInput(field, f"{card.title} is played {seen[card.title_key]} times; the box holds {copies}.")


def choice(value: object, field: str, choices: Sequence[str], default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str) or value not in choices:
        raise IllegalInput(field, f"must be one of {', '.join(choices)}.")
    return value


def whole_number(value: object, field: str, low: int, high: int, default: int) -> int:
    """`value` as a whole number from `low` to `high` (`default` when absent); IllegalInput otherwise."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalInput(field, f"must be a whole number from {low} to {high}.")
    return value
