"""Bible Battles on the deck page: lines grouped by card type, type counts, the effort curve, food balance.

Ruling (docs/rulings.md, "Deck pages"): the "food balance" compares the food
the deck's cards provide (the catalog's `food` field times copies: animals,
crops, lands, cities) with the food it needs: one unit for each army and each
unique person (rules, "Food").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import CardData
from rules.charts import Bar
from rules.charts import Chart
from rules.charts import cost_curve
from rules.games.bible_battles import BB_TYPES
from rules.games.interface import GroupKey

BB_TYPE_LABELS = {
    "follower": "Followers",
    "animal": "Animals",
    "crop": "Crops",
    "land": "Lands",
    "city": "Cities",
    "fortress": "Fortresses",
    "building": "Buildings",
    "unique-person": "Unique people",
    "army": "Armies",
    "event": "Events",
    "item": "Items",
}
# Cards that eat: one unit of food each (Bible Battles rules, "Food" and rule 8).
BB_FOOD_EATERS = ("army", "unique-person")

DeckCards = Sequence[tuple[int, CardData]]


def group(card: CardData) -> GroupKey:
    """A BB line's group: its card type, in the order of BB_TYPES (Other last)."""
    if card.type in BB_TYPES:
        return GroupKey(BB_TYPES.index(card.type), card.type, BB_TYPE_LABELS[card.type])
    return GroupKey(len(BB_TYPES), "other", "Other")


def _copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def bb_type_counts(cards: DeckCards) -> Chart:
    """Copies of each card type in the deck (types with none left out)."""
    counts: dict[str, int] = {}
    for count, card in cards:
        kind = card.type if card.type in BB_TYPES else "other"
        counts[kind] = counts.get(kind, 0) + count
    order = [*BB_TYPES, "other"]
    bars = tuple(Bar(BB_TYPE_LABELS.get(t, "Other"), counts[t]) for t in order if counts.get(t))
    parts = ", ".join(f"{b.label} {b.value}" for b in bars)
    return Chart("types", "Card types", "type", "copies", bars, f"Copies by type: {parts or 'none'}.")


def bb_effort_curve(cards: DeckCards) -> Chart:
    """How many copies need each effort to bring into play."""
    return cost_curve(cards, "effort", "Effort curve", "Copies by effort")


@dataclass(frozen=True)
class FoodBalance:
    provided: int  # units of food on the deck's cards, copies counted
    providers: int  # copies that provide any food
    needed: int  # copies of armies and unique people (one unit each)

    @property
    def balance(self) -> int:
        return self.provided - self.needed


def bb_food(cards: DeckCards) -> FoodBalance:
    provided = providers = needed = 0
    for count, card in cards:
        if card.food:
            provided += card.food * count
            providers += count
        if card.type in BB_FOOD_EATERS:
            needed += count
    return FoodBalance(provided, providers, needed)


def bb_food_balance(cards: DeckCards) -> Chart:
    """Food the deck provides against the food its armies and unique people eat."""
    food = bb_food(cards)
    bars = (Bar("Provided", food.provided, "#009E73"), Bar("Needed", food.needed, "#D55E00"))
    if food.balance > 0:
        verdict = f"a surplus of {food.balance}"
    elif food.balance < 0:
        verdict = f"a shortfall of {-food.balance}"
    else:
        verdict = "exactly enough"
    summary = (
        f"Food provided: {food.provided} from {_copies(food.providers)}; "
        f"needed: {food.needed} (one for each army and unique person): {verdict}."
    )
    return Chart("food-balance", "Food balance", "", "food", bars, summary, label_zeros=True)


def charts(cards: DeckCards) -> tuple[Chart, ...]:
    """A BB deck's charts: card types, the effort curve, the food balance."""
    return (bb_type_counts(cards), bb_effort_curve(cards), bb_food_balance(cards))
