"""Battle Cards' construction rules: a squad of exactly six different cards within a total Value."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.construction import Rule
from rules.construction import Tally
from rules.construction import size_is_not
from rules.construction import titles_over
from rules.findings import Finding
from rules.findings import finding

if TYPE_CHECKING:
    from rules.formats import Format


def squad_size(t: Tally, fmt: Format) -> Iterator[Finding]:
    yield from size_is_not(
        t, fmt.squad_size, "squad-size", "The squad has {cards}; a squad has exactly {size}.", "size"
    )


def duplicate_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.squad_size is None:
        return
    yield from titles_over(t, 1, "duplicate-card", f"a squad has {fmt.squad_size} different cards.")


def squad_value(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.squad_value is None:
        return
    total = sum((e.card.value or 0) * e.count for entries in t.entries.values() for e in entries)
    if total > fmt.squad_value:
        yield finding(
            "squad-value",
            f"The squad's Value adds up to {total}; at most {fmt.squad_value} is allowed.",
            total=total,
            limit=fmt.squad_value,
        )


CONSTRUCTION: tuple[Rule, ...] = (squad_size, duplicate_cards, squad_value)
