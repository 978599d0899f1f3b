"""The calculator pages' positions as their URLs hold them, and each game's way of asking its checker.

A position is the cards of each slot (a player, a side, a card of a match-up)
by title, repeated query parameters in order (`?p1=Shiblon&p1=Faith&p2=Lehi`),
plus the game's options (variant; category and mode) and the players' choices for
interactive cards (`use-challenger-2=1`: the challenger's card 2 acts on the
defender's card 1), so a position is shared by link.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict

from rules.cards import CardData
from rules.cards import CardPool
from rules.games.battle_cards import BC_CATEGORIES
from rules.games.battle_cards import matchup as bc
from rules.games.book_of_mormon_battles import battle as bmb
from rules.games.warriors_of_the_promised_land import challenge as wpl_challenge
from rules.games.warriors_of_the_promised_land import laying as wpl_laying
from rules.text import ordinal_word
from rules.text import title_key

MAX_TITLE = 200
# A choice's value: NOT_USED, a card's title (Deception's card) or the index of a card of the other slot.
NOT_USED = "none"
_CHOICE_PARAM = re.compile(r"use-(?P<slot>[a-z0-9]+)-(?P<index>[0-9]{1,4})")


def choice_param(slot: str, index: int) -> str:
    """The query parameter of the choice for the `index`-th card of `slot`."""
    return f"use-{slot}-{index}"


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
class ChoiceField:
    """An interactive card of a position and its player's choice for it (a select under the card).

    `item` is the choice as the checker's request takes it (None: the card is not used); `ready` is False
    while the choice is missing or cannot be read, and then `need` says what the page needs.
    """

    key: str
    slot: str
    index: int
    who: str
    question: str
    options: tuple[tuple[str, str], ...]
    value: str
    item: Mapping[str, Any] | None = None
    ready: bool = False
    problem: str = ""
    # Nothing to choose: why the card cannot be used (it is then ready and not used).
    fixed: str = ""

    @property
    def need(self) -> str:
        if self.problem:
            return f"{self.who}: {self.problem} Choose again under the card."
        return f"{self.who} needs its player's choice: {self.question} Choose it under the card, or Not used."


@dataclass(frozen=True)
class Position:
    calculator: Calculator
    slots: tuple[Slot, ...]
    options: Mapping[str, str]
    query: str = ""
    # (slot, card index) -> the choice for that card as the URL holds it (never empty).
    choices: Mapping[tuple[str, int], str] = field(default_factory=dict)

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
        out.extend((choice_param(key, i), value) for (key, i), value in self._kept_choices(drop).items())
        if self.query:
            out.append(("q", self.query))
        return out

    def _kept_choices(self, drop: tuple[str, int] | None) -> dict[tuple[str, int], str]:
        """The choices once the n-th card of a slot is dropped: the later cards move up one, and a choice
        aimed at the dropped card is gone (its player chooses again)."""
        if drop is None:
            return dict(self.choices)
        out: dict[tuple[str, int], str] = {}
        for (key, index), value in self.choices.items():
            if key == drop[0]:
                if index == drop[1]:
                    continue
                index = index - 1 if index > drop[1] else index
            elif value.isascii() and value.isdigit():  # the index of a card of the other slot, the dropped card's
                target = int(value)
                if target == drop[1]:
                    continue
                value = str(target - 1 if target > drop[1] else target)
            out[key, index] = value
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
    # The interactive cards of a position and their choices, read against the game's cards; the ready ones'
    # items go to the request as "choices".
    choice_fields: Callable[[Position, CardPool], list[ChoiceField]] | None = None

    def read(self, query: QueryDict) -> Position:
        """The position of a request's query (a QueryDict: `getlist`); anything unreadable is left out."""
        options = {spec.key: spec.read(query.get(spec.key)) for spec in self.options}
        slots = []
        for spec in self.slots:
            titles = [t[:MAX_TITLE] for t in query.getlist(spec.key) if t.strip()][: spec.most]
            name = (query.get(spec.name_key, "") if spec.name_key else "").strip()[:60] or spec.label
            slots.append(Slot(spec, tuple(titles), name))
        choices: dict[tuple[str, int], str] = {}
        if self.choice_fields is not None:
            sizes = {slot.spec.key: len(slot.titles) for slot in slots}
            for param in query:
                match = _CHOICE_PARAM.fullmatch(param)
                value = str(query.get(param, "")).strip()[:MAX_TITLE]
                if match and value and int(match["index"]) < sizes.get(match["slot"], 0):
                    choices[match["slot"], int(match["index"])] = value
        return Position(self, tuple(slots), options, str(query.get("q", ""))[:MAX_TITLE], dict(sorted(choices.items())))


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


# What each interactive card does to the card its player chooses (Armory Cards Appendix).
_WPL_VERBS = {"conversion": "take", "dissenter": "take", "escape": "disable"}


def _wpl_card(pool: CardPool, title: str) -> CardData | None:
    printings = pool.by_title(title)
    return printings[0] if printings else None


def _wpl_deception_options(pool: CardPool, position: Position, side: list[CardData]) -> list[tuple[str, str]]:
    """The box's cards that could be added to `side`: laid with its cards, and a copy still out of play."""
    in_play = [title_key(t) for slot in position.slots for t in slot.titles]
    seen: set[str] = set()
    out = []
    for card in sorted(pool.cards, key=lambda c: c.title_key):
        if card.title_key in seen:
            continue
        seen.add(card.title_key)
        if in_play.count(card.title_key) >= sum(c.copies for c in pool.by_key(card.title_key)):
            continue
        # may_lay reads the side's Warriors: a side without one (an illegal play) is refused by the checker.
        if any(c.kind == "warrior" for c in side) and not wpl_laying.may_lay(side, card).allowed:
            continue
        out.append((card.title, card.title))
    return out


def _wpl_choice(
    position: Position, pool: CardPool, side: str, index: int, card: CardData, known: list[CardData]
) -> ChoiceField:
    opponent = "defender" if side == "challenger" else "challenger"
    value = position.choices.get((side, index), "")
    base = ChoiceField(
        key=choice_param(side, index),
        slot=side,
        index=index,
        who=f"The {side}'s {card.title} (their {ordinal_word(index)} card)",
        question="",
        options=(),
        value=value,
    )
    if card.armory == "deception":
        options = _wpl_deception_options(pool, position, known)
        if value and value != NOT_USED and value not in {v for v, _label in options}:
            options.append((value, value))  # shown as chosen; the checker says why it cannot be added
        return replace(
            base,
            question=f"which card of the {side}'s hand does it add to the cards in play?",
            options=((NOT_USED, "Not used"), *options),
            item={"side": side, "card": index, "add": {"title": value}} if value not in ("", NOT_USED) else None,
            ready=bool(value),
        )
    verb = _WPL_VERBS[card.armory]
    titles = next(s.titles for s in position.slots if s.spec.key == opponent)
    targets = [(str(i), f"{t} (the {opponent}'s {ordinal_word(i)} card)") for i, t in enumerate(titles) if i]
    base = replace(
        base,
        question=f"which of the {opponent}'s secondary cards does it {verb}?",
        options=((NOT_USED, "Not used"), *targets) if targets else (),
    )
    if not targets:
        return replace(base, ready=True, fixed=f"The {opponent} has no secondary card for it to {verb}: not used.")
    if value in ("", NOT_USED):
        return replace(base, ready=bool(value))
    if value in {v for v, _label in targets}:
        return replace(base, item={"side": side, "card": index, "target": int(value)}, ready=True)
    return replace(base, problem=f"“{value}” is not one of the {opponent}'s secondary cards (1 to {len(targets)}).")


def _wpl_choice_fields(position: Position, pool: CardPool) -> list[ChoiceField]:
    """A choice for every Escape, Conversion, Dissenter and Deception among the secondary cards: the rules leave
    their use to the player (docs/rulings.md, "The calculator's interactive cards")."""
    fields: list[ChoiceField] = []
    for slot in position.slots:
        cards = [_wpl_card(pool, t) for t in slot.titles]
        known = [c for c in cards if c is not None]
        for index, card in enumerate(cards):
            if index and card is not None and card.armory in wpl_challenge.INTERACTIVE:
                fields.append(_wpl_choice(position, pool, slot.spec.key, index, card, known))
    return fields


def _wpl_summary(result: Mapping[str, Any], position: Position) -> str:
    winner, points = result["winner"], result["points"]
    loser = "defender" if winner == "challenger" else "challenger"
    return f"The {winner} wins, {points[winner]} to {points[loser]}."


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
            "with every modifier in the rules' order, once each Escape, Conversion, Dissenter and Deception has its "
            "player's choice (chosen under the card: the card it disables, takes or adds, or Not used); they act in "
            "the order the cards are revealed, and the working says what each one did.",
            leaves="whether and how to use each interactive card (the page asks and names no winner until every one "
            "is chosen), Phase One (the deal, drawing and laying turn by turn), calling the battle, who challenges "
            "whom, Prophecy's look, the six hand cards of a Coriantumr and Shiz battle (add them to each side), what "
            "happens to the cards after the Challenge and the rounds of a whole game.",
            lay_checker="check-play",
            choice_fields=_wpl_choice_fields,
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
