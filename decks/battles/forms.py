"""The calculator pages' positions as their URLs hold them, and each game's way of asking its checker.

A position is the cards of each slot (a player, a side, a card of a match-up)
by title, repeated query parameters in order (`?p1=Shiblon&p1=Faith&p2=Lehi`),
plus the game's options (variant; category and mode), so a position is shared by link.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict

from rules.games.battle_cards import BC_CATEGORIES
from rules.games.battle_cards import matchup as bc
from rules.games.book_of_mormon_battles import battle as bmb
from rules.games.warriors_of_the_promised_land import challenge as wpl_challenge
from rules.games.warriors_of_the_promised_land import laying as wpl_laying

MAX_TITLE = 200


@dataclass(frozen=True)
class SlotSpec:
    key: str
    label: str
    most: int
    # The query parameter of the slot's editable name (Book of Mormon Battles' players), if any.
    name_key: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """One choice of a calculator (a select): its query parameter, its label and its (value, label) pairs;
    the first value is the default."""

    key: str
    label: str
    values: tuple[tuple[str, str], ...]

    def read(self, value: object) -> str:
        allowed = [v for v, _label in self.values]
        return value if isinstance(value, str) and value in allowed else allowed[0]


@dataclass(frozen=True)
class Slot:
    spec: SlotSpec
    titles: tuple[str, ...]
    name: str

    @property
    def full(self) -> bool:
        return len(self.titles) >= self.spec.most


@dataclass(frozen=True)
class Position:
    calculator: Calculator
    slots: tuple[Slot, ...]
    options: Mapping[str, str]
    query: str = ""

    def params(
        self, *, add: tuple[str, str] | None = None, drop: tuple[str, int] | None = None
    ) -> list[tuple[str, str]]:
        """The position as query parameters, with one card added to a slot or the n-th card of a slot dropped."""
        out: list[tuple[str, str]] = []
        calc = self.calculator
        out.extend((spec.key, self.options[spec.key]) for spec in calc.options)
        for slot in self.slots:
            key = slot.spec.key
            if slot.spec.name_key and slot.name != slot.spec.label:
                out.append((slot.spec.name_key, slot.name))
            titles = list(slot.titles)
            if drop is not None and drop[0] == key:
                del titles[drop[1]]
            if add is not None and add[0] == key and not slot.full:
                titles.append(add[1])
            out.extend((key, t) for t in titles)
        if self.query:
            out.append(("q", self.query))
        return out

    def url(self, **change: Any) -> str:
        return "?" + urlencode(self.params(**change))

    def cards(self, key: str) -> list[dict[str, str]]:
        slot = next(s for s in self.slots if s.spec.key == key)
        return [{"title": t} for t in slot.titles]

    @property
    def empty(self) -> bool:
        return not any(s.titles for s in self.slots)


@dataclass(frozen=True)
class Calculator:
    """One game's calculator: its slots, its option, how a position becomes a checker's request."""

    game: str
    checker: str
    slots: tuple[SlotSpec, ...]
    request: Callable[[Position], Mapping[str, Any] | None]
    summary: Callable[[Mapping[str, Any], Position], str]
    examples: Callable[[], Sequence[tuple[str, list[tuple[str, str]]]]]
    options: tuple[OptionSpec, ...] = ()
    intro: str = ""
    # What the calculator settles, and what it leaves to the players (the page says both plainly).
    settles: str = ""
    leaves: str = ""
    # A checker telling, card by card, whether each card of a slot may be laid after the ones before it.
    lay_checker: str = ""

    def read(self, query: QueryDict) -> Position:
        """The position of a request's query (a QueryDict: `getlist`); anything unreadable is left out."""
        options = {spec.key: spec.read(query.get(spec.key)) for spec in self.options}
        slots = []
        for spec in self.slots:
            titles = [t[:MAX_TITLE] for t in query.getlist(spec.key) if t.strip()][: spec.most]
            name = (query.get(spec.name_key, "") if spec.name_key else "").strip()[:60] or spec.label
            slots.append(Slot(spec, tuple(titles), name))
        return Position(self, tuple(slots), options, str(query.get("q", ""))[:MAX_TITLE])


# ---------------------------------------------------------------- Book of Mormon Battles
BMB_SLOTS = tuple(SlotSpec(f"p{i}", f"Player {i}", bmb.BATTALION, f"n{i}") for i in range(1, bmb.MAX_PLAYERS + 1))


def _bmb_request(position: Position) -> Mapping[str, Any] | None:
    players = [{"name": s.name, "cards": position.cards(s.spec.key)} for s in position.slots if s.titles]
    return {"variant": position.options["variant"], "players": players} if len(players) >= 2 else None


def _bmb_summary(result: Mapping[str, Any], position: Position) -> str:
    if result["winner"] is None:
        return f"A tie between {', '.join(result['tied'])}."
    return f"{result['winner']} wins with {result['values'][result['winner']]}."


def _bmb_examples() -> list[tuple[str, list[tuple[str, str]]]]:
    out = []
    for example in bmb.EXAMPLES:
        params: list[tuple[str, str]] = []
        for i, player in enumerate(example.request["players"], start=1):
            params.append((f"n{i}", player["name"]))
            params.extend((f"p{i}", c["title"]) for c in player["cards"])
        out.append((example.name, params))
    return out


# ---------------------------------------------------------------- Warriors of the Promised Land
WPL_SLOTS = (
    SlotSpec("challenger", "Challenger", wpl_laying.MAX_SIDE),
    SlotSpec("defender", "Defender", wpl_laying.MAX_SIDE),
)


def _wpl_request(position: Position) -> Mapping[str, Any] | None:
    sides = {key: position.cards(key) for key in ("challenger", "defender")}
    return {k: {"cards": v} for k, v in sides.items()} if all(sides.values()) else None


def _wpl_summary(result: Mapping[str, Any], position: Position) -> str:
    points = result["points"]
    return f"The {result['winner']} wins, {points['challenger']} to {points['defender']}."


def _wpl_examples() -> list[tuple[str, list[tuple[str, str]]]]:
    out = [
        (name, [("challenger", c["title"]) for c in (*request["in_play"], request["card"])])
        for name, request, _allowed in wpl_laying.EXAMPLES
    ]
    for name, request, _points in wpl_challenge.EXAMPLES:
        out.append((name, [(side, c["title"]) for side in ("challenger", "defender") for c in request[side]["cards"]]))
    return out


# ---------------------------------------------------------------- Battle Cards
BC_SLOTS = (SlotSpec("a", "Card A", 1), SlotSpec("b", "Card B", 1))


def _bc_request(position: Position) -> Mapping[str, Any] | None:
    a, b = position.cards("a"), position.cards("b")
    return (
        {"category": position.options["category"], "mode": position.options["mode"], "a": a[0], "b": b[0]}
        if a and b
        else None
    )


def _bc_summary(result: Mapping[str, Any], position: Position) -> str:
    if result["winner"] == "tie":
        return "A tie."
    return f"Card {result['winner'].upper()} wins by {result['by']}."


def _bc_examples() -> list[tuple[str, list[tuple[str, str]]]]:
    return [
        (
            name,
            [
                ("category", request["category"]),
                ("mode", request.get("mode", "battle-mode")),
                ("a", request["a"]["title"]),
                ("b", request["b"]["title"]),
            ],
        )
        for name, request, _winner, _by in bc.EXAMPLES
    ]


CALCULATORS: Mapping[str, Calculator] = {
    c.game: c
    for c in (
        Calculator(
            "book-of-mormon-battles",
            "battle",
            BMB_SLOTS,
            _bmb_request,
            _bmb_summary,
            _bmb_examples,
            options=(OptionSpec("variant", "Variant", tuple((v, v) for v in bmb.VARIANTS)),),
            intro="Give each player a character card, or characters with the power card that combines them.",
            settles="who wins one battle with the cards each player lays, by the variant's values, step by step.",
            leaves="the deal, which cards each player chooses to lay, the draws and the battles of a whole game.",
        ),
        Calculator(
            "warriors-of-the-promised-land",
            "challenge",
            WPL_SLOTS,
            _wpl_request,
            _wpl_summary,
            _wpl_examples,
            intro="Lay each side's primary Warrior first, then the secondary cards in the order they are revealed.",
            settles="whether each card may be laid after the ones before it, and who wins the Challenge on points, "
            "with every modifier in the rules' order.",
            leaves="Phase One (the deal, drawing and laying turn by turn), calling the battle, who challenges whom, "
            "Prophecy's look and the rounds of a whole game.",
            lay_checker="check-play",
        ),
        Calculator(
            "battle-cards",
            "matchup",
            BC_SLOTS,
            _bc_request,
            _bc_summary,
            _bc_examples,
            options=(
                OptionSpec("category", "Category", tuple((c, c) for c in BC_CATEGORIES)),
                OptionSpec("mode", "Mode", (("battle-mode", "Battle Mode"), ("trumps", "Trumps"))),
            ),
            intro="Pick two cards, a category and the mode: Battle Mode breaks an equal score by size, then "
            "Value; Trumps (the Basic Game) does not.",
            settles="one match-up: which card wins in the category, and why (score, size or Value; in Trumps an "
            "equal score is a tie and both cards go to the centre).",
            leaves="the deal, who chooses the category, the centre pile, the rounds of five, drafting a squad "
            "under 30 Value and the sudden-death decider.",
        ),
    )
}
