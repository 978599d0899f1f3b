"""Chapter and Verse on the deck page: lines grouped by dominant theme, theme icons and the sacrifice curve.

Ruling (docs/rulings.md, "Deck pages"): a line goes under the card's dominant
theme, the theme with the most icons. A card whose top icon count is shared by
two or more themes goes under "Mixed themes" (it serves each of them equally
when closing a book); a card with no icons under "No icons".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.cards import CardData
from rules.charts import Bar
from rules.charts import Chart
from rules.charts import cost_curve
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.interface import GroupKey

MIXED = "mixed"
NO_ICONS = "none"

# The themes' colours as the drawn card faces use them (cardcollections.images.services).
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

DeckCards = Sequence[tuple[int, CardData]]


def dominant_theme(icons: Any) -> str:
    """The theme with the most icons; MIXED when the top count is shared, NO_ICONS with none."""
    counts = {theme: int(icons.get(theme, 0) or 0) for theme in CV_THEMES}
    top = max(counts.values())
    if top <= 0:
        return NO_ICONS
    leaders = [theme for theme, n in counts.items() if n == top]
    return leaders[0] if len(leaders) == 1 else MIXED


def group(card: CardData) -> GroupKey:
    """A C&V line's group: its dominant theme, or Mixed themes, or No icons."""
    theme = dominant_theme(card.icons)
    if theme == MIXED:
        return GroupKey(len(CV_THEMES), MIXED, "Mixed themes")
    if theme == NO_ICONS:
        return GroupKey(len(CV_THEMES) + 1, NO_ICONS, "No icons")
    return GroupKey(CV_THEMES.index(theme), theme, THEME_LABELS[theme])


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
    return cost_curve(cards, "sacrifice", "Sacrifice curve", "Copies by sacrifice cost")


def charts(cards: DeckCards) -> tuple[Chart, ...]:
    """A C&V deck's charts: theme icons, then the sacrifice curve."""
    return (cv_theme_totals(cards), cv_sacrifice_curve(cards))
