"""Reading a deck list as the player wrote it: text lines or JSON entries, into a `ParsedDeck`."""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from rules.findings import Finding
from rules.findings import finding
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole
from rules.primitives import JsonPathError

MIN_COUNT = 1
MAX_COUNT = 999
# A title is at most 200 characters (docs/contracts/catalog-format.md); longer text cannot be
# one, and fuzzy-matching a huge line is slow for nothing.
MAX_TITLE_LENGTH = 200


class DeckFormatError(JsonPathError):
    """The JSON deck list is not the shape the spec describes; `path` names the bad field."""


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
# "3 Title", "3x Title", "3 x Title" (a sign is read so "-1 Title" and "+3 Title" are
# invalid counts, not unparseable lines).
_LEADING_COUNT = re.compile(r"^(?P<count>[-+]?[0-9]+)(?:\s*[xX\u00d7])?\s+(?P<rest>\S.*)$")
# "3 Title" only: the other reading of "1 X Marks the Spot", whose title starts with an x.
_LEADING_COUNT_BARE = re.compile(r"^(?P<count>[-+]?[0-9]+)\s+(?P<rest>\S.*)$")
# "Title x3", "Title x 3"
_TRAILING_COUNT = re.compile(r"^(?P<rest>.*?\S)\s+[xX\u00d7]\s*(?P<count>[-+]?[0-9]+)$")
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
    # ASCII digits only (the patterns say [0-9]); a count out of range is the caller's finding.
    # Past 12 digits no count is meant: the finding shows none.
    if len(digits.lstrip("+-").lstrip("0")) > 12:
        return None
    try:
        return parse_whole(digits, field="count", minimum=None, maximum=None)
    except NotAWholeNumber:  # more digits than any count: invalid anyway
        return None


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
        # "1 X Marks the Spot": "1 x" and "Marks the Spot", or 1 of a title that starts with X (tried next).
        bare = _LEADING_COUNT_BARE.match(line)
        if bare is not None and bare["rest"] != match["rest"]:
            forms.append((bare["count"], bare["rest"]))
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
    # A count is written in digits: a sign ("+3", "-1") makes it invalid, whatever its value.
    if count is None or not MIN_COUNT <= count <= MAX_COUNT or digits[0] in "+-":
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
    # A line can read several ways ("2000 Stripling Warriors x1", "1 Malcolm X 2", "1 X Marks the Spot"):
    # the first reading with a valid count wins, and resolve() falls back to the
    # next when it names no card.
    entries = [r for r in readings if isinstance(r, DeckEntry)]
    if not entries:
        return readings[0]
    chained = entries[-1]
    for entry in reversed(entries[:-1]):
        chained = replace(entry, alternative=chained)
    return chained


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
        if line[match.end(1)].isspace() and line[match.end(1) : match.start(2)].strip():
            return None  # "1 X Marks the Spot" reads two ways: _parse_line keeps both
        digits, rest = match.groups()
    count = int(digits)
    return (count, rest) if MIN_COUNT <= count <= MAX_COUNT else None


def parse_decklist(text: str) -> ParsedDeck:
    """Read a text deck list; every line that is not an entry, comment, header or blank is a finding."""
    return read_lines(text, _read_line)


def read_lines(text: str, read: Callable[[str, int], DeckEntry | Finding | None]) -> ParsedDeck:
    """Each line of `text` read by `read` (given the line and its number from 1): its entries and findings."""
    entries: list[DeckEntry] = []
    findings: list[Finding] = []
    for line_no, raw in enumerate(split_lines(text), start=1):
        parsed = read(raw, line_no)
        if isinstance(parsed, DeckEntry):
            entries.append(parsed)
        elif isinstance(parsed, Finding):
            findings.append(parsed)
    return ParsedDeck(entries=tuple(entries), findings=tuple(findings))


def _read_line(raw: str, line_no: int) -> DeckEntry | Finding | None:
    # The common "COUNT TITLE" line takes the fast path; anything else the general one.
    line = raw.strip()
    if not line:
        return None
    plain = _plain_entry(line)
    if plain is not None:
        return _text_entry(plain[0], plain[1], line_no)
    return _parse_line(line, line_no)


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
