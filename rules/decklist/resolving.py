"""Resolving a parsed deck list against a game's card pool: each entry a card, or an `unknown-card` finding."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from rapidfuzz import fuzz
from rapidfuzz import process

from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.parse import MAX_TITLE_LENGTH
from rules.decklist.parse import DeckEntry
from rules.decklist.parse import ParsedDeck
from rules.findings import Finding
from rules.findings import finding
from rules.games import GAMES_BY_SLUG
from rules.text import title_key

MAX_SUGGESTIONS = 5
# WRatio scores 0..100; below this a "suggestion" is noise rather than a near miss.
SUGGESTION_CUTOFF = 50.0
# Fuzzy matching costs one pass over the pool per distinct unknown title; a list
# of thousands of junk lines must stay fast, so only this many get suggestions.
MAX_SUGGESTION_LOOKUPS = 50
# Instances built without __init__ (_title_entry).
_new_object = object.__new__


@dataclass(frozen=True)
class ResolvedEntry:
    """An entry matched to a card.

    `card` is the printing the entry stands for (the one written, or the title's
    canonical printing). `candidates` are every printing it may be: just `card`
    when a set and number were given, the title's printings in the set for
    `(SET)`, all of the title's printings otherwise.
    """

    entry: DeckEntry
    card: CardData
    candidates: tuple[CardData, ...]
    explicit: bool

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def line(self) -> int | None:
        return self.entry.line

    @property
    def title_key(self) -> str:
        return self.card.title_key

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.count, "title": self.card.title}
        if self.explicit:
            out["set"] = self.card.set_code
            out["number"] = self.card.number
        if self.entry.line is not None:
            out["line"] = self.entry.line
        if self.entry.index is not None:
            out["index"] = self.entry.index
        return out


@dataclass(frozen=True)
class PoolDeck:
    """A deck list read against a card pool: its game is the pool's."""

    pool: CardPool = field(repr=False, compare=False)

    @property
    def game(self) -> str:
        return self.pool.game


@dataclass(frozen=True)
class ResolvedDeck(PoolDeck):
    entries: tuple[ResolvedEntry, ...]
    findings: tuple[Finding, ...] = ()

    @property
    def card_count(self) -> int:
        return sum(e.count for e in self.entries)

    def counts(self) -> dict[str, int]:
        """Copies per title key, in the order titles first appear."""
        counts: dict[str, int] = {}
        for e in self.entries:
            # e.card.title_key and e.entry.count, not the properties: this runs per entry per request.
            key = e.card.title_key
            counts[key] = counts.get(key, 0) + e.entry.count
        return counts

    def by_title(self) -> dict[str, list[ResolvedEntry]]:
        grouped: dict[str, list[ResolvedEntry]] = {}
        for e in self.entries:
            key = e.card.title_key
            if key in grouped:
                grouped[key].append(e)
            else:
                grouped[key] = [e]
        return grouped


def _title_entry(entry: DeckEntry, printings: tuple[CardData, ...]) -> ResolvedEntry:
    """ResolvedEntry(entry=entry, card=printings[0], candidates=printings, explicit=False), cheaper.

    Written into the instance's __dict__ rather than through the frozen
    dataclass's __init__ (see _text_entry); checked against the constructor in
    tests/rules/test_decklist.py.
    """
    resolved = _new_object(ResolvedEntry)
    fields = resolved.__dict__
    fields["entry"] = entry
    fields["card"] = printings[0]
    fields["candidates"] = printings
    fields["explicit"] = False
    return resolved


def _lookup_title(
    by_key: Callable[[str], tuple[CardData, ...]], by_title: Callable[[str], tuple[CardData, ...]], title: str
) -> tuple[str, tuple[CardData, ...]]:
    """(title key, printings) of a title in a pool (its by_key and by_title); printings () if none.

    A title written with single spaces (nearly all) is its key once case-folded:
    casefold neither makes nor removes white space, so if title.casefold() is a
    key of the pool (keys are collapsed), the title had nothing to collapse and
    title_key(title) is the same string. Otherwise by_title collapses it.
    """
    key = title.casefold()
    printings = by_key(key)
    if printings:
        return key, printings
    printings = by_title(title)
    return (printings[0].title_key if printings else key), printings


def _game_name(game: str) -> str:
    known = GAMES_BY_SLUG.get(game)
    return known.name if known else game


def suggest_titles(pool: CardPool, text: str, limit: int = MAX_SUGGESTIONS) -> tuple[str, ...]:
    """Up to `limit` titles of the pool closest to `text` (rapidfuzz WRatio over title keys), closest first."""
    query = title_key(text[: MAX_TITLE_LENGTH * 2])[:MAX_TITLE_LENGTH]
    if not query or not pool.title_keys:
        return ()
    matches = process.extract(query, pool.title_keys, scorer=fuzz.WRatio, limit=limit, score_cutoff=SUGGESTION_CUTOFF)
    return tuple(pool.display_title(key) for key, _score, _index in matches)


class _Suggester:
    """suggest_titles for one resolve call, cached and capped (see MAX_SUGGESTION_LOOKUPS)."""

    def __init__(self, pool: CardPool):
        self.pool = pool
        self.cache: dict[str, tuple[str, ...]] = {}

    def __call__(self, text: str) -> tuple[str, ...]:
        key = title_key(text[: MAX_TITLE_LENGTH * 2])
        if key not in self.cache:
            if len(self.cache) >= MAX_SUGGESTION_LOOKUPS:
                return ()
            self.cache[key] = suggest_titles(self.pool, text)
        return self.cache[key]


def _where(entry: DeckEntry) -> str:
    if entry.line is not None:
        return f"Line {entry.line}: "
    if entry.index is not None:
        return f"cards[{entry.index}]: "
    return ""


def _unknown_title(entry: DeckEntry, title: str, pool: CardPool, suggest: _Suggester) -> Finding:
    suggestions = suggest(title)
    hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
    return finding(
        "unknown-card",
        f"{_where(entry)}No {_game_name(pool.game)} card is called {title[:MAX_TITLE_LENGTH]}.{hint}",
        title=title[:MAX_TITLE_LENGTH],
        line=entry.line,
        index=entry.index,
        suggestions=list(suggestions),
    )


def _unknown_printing(entry: DeckEntry, printings: Sequence[CardData], reason: str) -> Finding:
    shown = [c.printing for c in printings[:MAX_SUGGESTIONS]]
    hint = f" It is printed as {', '.join(shown)}." if shown else ""
    return finding(
        "unknown-card",
        f"{_where(entry)}{reason}.{hint}",
        title=entry.title,
        line=entry.line,
        index=entry.index,
        suggestions=[],
        printings=shown,
    )


def _resolve_entry(entry: DeckEntry, pool: CardPool, suggest: _Suggester) -> ResolvedEntry | Finding:
    if entry.title is None:
        # JSON {"set", "number"}: the printing alone names the card.
        card = pool.by_printing(entry.set_code or "", entry.number or "")
        if card is None:
            return finding(
                "unknown-card",
                f"{_where(entry)}No {_game_name(pool.game)} card is printed as ({entry.set_code}) {entry.number}.",
                line=entry.line,
                index=entry.index,
                suggestions=[],
            )
        return ResolvedEntry(entry=entry, card=card, candidates=(card,), explicit=True)

    printings = pool.by_title(entry.title)
    if entry.set_code is None:
        if not printings:
            return _unknown_title(entry, entry.title, pool, suggest)
        return ResolvedEntry(entry=entry, card=printings[0], candidates=printings, explicit=False)

    set_code = pool.set_code(entry.set_code)
    if set_code is None or not printings:
        # "Moroni (Captain)": brackets that are part of the title, not a set.
        whole = pool.by_title(entry.text) if entry.text else ()
        if whole:
            return ResolvedEntry(entry=entry, card=whole[0], candidates=whole, explicit=False)
        if not printings:
            return _unknown_title(entry, entry.title, pool, suggest)
        return _unknown_printing(entry, printings, f"{_game_name(pool.game)} has no set {entry.set_code}")
    if entry.number is not None:
        card = pool.by_printing(set_code, entry.number)
        if card is None or card.title_key != printings[0].title_key:
            return _unknown_printing(
                entry, printings, f"{printings[0].title} has no printing ({set_code}) {entry.number}"
            )
        return ResolvedEntry(entry=entry, card=card, candidates=(card,), explicit=True)
    in_set = tuple(c for c in printings if c.set_code == set_code)
    if not in_set:
        return _unknown_printing(entry, printings, f"{printings[0].title} has no printing in set {set_code}")
    return ResolvedEntry(entry=entry, card=in_set[0], candidates=in_set, explicit=True)


def resolve(parsed: ParsedDeck, pool: CardPool) -> ResolvedDeck:
    """Match every entry to a card of `pool`'s game; unknown names become findings with suggestions."""
    suggest = _Suggester(pool)
    entries: list[ResolvedEntry] = []
    findings: list[Finding] = list(parsed.findings)
    by_key, by_title = pool.by_key, pool.by_title
    for entry in parsed.entries:
        # The common entry, a known title with no printing, as _resolve_entry
        # answers it (the canonical printing, any printing a candidate) without
        # its calls: this loop runs for every entry of every list validated.
        if entry.set_code is None and entry.title is not None:
            _key, printings = _lookup_title(by_key, by_title, entry.title)
            if printings:
                entries.append(_title_entry(entry, printings))
                continue
        result = _resolve_entry(entry, pool, suggest)
        alternative = entry.alternative
        while isinstance(result, Finding) and alternative is not None:
            other = _resolve_entry(alternative, pool, suggest)
            if isinstance(other, ResolvedEntry):
                result = other
            alternative = alternative.alternative
        if isinstance(result, ResolvedEntry):
            entries.append(result)
        else:
            findings.append(result)
    # Findings in the order of the list, so a report reads top to bottom.
    findings.sort(key=_finding_position)
    return ResolvedDeck(pool=pool, entries=tuple(entries), findings=tuple(findings))


def _finding_position(f: Finding) -> tuple[int, int]:
    if f.line is not None:
        return (f.line, 0)
    index = f.get("index")
    return (index if isinstance(index, int) else 0, 1)
