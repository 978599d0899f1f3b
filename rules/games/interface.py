"""The one interface every game's package provides: who the game is, how it starts, its rules."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

if TYPE_CHECKING:
    from rules.cards import CardData
    from rules.cards import CardPool
    from rules.catalog_fields import Field
    from rules.charts import Chart
    from rules.findings import Finding
    from rules.simulation import Uniforms

# A construction rule (rules/construction.py `Rule`): from a deck's tally and its format, the findings it yields.
# Spelled here without importing rules.construction, which sits above the game registry.
ConstructionRule = Callable[..., Iterable["Finding"]]
# A rules checker (rules/checkers.py): from the game's card pool and a request as decoded JSON, a result
# with `to_dict()`; rules.checkers.IllegalInput for a request the rules forbid.
Checker = Callable[["CardPool", Any], Any]


@dataclass(frozen=True)
class Game:
    """A game the site knows, by its slug (docs/games/README.md)."""

    slug: str
    name: str
    collectible: bool
    short: str


@dataclass(frozen=True)
class GoldfishSetup:
    """How a game starts: `unseen` cards set aside face down, then a `hand`; one draw a turn."""

    unseen: int
    hand: int

    def cards_seen(self, deck_size: int, turns: int) -> tuple[int, ...]:
        """Cards seen by each turn 0..turns, capped when the deck runs out."""
        available = max(0, deck_size - self.unseen)
        return tuple(min(self.hand + t, available) for t in range(turns + 1))


@dataclass(frozen=True)
class GroupKey:
    """Where a deck line goes on the deck page: groups are shown in `order`, then by label."""

    order: int
    key: str
    label: str


class Player:
    """A solo player for goldfish `play` mode, built once per chunk from the plan's kinds.

    A game's player names its `Tables` (per-kind numbers, built once from the
    kinds) and its `State` (one game; `State.setup(deck)` deals a shuffled deck
    of kind indices, top last, and its `entered` lists the cards that came into
    the hand). `turn(state, turn, happened)` plays one turn, writes the turn
    into `happened[o]` for each outcome o it reaches, and returns True when the
    game is over (won, target reached, lost).
    """

    Tables: Callable[[Sequence[tuple[Any, ...]]], Any]
    State: Any

    def __init__(self, kinds: Sequence[tuple[Any, ...]], target: int, uniforms: Uniforms, quote_rate: float = 1.0):
        # The chance that a Quote succeeds (Chapter and Verse; other games ignore it).
        self.quote_rate = quote_rate
        self.target = target
        self.uniforms = uniforms
        self.tables = self.make_tables(kinds)

    def make_tables(self, kinds: Sequence[tuple[Any, ...]]) -> Any:
        return self.Tables(kinds)

    def start(self, deck: list[int]) -> Any:
        return self.State.setup(deck)

    def turn(self, state: Any, turn: int, happened: list[int]) -> bool:
        raise NotImplementedError


@dataclass(frozen=True)
class SoloPlay:
    """A game's goldfish `play` policy.

    `kinds(cards, copies, queries_of)` lays out each distinct printing as the
    plan stores it (a tuple of JSON primitives whose first item is its copies
    and last the indices of the queries it matches); `player(kinds, target,
    uniforms)` builds the player that plays a chunk's games.
    """

    outcomes: tuple[str, ...]
    kinds: Callable[[Sequence[CardData], dict[CardData, int], Sequence[tuple[int, ...]]], list[tuple[Any, ...]]]
    player: type[Player]
    # Whether the policy plays towards a `target` (Bible Battles' wisdom).
    uses_target: bool = False
    # The titles among a deck's cards whose effects the player does not run (the result's `unmodelled`).
    unmodelled: Callable[[Sequence[CardData]], tuple[str, ...]] | None = None
    # The cost of a game, for the job's estimate (bench/goldfish_play.py measures it): a turn costs this much
    # per card in the deck (hands and chapters grow with it), on top of a fixed cost a game. Rounded up.
    seconds_per_card_turn: float = 1.5e-7
    # A replay (rules/goldfish/replay.py): `event_record(event, titles, tables)` turns one tuple the
    # player logged into a JSON record with a `text`; `snapshot(state)` describes the state after a turn.
    event_record: Callable[[tuple[Any, ...], Sequence[str], Any], dict[str, Any]] | None = None
    snapshot: Callable[[Any], dict[str, Any]] | None = None


@dataclass(frozen=True)
class GameRules:
    """Everything the shared engine asks of one game.

    - `construction`: the game's own deck construction rules, in the order
      their findings are reported (validation runs the shared size rule before
      them and the tournament rules after).
    - `setup`: how a goldfish game starts, None for the fixed-deck games.
    - `play`: the goldfish `play` policy, None where there is none.
    - `charts` and `group`: the deck page's charts and how it groups a line
      (None: no charts, lines grouped by set).
    - `catalog_fields`: the fields its cards carry in a catalog file, besides
      the common ones.

    - `checkers`: the game's rules checkers by name ("battle", "check-play",
      "challenge", "matchup"), each a function of the pool and a request
      (docs/contracts/rules-checkers.md); the API and the calculator page serve them all alike.
    """

    game: Game
    construction: tuple[ConstructionRule, ...] = ()
    setup: GoldfishSetup | None = None
    play: SoloPlay | None = None
    charts: Callable[[Sequence[tuple[int, CardData]]], tuple[Chart, ...]] | None = None
    group: Callable[[CardData], GroupKey] | None = None
    catalog_fields: tuple[Field, ...] = ()
    checkers: tuple[tuple[str, Checker], ...] = ()

    def checker(self, name: str) -> Checker | None:
        return dict(self.checkers).get(name)
