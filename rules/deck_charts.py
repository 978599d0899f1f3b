"""A saved deck's list grouped the way its game thinks, and its charts: the game's, from its package.

The deck page (decks.lists.stats) loads the deck's cards once and
passes `(count, CardData)` pairs here; nothing in this module touches a
database. The charts are rules.charts `Chart`s, which draw themselves as SVG.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import CardData
from rules.charts import Chart
from rules.games.interface import GroupKey
from rules.games.registry import GAME_RULES

NOT_IN_CATALOG = "missing"


def group_of(game: str, card: CardData | None) -> GroupKey:
    """The group a deck line belongs to: the game's grouping (C&V by dominant theme, BB by type), else by set."""
    if card is None:
        return GroupKey(1000, NOT_IN_CATALOG, "Not in the catalog")
    rules = GAME_RULES.get(game)
    if rules is not None and rules.group is not None:
        return rules.group(card)
    return GroupKey(0, f"set:{card.set_code}", f"Set {card.set_code}")


def deck_charts(game: str, cards: Sequence[tuple[int, CardData]]) -> tuple[Chart, ...]:
    """The charts of a deck of `game` (none for the fixed-deck games)."""
    rules = GAME_RULES.get(game)
    return rules.charts(cards) if rules is not None and rules.charts is not None else ()
