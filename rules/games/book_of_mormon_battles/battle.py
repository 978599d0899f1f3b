"""Book of Mormon Battles: who wins a battle (docs/games/book-of-mormon-battles.md, docs/contracts/rules-checkers.md).

A player's play is one character card, or the combination one power card
allows; each power card is one small function (`POWERS`), as construction rules
are. Then the battle-wide cards (Famine, Stripling Warriors) pick how the
winner is found, and ties go to the highest single character card (or, in
mounting battles, to the mounting procedure). The rulings for the cases the
rules leave open are in docs/rulings.md ("Book of Mormon Battles").
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.checkers import IllegalInput
from rules.checkers import Step
from rules.checkers import box_copies
from rules.checkers import choice
from rules.checkers import json_list
from rules.checkers import json_object
from rules.checkers import read_cards
from rules.checkers import steps_to_list

# Secret Weapon and Power Play change how cards are laid and drawn, not who wins a battle once the cards are
# faceup: the calculator resolves their battles as basic play's.
VARIANTS = ("basic", "mounting-battles", "young-players", "secret-weapon", "power-play")
MAX_PLAYERS = 6
# A play comes out of a five-card battalion.
BATTALION = 5
MAX_NAME = 60


@dataclass(frozen=True)
class Character:
    """A character card as it stands in the battle (Conversion changes its colour and value)."""

    card: CardData
    value: int
    color: str
    shape: str

    @classmethod
    def of(cls, card: CardData) -> Character:
        return cls(card, card.value or 0, card.color, card.shape)

    def rank(self, *, value_only: bool = False) -> tuple[int, ...]:
        """Value, then gold over black, then diamond over oval; mounting battles look at value only."""
        if value_only:
            return (self.value,)
        return (self.value, self.color == "gold", self.shape == "diamond")

    def __str__(self) -> str:
        return f"{self.card.title} ({self.color} {self.shape} {self.value})"


@dataclass(frozen=True)
class Play:
    name: str
    characters: tuple[Character, ...]
    power: CardData | None
    value: int

    def best(self, *, value_only: bool = False) -> Character:
        return max(self.characters, key=lambda c: c.rank(value_only=value_only))

    def printed_best(self, *, value_only: bool = False) -> Character:
        """The best of the player's character cards as printed (before Conversion changed one)."""
        return max((Character.of(c.card) for c in self.characters), key=lambda c: c.rank(value_only=value_only))


@dataclass(frozen=True)
class BattleResult:
    winner: str | None
    values: Mapping[str, int]
    steps: tuple[Step, ...]
    tied: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "values": dict(self.values),
            "tie": self.winner is None,
            "tied": list(self.tied),
            "steps": steps_to_list(self.steps),
        }


def _under_1000(c: Character, color: str) -> bool:
    return c.color == color and c.value < 1000


def _one(chars: Sequence[Character], power: str) -> Character:
    if len(chars) != 1:
        raise IllegalInput("cards", f"{power} is played with exactly one character card, not {len(chars)}.")
    return chars[0]


def _pair_under_1000(chars: Sequence[Character], color: str, power: str) -> None:
    if len(chars) != 2 or not all(_under_1000(c, color) for c in chars):
        raise IllegalInput("cards", f"{power} combines two {color} character cards under 1000.")


def _times_ten(color: str, power: str) -> PowerRule:
    def rule(name: str, chars: Sequence[Character]) -> tuple[tuple[Character, ...], int, Step]:
        c = _one(chars, power)
        if not _under_1000(c, color):
            raise IllegalInput("cards", f"{power} multiplies a {color} character card under 1000; {c} is not one.")
        # "a 500 becomes a 5000": the card counts as its new value wherever the battle looks at it (Stripling
        # Warriors' lowest gold card too), as Conversion's does; the tie rule and Famine look at printed cards.
        changed = Character(c.card, c.value * 10, c.color, c.shape)
        return (changed,), changed.value, Step(power, f"{name}'s {c} times 10 becomes {changed}.")

    return rule


def _conversion(name: str, chars: Sequence[Character]) -> tuple[tuple[Character, ...], int, Step]:
    c = _one(chars, "Conversion")
    if not _under_1000(c, "black"):
        raise IllegalInput("cards", f"Conversion turns a black character card under 1000 gold; {c} is not one.")
    # The card becomes a gold card of value + 1000 (the document's "black diamond 300 becomes a gold diamond
    # 1300"), for Stripling Warriors too; the tie rule ranks cards as printed (docs/rulings.md).
    gold = Character(c.card, c.value + 1000, "gold", c.shape)
    return (gold,), gold.value, Step("Conversion", f"{name}'s {c} becomes {gold}.")


def _battle(name: str, chars: Sequence[Character]) -> tuple[tuple[Character, ...], int, Step]:
    total = sum(c.value for c in chars) + 2000
    listed = " + ".join(str(c.value) for c in chars)
    return tuple(chars), total, Step("Battle", f"{name} combines {listed} + 2000 = {total}.")


def _five_thousand(color: str, power: str) -> PowerRule:
    def rule(name: str, chars: Sequence[Character]) -> tuple[tuple[Character, ...], int, Step]:
        _pair_under_1000(chars, color, power)
        total = chars[0].value + chars[1].value + 5000
        return (
            tuple(chars),
            total,
            Step(power, f"{name} combines {chars[0].value} + {chars[1].value} + 5000 = {total}."),
        )

    return rule


def _battle_wide(power: str) -> PowerRule:
    """Stripling Warriors and Famine change how the battle is won, not the value of the card they come with."""

    def rule(name: str, chars: Sequence[Character]) -> tuple[tuple[Character, ...], int, Step]:
        c = _one(chars, power)
        return (c,), c.value, Step(power, f"{name} plays {power} with {c}.")

    return rule


PowerRule = Callable[[str, Sequence[Character]], tuple[tuple[Character, ...], int, Step]]

POWERS: Mapping[str, PowerRule] = {
    "faith": _times_ten("gold", "Faith"),
    "wickedness": _times_ten("black", "Wickedness"),
    "conversion": _conversion,
    "battle": _battle,
    "title-of-liberty": _five_thousand("gold", "Title of Liberty"),
    "secret-combination": _five_thousand("black", "Secret Combination"),
    "stripling-warriors": _battle_wide("Stripling Warriors"),
    "famine": _battle_wide("Famine"),
}


def make_play(name: str, cards: Sequence[CardData], variant: str = "basic") -> tuple[Play, Step]:
    """The play `cards` make (IllegalInput naming why not): shared by the calculator and the whole game."""
    return _play(name, cards, variant)


def _play(name: str, cards: Sequence[CardData], variant: str) -> tuple[Play, Step]:
    chars = [Character.of(c) for c in cards if c.kind == "character"]
    powers = [c for c in cards if c.kind != "character"]
    if variant == "young-players" and powers:
        raise IllegalInput("cards", "Rules for young players: the power cards are out of the deck.")
    if not chars:
        raise IllegalInput("cards", "A power card cannot be played alone: play it with character cards.")
    if len(powers) > 1:
        raise IllegalInput("cards", "One power card at most: no power card allows another.")
    if not powers:
        if len(chars) > 1:
            raise IllegalInput("cards", "Several character cards need a power card that combines them.")
        c = chars[0]
        return Play(name, (c,), None, c.value), Step("Basic play", f"{name} plays {c}.")
    power = powers[0]
    rule = POWERS.get(power.power)
    if rule is None:
        raise IllegalInput("cards", f"{power.title} is not a power card this checker knows.")
    characters, value, step = rule(name, chars)
    return Play(name, characters, power, value), step


def _read_plays(pool: CardPool, request: Mapping[str, object], variant: str) -> list[tuple[Play, Step]]:
    players = json_list(request.get("players"), "players", least=2, most=MAX_PLAYERS, what="players")
    plays: list[tuple[Play, Step]] = []
    played: list[tuple[str, CardData]] = []
    names: set[str] = set()
    for i, raw in enumerate(players):
        player = json_object(raw, f"players[{i}]")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise IllegalInput(f"players[{i}].name", f"must be a name of 1 to {MAX_NAME} characters.")
        if name in names:
            raise IllegalInput(f"players[{i}].name", f"{name} is already a player in this battle.")
        names.add(name)
        field = f"players[{i}].cards"
        cards = read_cards(pool, player.get("cards"), field, least=1, most=BATTALION)
        played.extend((f"{field}[{j}]", c) for j, c in enumerate(cards))
        try:
            plays.append(_play(name, cards, variant))
        except IllegalInput as exc:
            raise IllegalInput(field, f"{name}: {exc.message}") from exc
    box_copies(pool, played)
    return plays


def _top(plays: Sequence[Play], key: Callable[[Play], tuple[int, ...]]) -> list[Play]:
    best = max(key(p) for p in plays)
    return [p for p in plays if key(p) == best]


def _decide(tied: list[Play], steps: list[Step], rule: str, how: str) -> tuple[str | None, tuple[str, ...]]:
    if len(tied) == 1:
        steps.append(Step(rule, f"{tied[0].name} wins {how}."))
        return tied[0].name, ()
    names = tuple(p.name for p in tied)
    return None, names


def _tie(tied: list[Play], variant: str, steps: list[Step], value_only: bool) -> tuple[str | None, tuple[str, ...]]:
    """Tied players: the mounting procedure, or the highest single character card among them."""
    names = ", ".join(p.name for p in tied)
    if variant == "mounting-battles":
        steps.append(Step("Mounting battles", f"{names} tie: they mount the battle with new cards."))
        return None, tuple(p.name for p in tied)
    # As printed (docs/contracts/rules-checkers.md: "Character cards rank by printed value"): Conversion raised the
    # player's value, not the card's rank, so a converted black 500 ranks as a black 500 here.
    printed = {p.name: p.printed_best(value_only=value_only) for p in tied}
    bests = ", ".join(f"{p.name}'s {printed[p.name]}" for p in tied)
    steps.append(Step("Tie battles", f"{names} tie; the highest single character card as printed decides: {bests}."))
    winner, still = _decide(
        _top(tied, lambda p: printed[p.name].rank(value_only=value_only)),
        steps,
        "Character cards",
        "by value, then gold over black, then diamond over oval",
    )
    if winner is None:
        steps.append(Step("Tie battles", f"{', '.join(still)} hold cards of the same rank: the battle is a tie."))
    return winner, still


def _by_value(plays: list[Play], variant: str, steps: list[Step]) -> tuple[str | None, tuple[str, ...]]:
    top = _top(plays, lambda p: (p.value,))
    if len(top) == 1:
        return _decide(top, steps, "Basic play", f"with the highest value, {top[0].value}")
    return _tie(top, variant, steps, value_only=variant == "mounting-battles")


def _famine(plays: list[Play], variant: str, steps: list[Step]) -> tuple[list[Play], str | None, tuple[str, ...]]:
    """Every other power card loses its effect: each player is worth their highest single character card."""
    value_only = variant == "mounting-battles"
    singles = []
    for p in plays:
        # The printed cards: Conversion's change is a power card's effect too.
        printed = tuple(Character.of(c.card) for c in p.characters)
        singles.append(Play(p.name, printed, p.power, p.printed_best(value_only=value_only).value))
    steps.append(Step("Famine", "every other power card has no effect; the highest single character card wins."))
    top = _top(singles, lambda p: p.best(value_only=value_only).rank(value_only=value_only))
    if len(top) == 1:
        winner, tied = _decide(top, steps, "Famine", f"with {top[0].best(value_only=value_only)}")
    else:
        winner, tied = _tie(top, variant, steps, value_only)
    return singles, winner, tied


def _stripling(plays: list[Play], variant: str, steps: list[Step]) -> tuple[str | None, tuple[str, ...]] | None:
    """The lowest gold character card in the battle wins; None when the battle holds no gold card."""
    value_only = variant == "mounting-battles"
    golds = [(c, p) for p in plays for c in p.characters if c.color == "gold"]
    if not golds:
        steps.append(Step("Stripling Warriors", "no gold character card is in the battle: the card has no effect."))
        return None
    low = min(c.rank(value_only=value_only) for c, _ in golds)
    holders = [p for c, p in golds if c.rank(value_only=value_only) == low]
    holders = list({p.name: p for p in holders}.values())
    lowest = next(c for c, _ in golds if c.rank(value_only=value_only) == low)
    steps.append(
        Step("Stripling Warriors", f"the lowest gold character card wins instead of the highest value: {lowest}.")
    )
    if len(holders) == 1:
        return _decide(holders, steps, "Stripling Warriors", f"holding {lowest}")
    names = ", ".join(p.name for p in holders)
    if variant == "mounting-battles":
        steps.append(Step("Mounting battles", f"{names} tie: they mount the battle with new cards."))
    else:
        steps.append(Step("Stripling Warriors", f"{names} hold gold cards of the same rank: the battle is a tie."))
    return None, tuple(p.name for p in holders)


def battle_of(plays: list[Play], steps: list[Step], variant: str = "basic") -> BattleResult:
    """Who wins among `plays` (each already a legal play): the battle-wide cards, then values and ties."""
    if variant == "young-players":
        steps.append(Step("Rules for young players", "no power cards: the highest card wins."))
    powers = {p.power.power for p in plays if p.power is not None}
    winner: str | None
    if "famine" in powers:
        plays, winner, tied = _famine(plays, variant, steps)
    else:
        decided = _stripling(plays, variant, steps) if "stripling-warriors" in powers else None
        winner, tied = decided if decided is not None else _by_value(plays, variant, steps)
    return BattleResult(winner, {p.name: p.value for p in plays}, tuple(steps), tied)


def resolve_battle(pool: CardPool, request: object) -> BattleResult:
    """The battle `request` describes (docs/contracts/rules-checkers.md); IllegalInput for a play the rules forbid."""
    request = json_object(request, "")
    variant = choice(request.get("variant"), "variant", VARIANTS, "basic")
    read = _read_plays(pool, request, variant)
    return battle_of([p for p, _ in read], [s for _, s in read], variant)


def candidate_plays(name: str, battalion: Sequence[CardData]) -> list[Play]:
    """Every play worth considering from a battalion: each character alone, each power card with the
    characters it takes (Battle with all of them: more characters only add), without the steps' text."""
    chars = [Character.of(c) for c in battalion if c.kind == "character"]
    powers = {c.power: c for c in battalion if c.kind == "power"}
    plays = [Play(name, (c,), None, c.value) for c in chars]
    for power, card in powers.items():
        rule = POWERS.get(power)
        if rule is None or not chars:
            continue
        if power in ("title-of-liberty", "secret-combination"):
            groups: list[Sequence[Character]] = [
                pair for i, a in enumerate(chars) for pair in ((a, b) for b in chars[i + 1 :])
            ]
        elif power == "battle":
            groups = [chars]
        else:
            groups = [(c,) for c in chars]
        for group in groups:
            try:
                characters, value, _step = rule(name, group)
            except IllegalInput:
                continue
            plays.append(Play(name, characters, card, value))
    return plays


def greedy_play(name: str, battalion: Sequence[CardData]) -> Play | None:
    """Basic play's simple player: the play of highest value (None: a battalion of power cards only)."""
    plays = candidate_plays(name, battalion)
    return max(plays, key=lambda p: (p.value, p.best().rank())) if plays else None


@dataclass(frozen=True)
class Example:
    """An example of the rules document, as a request the checker and the page can replay."""

    name: str
    request: Mapping[str, Any]
    winner: str | None


def _player(name: str, *titles: str) -> dict[str, Any]:
    return {"name": name, "cards": [{"title": t} for t in titles]}


# The rules document's examples, on the starter catalog's cards of the printed values.
EXAMPLES: tuple[Example, ...] = (
    Example(
        "Battle: a 100, a 700 and a 2000 are worth 4800",
        {"players": [_player("Ann", "Abish", "Pahoran", "Teancum", "Battle"), _player("Ben", "Lehi")]},
        "Ann",
    ),
    Example(
        "Conversion: a black diamond 300 becomes a gold diamond 1300",
        {"players": [_player("Ann", "Lemuel", "Conversion"), _player("Ben", "Gidgiddoni")]},
        "Ann",
    ),
    Example(
        "Title of Liberty: a gold 500 and a gold 200 make 5700",
        {"players": [_player("Ann", "Shiblon", "Sariah", "Title of Liberty"), _player("Ben", "Abinadi")]},
        "Ann",
    ),
    Example(
        "Secret Combination: a black 500 and a black 200 make 5700",
        {"players": [_player("Ann", "Zeezrom", "Lib", "Secret Combination"), _player("Ben", "Amlici")]},
        "Ann",
    ),
    Example(
        "Faith: a gold 500 becomes a 5000",
        {"players": [_player("Ann", "Shiblon", "Faith"), _player("Ben", "Lehi")]},
        "Ann",
    ),
    Example(
        "A gold oval 5000 beats a black oval 5000",
        {"players": [_player("Ann", "Abinadi"), _player("Ben", "Amlici")]},
        "Ann",
    ),
    Example(
        "A gold diamond 5000 beats a gold oval 5000",
        {"players": [_player("Ann", "Abinadi"), _player("Ben", "Alma the Younger")]},
        "Ben",
    ),
    Example(
        "Stripling Warriors: the lowest gold card wins",
        {"players": [_player("Ann", "Abish", "Stripling Warriors"), _player("Ben", "Captain Moroni")]},
        "Ann",
    ),
    Example(
        "Famine: the highest single character card wins",
        {"players": [_player("Ann", "Shiblon", "Famine"), _player("Ben", "Zeezrom", "Lib", "Secret Combination")]},
        "Ann",
    ),
)
