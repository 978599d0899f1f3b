"""Probability curves as a small, self-contained SVG (the goldfish page's chart): pure string building.

No JavaScript and no library: the server draws it, every text escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

# Colour-blind-safe (Okabe-Ito), cycled when there are more series.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")


def _fmt(value: float) -> str:
    return f"{value:.1f}"


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
