"""A saved deck's list grouped the way its game thinks, and its charts drawn as SVG: pure Python.

The deck page (decks.selectors.deck_stats) loads the deck's cards once and
passes `(count, CardData)` pairs here; nothing in this module touches a
database. Every chart is a `Chart` of bars (label, value) that draws itself as
a small self-contained SVG (the style of rules.charts: no script, every text
escaped, a <title> and an aria-label) and carries a one-line summary for
screen readers beside the data table the page prints.

Rulings (docs/rulings.md, "Deck pages"):
- Chapter and Verse lines are grouped by the card's dominant theme, the theme
  with the most icons. A card whose top icon count is shared by two or more
  themes goes under "Mixed themes" (it serves each of them equally when closing
  a book); a card with no icons under "No icons".
- Bible Battles "food balance" compares the food the deck's cards provide (the
  catalog's `food` field times copies: animals, crops, lands, cities) with the
  food it needs: one unit for each army and each unique person (rules, "Food").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from rules.cards import CardData
from rules.games import BB_TYPES, CV_THEMES

CV = "chapter-and-verse"
BB = "bible-battles"

MIXED = "mixed"
NO_ICONS = "none"
NOT_IN_CATALOG = "missing"

# The themes' colours as the drawn card faces use them (cardcollections.services.images).
THEME_COLOURS = {
    "strength": "#c62828",
    "wisdom": "#f9c80e",
    "faith": "#1e63c4",
    "histories": "#fbfbf7",
    "trials": "#1b1b1b",
}
THEME_LABELS = {
    "strength": "Strength",
    "wisdom": "Wisdom",
    "faith": "Faith",
    "histories": "Histories",
    "trials": "Trials",
}
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
BAR_COLOUR = "#0072B2"  # rules.charts.PALETTE[0]

DeckCards = Sequence[tuple[int, CardData]]


# ---------------------------------------------------------------- grouping
@dataclass(frozen=True)
class GroupKey:
    """Where a line goes: groups are shown in `order`, then by label."""

    order: int
    key: str
    label: str


def dominant_theme(icons: Any) -> str:
    """The theme with the most icons; MIXED when the top count is shared, NO_ICONS with none."""
    counts = {theme: int(icons.get(theme, 0) or 0) for theme in CV_THEMES}
    top = max(counts.values())
    if top <= 0:
        return NO_ICONS
    leaders = [theme for theme, n in counts.items() if n == top]
    return leaders[0] if len(leaders) == 1 else MIXED


def group_of(game: str, card: CardData | None) -> GroupKey:
    """The group a deck line belongs to: C&V by dominant theme, BB by type, other games by set."""
    if card is None:
        return GroupKey(1000, NOT_IN_CATALOG, "Not in the catalog")
    if game == CV:
        theme = dominant_theme(card.icons)
        if theme == MIXED:
            return GroupKey(len(CV_THEMES), MIXED, "Mixed themes")
        if theme == NO_ICONS:
            return GroupKey(len(CV_THEMES) + 1, NO_ICONS, "No icons")
        return GroupKey(CV_THEMES.index(theme), theme, THEME_LABELS[theme])
    if game == BB:
        if card.type in BB_TYPES:
            return GroupKey(BB_TYPES.index(card.type), card.type, BB_TYPE_LABELS[card.type])
        return GroupKey(len(BB_TYPES), "other", "Other")
    return GroupKey(0, f"set:{card.set_code}", f"Set {card.set_code}")


# ---------------------------------------------------------------- charts
@dataclass(frozen=True)
class Bar:
    label: str
    value: int
    colour: str = BAR_COLOUR

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value}


@dataclass(frozen=True)
class Chart:
    slug: str
    title: str
    x_label: str
    y_label: str
    bars: tuple[Bar, ...]
    summary: str
    # Curves leave empty bars unlabelled (a row of zeros is noise); a balance says "0" (nothing needed is news).
    label_zeros: bool = False

    @property
    def total(self) -> int:
        return sum(b.value for b in self.bars)

    def svg(self) -> str:
        return bar_chart_svg(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "title": self.title,
            "x_label": self.x_label,
            "y_label": self.y_label,
            "bars": [b.to_dict() for b in self.bars],
            "summary": self.summary,
        }


def _copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def _curve(values: Iterable[tuple[int, int | None]]) -> tuple[list[Bar], int]:
    """Copies per cost from 0 to the highest cost (gaps as zero bars); cards without a cost last, as "none"."""
    by_cost: dict[int, int] = {}
    no_cost = 0
    for count, cost in values:
        if cost is None:
            no_cost += count
        else:
            by_cost[cost] = by_cost.get(cost, 0) + count
    top = max(by_cost, default=-1)
    bars = [Bar(str(cost), by_cost.get(cost, 0)) for cost in range(0, top + 1)]
    if no_cost:
        bars.append(Bar("none", no_cost, "#9ca3af"))
    return bars, no_cost


def _mean(values: Iterable[tuple[int, int | None]]) -> float | None:
    total = copies = 0
    for count, cost in values:
        if cost is not None:
            total += cost * count
            copies += count
    return total / copies if copies else None


def cv_theme_totals(cards: DeckCards) -> Chart:
    """Total icons of each theme across the deck, copies counted."""
    totals = {theme: 0 for theme in CV_THEMES}
    for count, card in cards:
        for theme in CV_THEMES:
            totals[theme] += int(card.icons.get(theme, 0) or 0) * count
    bars = tuple(Bar(THEME_LABELS[t], totals[t], THEME_COLOURS[t]) for t in CV_THEMES)
    parts = ", ".join(f"{b.label} {b.value}" for b in bars)
    return Chart(
        "theme-icons",
        "Theme icons",
        "theme",
        "icons",
        bars,
        f"Icons in the deck, copies counted: {parts}.",
    )


def cv_sacrifice_curve(cards: DeckCards) -> Chart:
    """How many copies cost each sacrifice."""
    values = [(count, card.sacrifice) for count, card in cards]
    bars, _ = _curve(values)
    mean = _mean(values)
    parts = ", ".join(f"{b.value} at {b.label}" for b in bars if b.value)
    average = f" Average sacrifice {mean:.2f}." if mean is not None else ""
    return Chart(
        "sacrifice-curve",
        "Sacrifice curve",
        "sacrifice",
        "copies",
        tuple(bars),
        f"Copies by sacrifice cost: {parts or 'none'}.{average}",
    )


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
    values = [(count, card.effort) for count, card in cards]
    bars, _ = _curve(values)
    mean = _mean(values)
    parts = ", ".join(f"{b.value} at {b.label}" for b in bars if b.value)
    average = f" Average effort {mean:.2f}." if mean is not None else ""
    return Chart(
        "effort-curve",
        "Effort curve",
        "effort",
        "copies",
        tuple(bars),
        f"Copies by effort: {parts or 'none'}.{average}",
    )


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


def deck_charts(game: str, cards: DeckCards) -> tuple[Chart, ...]:
    """The charts of a deck of `game` (none for the fixed-deck games)."""
    if game == CV:
        return (cv_theme_totals(cards), cv_sacrifice_curve(cards))
    if game == BB:
        return (bb_type_counts(cards), bb_effort_curve(cards), bb_food_balance(cards))
    return ()


# ---------------------------------------------------------------- drawing
def _fmt(value: float) -> str:
    return f"{value:.1f}"


def _ticks(top: int) -> list[int]:
    """About four round steps from 0 to at least `top`."""
    if top <= 0:
        return [0, 1]
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = candidate
        if top / candidate <= 5:
            break
    ticks = list(range(0, top + step, step))
    if ticks[-1] < top:
        ticks.append(ticks[-1] + step)
    return ticks


def bar_chart_svg(chart: Chart, *, width: int = 420, height: int = 240) -> str:
    """Vertical bars with a value above each, a label below, a y axis with gridlines.

    Every bar is a <rect class="bar"> with data-label and data-value and a
    <title> (hovering reads it); the height is proportional to the value.
    """
    left, right, top, bottom = 48, 12, 24, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    ticks = _ticks(max((b.value for b in chart.bars), default=0))
    scale_top = ticks[-1]
    label = f"{chart.title}. {chart.summary}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart deck-chart" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{escape(label)}" data-chart="{escape(chart.slug)}">',
        f"<title>{escape(label)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
    ]

    def y(value: float) -> float:
        return top + plot_h * (1 - value / scale_top)

    for tick in ticks:
        ty = y(tick)
        parts.append(
            f'<line x1="{left}" y1="{_fmt(ty)}" x2="{width - right}" y2="{_fmt(ty)}" stroke="#e5e7eb" stroke-width="1"/>'
            f'<text x="{left - 6}" y="{_fmt(ty + 4)}" text-anchor="end" font-size="11" fill="#6b7280">{tick}</text>'
        )
    n = max(1, len(chart.bars))
    slot = plot_w / n
    bar_w = max(2.0, min(56.0, slot * 0.7))
    font = 11 if slot >= 34 else 9
    for i, bar in enumerate(chart.bars):
        cx = left + slot * (i + 0.5)
        bar_h = plot_h * bar.value / scale_top
        by = top + plot_h - bar_h
        parts.append(
            f'<rect class="bar" data-label="{escape(bar.label)}" data-value="{bar.value}" '
            f'x="{_fmt(cx - bar_w / 2)}" y="{_fmt(by)}" width="{_fmt(bar_w)}" height="{_fmt(bar_h)}" '
            f'fill="{bar.colour}" stroke="#374151" stroke-width="1">'
            f"<title>{escape(bar.label)}: {bar.value}</title></rect>"
        )
        if bar.value or chart.label_zeros:
            parts.append(
                f'<text x="{_fmt(cx)}" y="{_fmt(by - 4)}" text-anchor="middle" font-size="{font}" '
                f'fill="#111827">{bar.value}</text>'
            )
        parts.append(
            f'<text x="{_fmt(cx)}" y="{_fmt(top + plot_h + 15)}" text-anchor="middle" font-size="{font}" '
            f'fill="#374151">{escape(bar.label)}</text>'
        )
    parts.append(
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#9ca3af"/>'
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" stroke="#9ca3af"/>'
    )
    if chart.x_label:
        parts.append(
            f'<text x="{_fmt(left + plot_w / 2)}" y="{height - 8}" text-anchor="middle" font-size="12" '
            f'fill="#374151">{escape(chart.x_label)}</text>'
        )
    parts.append(
        f'<text x="12" y="{_fmt(top + plot_h / 2)}" text-anchor="middle" font-size="12" fill="#374151" '
        f'transform="rotate(-90 12 {_fmt(top + plot_h / 2)})">{escape(chart.y_label)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
