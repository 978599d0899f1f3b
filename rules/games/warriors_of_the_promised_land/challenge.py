"""Warriors of the Promised Land: who wins a Challenge (the Armory Cards Appendix, docs/contracts/rules-checkers.md).

The order is the project's ruling (docs/rulings.md, "Warriors of the Promised
Land"): the players' choices (Conversion, Dissenter, Escape, Deception) in the
order the cards were revealed; then disabling (Sleep, then Fortress, Ambush,
Murmuring); then each card's points and the Warriors' bonuses (Sword of Laban
doubling weapons); then Faithful Women's doubling; then Shield and Armor. A tie
goes to the challenger.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.checkers import IllegalInput
from rules.checkers import Step
from rules.checkers import box_copies
from rules.checkers import json_list
from rules.checkers import json_object
from rules.checkers import read_card
from rules.checkers import read_cards
from rules.checkers import steps_to_list
from rules.games.warriors_of_the_promised_land.laying import MAX_SIDE
from rules.games.warriors_of_the_promised_land.laying import check_cards_in_play
from rules.games.warriors_of_the_promised_land.laying import may_lay
from rules.text import ordinal_word
from rules.text import title_key

SIDES = ("challenger", "defender")
WEAPONS = frozenset({"arrow", "javelin", "sword", "sling-and-stone"})
SHIELDS = frozenset({"shield", "armor"})
TAKERS = frozenset({"conversion", "dissenter"})
INTERACTIVE = TAKERS | {"escape", "deception"}
FIXED_POINTS: Mapping[str, int] = {
    "arrow": 2,
    "javelin": 2,
    "sword": 2,
    "sling-and-stone": 2,
    "assassination": 3,
    "liahona": 2,
    "plates": 2,
    "prayer": 3,
    "prophecy": 2,
    "reinforcements": 2,
    "secret-combination": 5,
    "sword-of-laban": 2,
}
# Cards whose effect is not points of their own (shielding, disabling, taking, doubling).
NO_POINTS = frozenset({"armor", "shield", "fortress", "sleep", "faithful-women"} | INTERACTIVE)


@dataclass
class Slot:
    """A card in play during the scoring: who laid it, who holds it now, whether it still counts.

    Mutable on purpose: the working moves cards between players and disables them step by step.
    """

    card: CardData
    origin: str
    holder: str
    index: int | None
    disabled_by: str = ""
    # A taken card that cannot be used with the taker's cards scores for nobody.
    usable: bool = True
    used: bool = False
    # How the whole game names the card when the origin and index do not say it (a taken card).
    note: str = ""

    @property
    def active(self) -> bool:
        return self.usable and not self.disabled_by

    def label(self) -> str:
        if self.note:
            return f"{self.card.title} ({self.note})"
        where = (
            f"the {self.origin}'s {ordinal_word(self.index)} card"
            if self.index is not None
            else f"the {self.origin}'s added card"
        )
        return f"{self.card.title} ({where})"


@dataclass
class Table:
    slots: list[Slot] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def held(self, side: str, *, active: bool = True) -> list[Slot]:
        return [s for s in self.slots if s.holder == side and (s.active or not active)]

    def primary(self, side: str) -> CardData:
        return next(s.card for s in self.slots if s.origin == side and s.index == 0)

    def armory(self, side: str, *kinds: str) -> list[Slot]:
        return [s for s in self.held(side) if s.card.armory in kinds]


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


@dataclass(frozen=True)
class ChallengeResult:
    winner: str
    points: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": dict(self.points), "steps": steps_to_list(self.steps)}


# ---------------------------------------------------------------- choices
def _read_choices(pool: CardPool, raw: object, table: Table) -> dict[tuple[str, int], tuple[str, Any]]:
    """{(side, card index): ("target", opponent's index) or ("add", (card, its JSON path))}, each checked
    against the cards."""
    if raw is None:
        return {}
    items = json_list(raw, "choices", least=0, most=2 * MAX_SIDE, what="choices")
    out: dict[tuple[str, int], tuple[str, Any]] = {}
    for k, item in enumerate(items):
        path = f"choices[{k}]"
        item = json_object(item, path)
        side, index = item.get("side"), item.get("card")
        if side not in SIDES:
            raise IllegalInput(f"{path}.side", "must be challenger or defender.")
        slot = next((s for s in table.slots if s.origin == side and s.index == index), None)
        if isinstance(index, bool) or slot is None:
            raise IllegalInput(f"{path}.card", f"must be the index of one of the {side}'s cards.")
        if slot.card.armory not in INTERACTIVE:
            raise IllegalInput(f"{path}.card", f"{slot.card.title} needs no choice.")
        key = (slot.origin, slot.index or 0)  # (side, index): the slot's own, as _apply_choices looks it up
        if key in out:
            raise IllegalInput(f"{path}.card", f"{slot.card.title} is used once in a Challenge.")
        if slot.card.armory == "deception":
            out[key] = ("add", (read_card(pool, item.get("add"), f"{path}.add"), f"{path}.add"))
            continue
        target = item.get("target")
        opponent = _other(side)
        if isinstance(target, bool) or not any(s.origin == opponent and s.index == target for s in table.slots):
            raise IllegalInput(f"{path}.target", f"must be the index of one of the {opponent}'s cards.")
        if target == 0:
            raise IllegalInput(f"{path}.target", f"{slot.card.title} works on a secondary card, not the primary.")
        out[key] = ("target", target)
    return out


def _reveal_order(table: Table) -> list[Slot]:
    """Challenger's card, then defender's, card by card: the order of Phase Two, step 2."""
    return sorted((s for s in table.slots if s.index is not None), key=lambda s: (s.index or 0, SIDES.index(s.origin)))


def _apply_choices(table: Table, choices: dict[tuple[str, int], tuple[str, Any]]) -> None:
    for slot in _reveal_order(table):
        if slot.card.armory not in INTERACTIVE:
            continue
        wanted = choices.get((slot.origin, slot.index or 0))
        if wanted is None:
            # Never a silent +0: the working says the card was not used (docs/rulings.md).
            table.steps.append(
                Step(slot.card.title, f"{slot.label()} is not used (no choice for it), so it does nothing.")
            )
            continue
        if slot.holder != slot.origin or not slot.active:
            table.steps.append(
                Step(slot.card.title, f"{slot.label()} was taken or disabled before it was used: no effect.")
            )
            continue
        side, opponent = slot.origin, _other(slot.origin)
        kind, value = wanted
        if kind == "add":
            _deceive(table, slot, *value)
            continue
        target = next(s for s in table.slots if s.origin == opponent and s.index == value)
        if target.holder != opponent:
            table.steps.append(Step(slot.card.title, f"{target.label()} is no longer the {opponent}'s: no effect."))
            continue
        if slot.card.armory == "escape":
            target.disabled_by = "Escape"
            table.steps.append(Step("Escape", f"the {side} disables {target.label()}."))
            continue
        # Conversion and Dissenter: the card changes sides, and counts only if the taker could have laid it.
        held = [s.card for s in table.held(side, active=False) if s.usable]
        check = may_lay(held, target.card)
        target.holder, target.usable = side, check.allowed
        note = "it counts for them" if check.allowed else f"it cannot be used with their cards ({check.reason})"
        table.steps.append(Step(slot.card.title, f"the {side} takes {target.label()}: {note}."))


def _deceive(table: Table, slot: Slot, card: CardData, field: str) -> None:
    side = slot.origin
    held = [s.card for s in table.held(side, active=False) if s.usable]
    check = may_lay(held, card)
    if not check.allowed:
        raise IllegalInput(field, f"Deception adds a card that can be played with the cards in play: {check.reason}")
    table.slots.append(Slot(card, side, side, None))
    table.steps.append(Step("Deception", f"the {side} adds {card.title} from their hand to the cards in play."))
    if card.armory in INTERACTIVE:
        # The request's choices name revealed cards only: an added one has none, and the working says so.
        label = f"{card.title} (the {side}'s added card)"
        table.steps.append(Step(card.title, f"{label} is not used (no choice for it), so it does nothing."))


# ---------------------------------------------------------------- disabling, one rule a function
def _sleep(table: Table, side: str) -> Iterator[Slot]:
    if table.armory(side, "sleep"):
        yield from table.armory(_other(side), "fortress", "shield", "armor")


def _fortress(table: Table, side: str) -> Iterator[Slot]:
    if table.armory(side, "fortress"):
        yield from table.armory(_other(side), *WEAPONS)


def _one_for_one(mine: str, theirs: str) -> Callable[[Table, str], Iterator[Slot]]:
    def rule(table: Table, side: str) -> Iterator[Slot]:
        yield from table.armory(_other(side), theirs)[: len(table.armory(side, mine))]

    return rule


DISABLING: tuple[tuple[str, Callable[[Table, str], Iterator[Slot]]], ...] = (
    ("Sleep", _sleep),
    ("Fortress", _fortress),
    ("Ambush", _one_for_one("ambush", "reinforcements")),
    ("Murmuring", _one_for_one("murmuring", "faithful-women")),
)


def _disable(table: Table) -> None:
    for rule, disables in DISABLING:
        # Both players' cards of one kind act at once: collect first, then disable.
        hits = [(side, s) for side in SIDES for s in disables(table, side)]
        for side, slot in hits:
            slot.disabled_by = rule
            table.steps.append(Step(rule, f"the {side}'s {rule} disables {slot.label()}."))


# ---------------------------------------------------------------- points
def _armory_points(table: Table, side: str, card: CardData) -> tuple[int, str]:
    kind = card.armory
    primary = table.primary(side)
    if kind in FIXED_POINTS:
        return FIXED_POINTS[kind], "its points"
    if kind == "ambush":
        return (3, "with a Righteous Warrior") if primary.alignment == "righteous" else (2, "with a Wicked Warrior")
    if kind in ("faith", "wickedness", "murmuring"):
        wanted = "righteous" if kind == "faith" else "wicked"
        points = 2 if kind == "murmuring" else 3
        if primary.alignment == wanted:
            return points, f"on a {wanted.capitalize()} primary card"
        return 0, f"no {wanted.capitalize()} primary card"
    if kind == "stoning":
        opposing = table.primary(_other(side))
        return (3, f"against the prophet {opposing.title}") if opposing.prophet else (2, "its points")
    return 0, "no points of its own"


def _bonus_matches(with_key: str, card: CardData) -> bool:
    # A bonus names one card ("Faith: Vision"); a bonus naming only "Faith" or "Wickedness" (a catalog
    # that does not split the expressions) goes with any expression: docs/rulings.md.
    return card.title_key == with_key or (card.kind == "armory" and card.armory == with_key)


def _additions(table: Table, side: str) -> int:
    held = table.held(side)
    doubled = any(s.card.armory == "sword-of-laban" for s in held)
    total = 0
    for slot in held:
        card = slot.card
        if card.kind == "warrior":
            points, why = card.points or 0, "the Warrior's points"
        else:
            points, why = _armory_points(table, side, card)
            if doubled and card.armory in WEAPONS:
                points, why = points * 2, "doubled by the Sword of Laban"
        total += points
        rule = card.title if card.kind == "armory" else "Warriors"
        table.steps.append(Step(rule, f"{slot.label()}: +{points} for the {side} ({why})."))
        for bonus in card.bonuses:
            with_key = title_key(str(bonus.get("with", "")))
            if any(_bonus_matches(with_key, s.card) for s in held):
                total += int(bonus.get("points", 0))
                table.steps.append(
                    Step("Special Abilities", f"{card.title} with {bonus['with']}: +{bonus['points']} for the {side}.")
                )
    return total


def _double(table: Table, side: str, total: int) -> int:
    for _ in table.armory(side, "faithful-women"):
        total *= 2
        table.steps.append(Step("Faithful Women", f"the {side}'s points double to {total}."))
    return total


def _shields(table: Table, side: str, total: int) -> int:
    """The opponent's Shield and Armor each take one point (two with their Sword of Laban) per weapon of `side`."""
    opponent = _other(side)
    shields = table.armory(opponent, *SHIELDS)
    weapons = table.armory(side, *WEAPONS)
    if not shields or not weapons:
        return total
    per = 2 if table.armory(opponent, "sword-of-laban") else 1
    loss = len(shields) * per * len(weapons)
    after = max(0, total - loss)
    table.steps.append(
        Step(
            "Shield and Armor",
            f"the {opponent}'s {len(shields)} shielding card(s) take {loss} from the {side} "
            f"for {len(weapons)} weapon card(s): {after}.",
        )
    )
    return after


def _read_side(pool: CardPool, request: Mapping[str, Any], side: str) -> list[CardData]:
    raw = json_object(request.get(side), side)
    cards = read_cards(pool, raw.get("cards"), f"{side}.cards", least=1, most=MAX_SIDE)
    check_cards_in_play(cards, f"{side}.cards")
    return list(cards)


def resolve_challenge(pool: CardPool, request: object) -> ChallengeResult:
    """The Challenge `request` describes (docs/contracts/rules-checkers.md).

    IllegalInput for cards that could not be played.
    """
    request = json_object(request, "")
    table = Table()
    for side in SIDES:
        cards = _read_side(pool, request, side)
        table.slots.extend(Slot(card, side, side, i) for i, card in enumerate(cards))
    choices = _read_choices(pool, request.get("choices"), table)
    added = [(v[1], v[0]) for kind, v in choices.values() if kind == "add"]
    box_copies(pool, [*((f"{s.origin}.cards[{s.index}]", s.card) for s in table.slots), *added])
    sides = {
        key: {s.origin for s in table.slots if s.card.kind == "warrior" and s.card.title_key == key}
        for key in ("coriantumr", "shiz")
    }
    # "Facing off against each other": one on each side, not both laid by one player.
    if any(a != b for a in sides["coriantumr"] for b in sides["shiz"]):
        table.steps.append(
            Step("Coriantumr and Shiz", "the special battle: list each player's usable hand cards as secondary cards.")
        )
    _apply_choices(table, choices)
    return score_table(table)


def score_table(table: Table) -> ChallengeResult:
    """Points and winner of cards whose choices are made: disabling, points and bonuses, doubling, shields."""
    _disable(table)
    points = {side: _additions(table, side) for side in SIDES}
    points = {side: _double(table, side, points[side]) for side in SIDES}
    points = {side: _shields(table, side, points[side]) for side in SIDES}
    winner = "challenger" if points["challenger"] >= points["defender"] else "defender"
    if points["challenger"] == points["defender"]:
        table.steps.append(Step("Tie", f"{points['challenger']} each: the challenger has the advantage and wins."))
    else:
        table.steps.append(Step("Winning", f"the {winner} wins, {points[winner]} to {points[_other(winner)]}."))
    return ChallengeResult(winner, points, tuple(table.steps))


def _side(*titles: str) -> dict[str, Any]:
    return {"cards": [{"title": t} for t in titles]}


EXAMPLES: tuple[tuple[str, dict[str, Any], Mapping[str, int]], ...] = (
    (
        "Nephi and the Faith: Vision card: 1 + 3 + 2 = 6",
        {"challenger": _side("Nephi", "Faith: Vision"), "defender": _side("Pahoran")},
        {"challenger": 6, "defender": 2},
    ),
    (
        "King Noah and the Wickedness: Pride card: 1 + 3 + 2 = 6",
        {"challenger": _side("Pahoran"), "defender": _side("King Noah", "Wickedness: Pride")},
        {"challenger": 2, "defender": 6},
    ),
    (
        "Sword of Laban: an Arrow is worth 4 and a Shield blocks 2",
        {
            "challenger": _side("Zerahemnah", "Sword", "Shield", "Sword of Laban"),
            "defender": _side("Teancum", "Arrow"),
        },
        {"challenger": 9, "defender": 3},
    ),
    (
        "A tie goes to the challenger",
        {"challenger": _side("Pahoran"), "defender": _side("Nehor")},
        {"challenger": 2, "defender": 2},
    ),
)
