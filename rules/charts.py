"""Charts as small self-contained SVG: goldfish probability curves and deck-page bar charts.

No JavaScript and no library: the server draws them, every text escaped, each
with a <title> and an aria-label. A deck-page `Chart` is data (bars of label
and value, and a one-line summary for screen readers) that draws itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from rules.primitives import fields_dict

# Colour-blind-safe (Okabe-Ito), cycled when there are more series.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
BAR_COLOUR = PALETTE[0]


def _fmt(value: float) -> str:
    return f"{value:.1f}"


# ---------------------------------------------------------------- probability curves
def probability_chart_svg(
    turns: Sequence[int],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    width: int = 640,
    height: int = 320,
    title: str = "Chance by turn",
) -> str:
    """Lines of probability (0..1) against turn, with axes, grid, points and a legend.

    `series` is (name, probability per turn) pairs, each as long as `turns`.
    Each point carries a <title> (its exact value), so hovering reads it.
    """
    for name, values in series:
        if len(values) != len(turns):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(turns)} turns")
    left, right, top = 48, 16, 28
    legend_rows = len(series)
    bottom = 40 + 18 * legend_rows
    total_height = height + 18 * legend_rows
    plot_w, plot_h = width - left - right, total_height - top - bottom
    span = max(1, len(turns) - 1)

    def x(i: int) -> float:
        return left + plot_w * i / span

    def y(p: float) -> float:
        return top + plot_h * (1 - max(0.0, min(1.0, p)))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {total_height}" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{total_height}" fill="#fff"/>',
    ]
    for tick in range(0, 101, 25):
        ty = y(tick / 100)
        parts.append(
            f'<line x1="{left}" y1="{_fmt(ty)}" x2="{width - right}" y2="{_fmt(ty)}" stroke="#e5e7eb" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{_fmt(ty + 4)}" text-anchor="end" font-size="11" fill="#6b7280">{tick}%</text>'
        )
    step = max(1, len(turns) // 15)
    for i, turn in enumerate(turns):
        if i % step == 0 or i == len(turns) - 1:
            parts.append(
                f'<text x="{_fmt(x(i))}" y="{_fmt(top + plot_h + 16)}" text-anchor="middle" font-size="11" '
                f'fill="#6b7280">{int(turn)}</text>'
            )
    parts.append(
        f'<text x="{_fmt(left + plot_w / 2)}" y="{_fmt(top + plot_h + 32)}" text-anchor="middle" font-size="12" '
        f'fill="#374151">turn</text>'
    )
    parts.append(
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#9ca3af"/>'
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" stroke="#9ca3af"/>'
    )
    for k, (name, values) in enumerate(series):
        colour = PALETTE[k % len(PALETTE)]
        points = " ".join(f"{_fmt(x(i))},{_fmt(y(p))}" for i, p in enumerate(values))
        parts.append(f'<g class="series" data-name="{escape(name)}">')
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        for i, p in enumerate(values):
            parts.append(
                f'<circle cx="{_fmt(x(i))}" cy="{_fmt(y(p))}" r="3.5" fill="{colour}">'
                f"<title>{escape(name)}, turn {int(turns[i])}: {p * 100:.1f}%</title></circle>"
            )
        parts.append("</g>")
        ly = top + plot_h + 50 + 18 * k
        parts.append(
            f'<rect x="{left}" y="{ly - 9}" width="14" height="4" fill="{colour}"/>'
            f'<text x="{left + 20}" y="{ly}" font-size="12" fill="#111827">{escape(name)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------- bar charts
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
        return fields_dict(self, ("slug", "title", "x_label", "y_label", "bars", "summary"))


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


def cost_curve(cards: Sequence[tuple[int, Any]], cost: str, title: str, summary: str) -> Chart:
    """How many copies of `cards` ((copies, card) pairs) have each value of the card field `cost`.

    The chart's slug is `<cost>-curve`; `summary` starts the sentence that lists the bars.
    """
    values = [(count, getattr(card, cost)) for count, card in cards]
    bars, _ = _curve(values)
    mean = _mean(values)
    parts = ", ".join(f"{b.value} at {b.label}" for b in bars if b.value)
    average = f" Average {cost} {mean:.2f}." if mean is not None else ""
    return Chart(f"{cost}-curve", title, cost, "copies", tuple(bars), f"{summary}: {parts or 'none'}.{average}")


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
