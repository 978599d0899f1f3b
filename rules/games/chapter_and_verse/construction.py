"""Chapter and Verse's own construction rule: no Advanced Game cards in the Basic format."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.construction import Rule
from rules.construction import Tally
from rules.construction import copy_limit
from rules.construction import every_entry
from rules.construction import titles_where
from rules.construction import unique_limit
from rules.findings import Finding

if TYPE_CHECKING:
    from rules.formats import Format


def advanced_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.no_advanced:
        return
    yield from titles_where(
        t,
        lambda key: every_entry(t.entries[key], lambda c: c.advanced),
        "advanced-card",
        lambda title: f"{title} is marked Advanced Game; the {fmt.name} format allows no Advanced Game cards.",
    )


CONSTRUCTION: tuple[Rule, ...] = (copy_limit, unique_limit, advanced_cards)
