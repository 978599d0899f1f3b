"""Comparing two deck lists by title, and the short hash judges read off a registered list."""

import hashlib
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.primitives import fields_dict
from rules.text import title_key


@dataclass(frozen=True)
class CountChange:
    title: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "before": self.before, "after": self.after, "delta": self.delta}


@dataclass(frozen=True)
class DeckComparison:
    added: tuple[CountChange, ...]  # titles with more copies after (new titles included)
    removed: tuple[CountChange, ...]  # titles with fewer copies after (dropped titles included)
    unchanged: tuple[CountChange, ...]

    @property
    def same(self) -> bool:
        return not self.added and not self.removed

    def to_dict(self) -> dict[str, Any]:
        return fields_dict(self, ("added", "removed", "unchanged"))


def copies_by_title(entries: Iterable[Mapping[str, Any]]) -> dict[str, tuple[str, int]]:
    """{title key: (title as first written, copies)} over {"title", "count"} entries, as the rules count."""
    out: dict[str, tuple[str, int]] = {}
    for e in entries:
        key = title_key(e["title"])
        title, count = out.get(key, (e["title"], 0))
        out[key] = (title, count + int(e["count"]))
    return out


def compare_lists(before: Iterable[Mapping[str, Any]], after: Iterable[Mapping[str, Any]]) -> DeckComparison:
    """What changed from `before` to `after` ({"title", "count"} entries), copies counted by title as the rules do."""
    old, new = copies_by_title(before), copies_by_title(after)
    added: list[CountChange] = []
    removed: list[CountChange] = []
    unchanged: list[CountChange] = []
    for key in sorted(old.keys() | new.keys()):
        title = (new.get(key) or old[key])[0]
        change = CountChange(title, old.get(key, ("", 0))[1], new.get(key, ("", 0))[1])
        (added if change.delta > 0 else removed if change.delta < 0 else unchanged).append(change)
    return DeckComparison(tuple(added), tuple(removed), tuple(unchanged))


def list_hash(canonical_text: str) -> str:
    """Eight hex digits of SHA-256 over the canonical export text, as `ABCD-1234` for reading aloud."""
    digest = hashlib.sha256(canonical_text.encode("utf-8")).hexdigest()[:8].upper()
    return f"{digest[:4]}-{digest[4:]}"
