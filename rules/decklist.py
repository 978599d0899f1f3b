"""Deck lists (shared/spec/deck-format.md): parse text or JSON, resolve against a pool, export.

Three steps, each a pure function:

- `parse_decklist(text)` / `entries_from_json(cards)` -> `ParsedDeck`: what the
  player wrote, line by line, with `unparseable-line` and `invalid-count` findings.
- `resolve(parsed, pool)` -> `ResolvedDeck`: each entry matched to a card of the
  game, or an `unknown-card` finding with suggestions.
- `export_decklist(resolved)` -> the canonical text, one line per title.

`read_plain_decklist(text, pool)` does the first two in one pass for the
common list that has nothing to report (blank lines, comments, a header and
`COUNT TITLE` lines naming cards), without an object per line.

A finding is never an exception: bad lines are reported and left out. Only a
JSON list of the wrong *shape* raises `DeckFormatError`, because then the
request itself is malformed (the API answers 400, the command exits 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from rapidfuzz import fuzz, process

from rules.cards import CardData, CardPool
from rules.games import GAMES_BY_SLUG
from rules.text import title_key

MIN_COUNT = 1
MAX_COUNT = 999
MAX_SUGGESTIONS = 5
# WRatio scores 0..100; below this a "suggestion" is noise rather than a near miss.
SUGGESTION_CUTOFF = 50.0
# Fuzzy matching costs one pass over the pool per distinct unknown title; a list
# of thousands of junk lines must stay fast, so only this many get suggestions.
MAX_SUGGESTION_LOOKUPS = 50
# A title is at most 200 characters (catalog-format.md); longer text cannot be
# one, and fuzzy-matching a huge line is slow for nothing.
MAX_TITLE_LENGTH = 200


# ---------------------------------------------------------------- findings
@dataclass(frozen=True)
class Finding:
    """One reason a deck is not legal (or a warning): a stable code and a readable message.

    `details` holds the code's extra fields (count, limit, suggestions, ...) in
    the order `to_dict` writes them.
    """

    code: str
    message: str
    title: str | None = None
    line: int | None = None
    details: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.details).get(key, default)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code}
        if self.title is not None:
            out["title"] = self.title
        if self.line is not None:
            out["line"] = self.line
        for key, value in self.details:
            out[key] = list(value) if isinstance(value, tuple) else value
        out["message"] = self.message
        return out


def finding(code: str, message: str, *, title: str | None = None, line: int | None = None, **details: Any) -> Finding:
    """A Finding whose extra fields are given as keywords (None values are left out)."""
    items = tuple(
        (key, tuple(value) if isinstance(value, list) else value) for key, value in details.items() if value is not None
    )
    return Finding(code=code, message=message, title=title, line=line, details=items)


class DeckFormatError(ValueError):
    """The JSON deck list is not the shape the spec describes; `path` names the bad field."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


# ---------------------------------------------------------------- parsed lists
@dataclass(frozen=True)
class DeckEntry:
    """One entry as written: a count and a title and/or a printing.

    `line` is the 1-based text line, `index` the position in a JSON list; one of
    them is set. `text` is the whole title-and-printing text of a text line, kept
    so a title that itself ends in "(Something)" can still be found.
    """

    count: int
    title: str | None = None
    set_code: str | None = None
    number: str | None = None
    line: int | None = None
    index: int | None = None
    text: str | None = None
    # Another reading of the same line, tried when this one names no card.
    alternative: DeckEntry | None = None


@dataclass(frozen=True)
class ParsedDeck:
    entries: tuple[DeckEntry, ...]
    findings: tuple[Finding, ...] = ()


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# "3 Title", "3x Title", "3 x Title" (a sign is allowed so "-1 Title" is an
# invalid count, not an unparseable line).
_LEADING_COUNT = re.compile(r"^(?P<count>[-+]?\d+)(?:\s*[xX\u00d7])?\s+(?P<rest>\S.*)$")
# "Title x3", "Title x 3"
_TRAILING_COUNT = re.compile(r"^(?P<rest>.*?\S)\s+[xX\u00d7]\s*(?P<count>[-+]?\d+)$")
# "Title (SET) NUMBER" or "Title (SET)"; a set code has no spaces or brackets.
_PRINTING = re.compile(r"^(?P<title>.*?\S)\s*\((?P<set>[^()\s]+)\)(?:\s+(?P<number>[^()\s]+))?$")
_HEADER = re.compile(r"^(?:deck|main)\s*:?$", re.IGNORECASE)
# The common line, "3 Title" / "3x Title" / "3 x Title": _LEADING_COUNT with the
# count limited to 1-3 ASCII digits. Where it matches, _LEADING_COUNT matches
# with the same count and rest (the digits are followed by a space or an x,
# never by another digit, so both stop at the same place), and the count is
# 0..999. See parse_decklist for when it is the line's only reading.
_SIMPLE_LINE = re.compile(r"([0-9]{1,3})(?:\s*[xX\u00d7])?\s+(\S.*)")
# What may follow "COUNT " for the rest to be the title as is (see parse_decklist).
_COUNT_MARKS = "xX\u00d7"
# Instances built without __init__ (_text_entry, _title_entry).
_new_object = object.__new__


def _count_value(digits: str) -> int | None:
    # int() refuses strings of thousands of digits; such a count is invalid anyway.
    if len(digits.lstrip("+-").lstrip("0")) > 12:
        return None
    return int(digits)


def _split_printing(text: str) -> tuple[str, str | None, str | None]:
    match = _PRINTING.match(text)
    if match is None:
        return text, None, None
    return match["title"], match["set"], match["number"]


def _count_forms(line: str) -> list[tuple[str, str]]:
    """Every (count digits, title text) reading of a line: leading count first, then trailing."""
    forms: list[tuple[str, str]] = []
    match = _LEADING_COUNT.match(line)
    if match is not None:
        forms.append((match["count"], match["rest"]))
    match = _TRAILING_COUNT.match(line)
    if match is not None:
        forms.append((match["count"], match["rest"]))
    else:
        # "Title x3 (SET) NUMBER": the count sits before the printing.
        title_part, set_code, number = _split_printing(line)
        match = _TRAILING_COUNT.match(title_part) if set_code else None
        if match is not None:
            forms.append((match["count"], f"{match['rest']} ({set_code})" + (f" {number}" if number else "")))
    return forms


def _entry_or_finding(digits: str, text: str, line_no: int) -> DeckEntry | Finding:
    title, set_code, number = _split_printing(text)
    count = _count_value(digits)
    if count is None or not MIN_COUNT <= count <= MAX_COUNT:
        shown = digits if len(digits) <= 20 else digits[:20] + "..."
        return finding(
            "invalid-count",
            f"Line {line_no}: {shown} copies of {title[:MAX_TITLE_LENGTH]}; a count is a whole number "
            f"from {MIN_COUNT} to {MAX_COUNT}.",
            title=title[:MAX_TITLE_LENGTH],
            line=line_no,
            count=count,
        )
    return DeckEntry(count=count, title=title, set_code=set_code, number=number, line=line_no, text=text)


def _is_comment_or_header(line: str) -> bool:
    return line.startswith(("#", "//")) or _HEADER.match(line) is not None


def _parse_line(raw: str, line_no: int) -> DeckEntry | Finding | None:
    line = raw.strip()
    if not line or _is_comment_or_header(line):
        return None
    readings = [_entry_or_finding(digits, text, line_no) for digits, text in _count_forms(line)]
    if not readings:
        return finding(
            "unparseable-line",
            f"Line {line_no} is not a deck entry (write COUNT TITLE, e.g. 3 By Small Means): {line[:80]}",
            line=line_no,
        )
    # A line can read both ways ("2000 Stripling Warriors x1", "1 Malcolm X 2"):
    # the first reading with a valid count wins, and resolve() falls back to the
    # other when the first names no card.
    entries = [r for r in readings if isinstance(r, DeckEntry)]
    if not entries:
        return readings[0]
    if len(entries) > 1:
        return replace(entries[0], alternative=entries[1])
    return entries[0]


def split_lines(text: str) -> list[str]:
    """The lines of a deck list as its line numbers count them (\\n, \\r\\n or \\r)."""
    if "\r" not in text:
        # The same split, several times faster than the regex's.
        return text.split("\n")
    return _LINE_BREAK.split(text)


def _text_entry(count: int, title: str, line_no: int) -> DeckEntry:
    """DeckEntry(count=count, title=title, line=line_no, text=title), built at a third of the cost.

    A frozen dataclass's __init__ sets each of its eight fields through a call
    to object.__setattr__; this writes them into the new instance's __dict__
    directly. It runs for almost every line of every list, and it is checked
    against the ordinary constructor (tests/rules/test_decklist.py), so a new
    field cannot be forgotten here unnoticed.
    """
    entry = _new_object(DeckEntry)
    # Item by item: a quarter cheaper than dict.update with keywords.
    fields = entry.__dict__
    fields["count"] = count
    fields["title"] = title
    fields["set_code"] = None
    fields["number"] = None
    fields["line"] = line_no
    fields["index"] = None
    fields["text"] = title
    fields["alternative"] = None
    return entry


def _plain_entry(line: str) -> tuple[int, str] | None:
    """(count, title) of a stripped line that is a plain `COUNT TITLE` entry, else None.

    The fast path, for nearly every line of a real list. With no ")" no
    printing can match (so the title is the whole rest), and unless the line
    ends in "x DIGITS" no trailing count can either, so the leading count is
    the line's only reading: what _parse_line reads, and a valid count. A line
    starting with a digit is no comment or header. Anything else, a count of 0
    included, gets None and is left to _parse_line.
    """
    if ")" in line or (line[-1].isdigit() and _TRAILING_COUNT.match(line) is not None):
        return None
    # "3 Title", split at the first space, at a third of a regex match's cost:
    # when the count is 1-3 ASCII digits and the rest starts with neither white
    # space nor an x, _LEADING_COUNT reads just this.
    digits, _space, rest = line.partition(" ")
    if not (
        len(digits) <= 3
        and digits.isdigit()
        and digits.isascii()
        and rest
        and not rest[0].isspace()
        and rest[0] not in _COUNT_MARKS
    ):
        # "3x Title", "3 x Title", "3\tTitle"...
        match = _SIMPLE_LINE.match(line)
        if match is None:
            return None
        digits, rest = match.groups()
    count = int(digits)
    return (count, rest) if MIN_COUNT <= count <= MAX_COUNT else None


def parse_decklist(text: str) -> ParsedDeck:
    """Read a text deck list; every line that is not an entry, comment, header or blank is a finding."""
    entries: list[DeckEntry] = []
    findings: list[Finding] = []
    for line_no, raw in enumerate(split_lines(text), start=1):
        line = raw.strip()
        if not line:
            continue
        plain = _plain_entry(line)
        if plain is not None:
            entries.append(_text_entry(plain[0], plain[1], line_no))
            continue
        parsed = _parse_line(line, line_no)
        if isinstance(parsed, DeckEntry):
            entries.append(parsed)
        elif isinstance(parsed, Finding):
            findings.append(parsed)
    return ParsedDeck(entries=tuple(entries), findings=tuple(findings))


def _optional_string(entry: Mapping[str, Any], key: str, path: str, *, allow_int: bool = False) -> str | None:
    value = entry.get(key)
    if value is None:
        return None
    if allow_int and isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise DeckFormatError(f"{path}.{key}", "must be a string" + (" or an integer" if allow_int else ""))
    value = value.strip()
    if not value:
        raise DeckFormatError(f"{path}.{key}", "must not be empty")
    return value


def entries_from_json(cards: Any) -> ParsedDeck:
    """Read the JSON form: a list of {"title", "count"} or {"set", "number", "count"} objects.

    Raises DeckFormatError for a wrong shape or type (the request is malformed);
    a count that is a number but not a whole number from 1 to 999 is an
    `invalid-count` finding like in the text form.
    """
    if not isinstance(cards, list):
        raise DeckFormatError("cards", "must be a list of {title, count} or {set, number, count} objects")
    entries: list[DeckEntry] = []
    findings: list[Finding] = []
    for index, entry in enumerate(cards):
        path = f"cards[{index}]"
        if not isinstance(entry, dict):
            raise DeckFormatError(path, "must be an object with title (or set and number) and count")
        title = _optional_string(entry, "title", path)
        set_code = _optional_string(entry, "set", path)
        number = _optional_string(entry, "number", path, allow_int=True)
        if title is None and (set_code is None or number is None):
            raise DeckFormatError(path, "must name a card by title, or by set and number")
        if number is not None and set_code is None:
            raise DeckFormatError(f"{path}.set", "is required with number")
        if "count" not in entry:
            raise DeckFormatError(f"{path}.count", "is required")
        raw_count = entry["count"]
        if isinstance(raw_count, bool) or not isinstance(raw_count, int | float):
            raise DeckFormatError(f"{path}.count", "must be a number")
        named = title or f"({set_code}) {number}"
        if isinstance(raw_count, float) and not raw_count.is_integer():
            count = None
        else:
            count = int(raw_count) if abs(raw_count) < 1e15 else None
        if count is None or not MIN_COUNT <= count <= MAX_COUNT:
            findings.append(
                finding(
                    "invalid-count",
                    f"{path}: {raw_count!r} copies of {named}; a count is a whole number from {MIN_COUNT} to {MAX_COUNT}.",
                    title=title,
                    count=count,
                    index=index,
                )
            )
            continue
        entries.append(DeckEntry(count=count, title=title, set_code=set_code, number=number, index=index))
    return ParsedDeck(entries=tuple(entries), findings=tuple(findings))


# ---------------------------------------------------------------- resolving
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
class ResolvedDeck:
    pool: CardPool = field(repr=False, compare=False)
    entries: tuple[ResolvedEntry, ...]
    findings: tuple[Finding, ...] = ()

    @property
    def game(self) -> str:
        return self.pool.game

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
        if isinstance(result, Finding) and entry.alternative is not None:
            other = _resolve_entry(entry.alternative, pool, suggest)
            if isinstance(other, ResolvedEntry):
                result = other
        if isinstance(result, ResolvedEntry):
            entries.append(result)
        else:
            findings.append(result)
    # Findings in the order of the list, so a report reads top to bottom.
    findings.sort(key=_finding_position)
    return ResolvedDeck(pool=pool, entries=tuple(entries), findings=tuple(findings))


@dataclass(frozen=True)
class PlainDeck:
    """A text list read and resolved in one pass (read_plain_decklist): what validation needs.

    `lines` holds each entry's count, title as written, line number and the
    title's printings; `copies` the copies per title key in the order titles
    first appear, like ResolvedDeck.counts(). A plain list has no findings.
    """

    pool: CardPool = field(repr=False, compare=False)
    lines: tuple[tuple[int, str, int, tuple[CardData, ...]], ...]
    copies: dict[str, int]
    card_count: int
    findings: tuple[Finding, ...] = ()

    @property
    def game(self) -> str:
        return self.pool.game

    # Built on first use, for a caller that wants the entries themselves (a
    # cached_property writes the instance's __dict__, so frozen is no obstacle).
    @cached_property
    def deck(self) -> ResolvedDeck:
        """resolve(parse_decklist(text), pool) for the text this was read from."""
        entries = tuple(
            _title_entry(_text_entry(count, title, line_no), printings)
            for count, title, line_no, printings in self.lines
        )
        return ResolvedDeck(pool=self.pool, entries=entries)

    def by_title(self) -> dict[str, list[ResolvedEntry]]:
        return self.deck.by_title()


def read_plain_decklist(text: str, pool: CardPool) -> PlainDeck | None:
    """resolve(parse_decklist(text), pool) in one pass for a plain list, as a PlainDeck; None for any other.

    A list typed by hand or pasted from an export is nearly always blank lines,
    comments, a header and `COUNT TITLE` lines naming cards of the game: it has
    nothing to report, and validation needs only the copies per title. This
    reads it without a DeckEntry and a ResolvedEntry per line, at half the cost
    (PlainDeck.deck builds them if asked). Any other line (a printing, an
    unknown title, a bad count, an unparseable line) gets None: parse_decklist
    and resolve then read the list and report it.
    """
    lines: list[tuple[int, str, int, tuple[CardData, ...]]] = []
    copies: dict[str, int] = {}
    card_count = 0
    by_key, by_title = pool.by_key, pool.by_title
    for line_no, raw in enumerate(split_lines(text), start=1):
        line = raw.strip()
        if not line:
            continue
        plain = _plain_entry(line)
        if plain is None:
            if _is_comment_or_header(line):
                continue
            return None
        count, title = plain
        # As resolve() answers an entry with no printing.
        key, printings = _lookup_title(by_key, by_title, title)
        if not printings:
            return None
        lines.append((count, title, line_no, printings))
        card_count += count
        copies[key] = copies[key] + count if key in copies else count
    return PlainDeck(pool=pool, lines=tuple(lines), copies=copies, card_count=card_count)


def _finding_position(f: Finding) -> tuple[int, int]:
    if f.line is not None:
        return (f.line, 0)
    index = f.get("index")
    return (index if isinstance(index, int) else 0, 1)


# ---------------------------------------------------------------- export
def _export_lines(deck: ResolvedDeck) -> Iterator[tuple[str, int, str]]:
    for entries in deck.by_title().values():
        # One line per title. The printing written is the first one the list
        # named explicitly, else the title's canonical printing; a title
        # spread over several printings is written under that one.
        chosen = next((e.card for e in entries if e.explicit), entries[0].card)
        count = sum(e.count for e in entries)
        # A line holds at most 999 copies; more (only from adding up lines)
        # take several lines so the export can still be read back.
        for part, n in enumerate(range(count, 0, -MAX_COUNT)):
            yield chosen.title_key, part, f"{min(n, MAX_COUNT)} {chosen.title} ({chosen.set_code}) {chosen.number}"


def export_decklist(deck: ResolvedDeck) -> str:
    """The canonical text: `COUNT TITLE (SET) NUMBER` per title, sorted by title.

    Export, parse, resolve and export again gives the same text.
    """
    lines = sorted(_export_lines(deck))
    return "".join(line + "\n" for _key, _part, line in lines)
