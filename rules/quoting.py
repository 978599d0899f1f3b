"""Judging a typed quotation: a verse typed from memory against the card's text, or its reference.

The one comparing function of Chapter and Verse's Quote and Quote It and of learning the verses
(docs/quoting.md). `compare_quote(typed, verse)` reads both as words (`rules.text.words`: case,
punctuation, quotes, apostrophes, dashes and spacing never matter; digits 0-99 read as number words),
aligns them word by word and counts what is wrong. A small misspelling of a word ("beleive" for
"believe"), a word typed as two or two as one ("Beth lehem" for "Beth-lehem") are slips: shown, never
wrong. A missing, extra or changed word is one wrong word, and so are two neighbouring words swapped.
The setting (`QuoteTolerance`) says how many wrong words are forgiven: by default one in thirty.

`compare_reference(typed, reference)` reads a reference the way people write one ("John 3:16",
"Jn 3 16", "1 Ne 3:7", "D&C 59:9") and says whether it names the same verses.

Cost: the alignment is a dynamic programme over (verse words) x (typed words), O(n*m) word comparisons,
and the typed words it aligns are capped at 2n + 8 (more are all extra: that text cannot match), so a
verse of n words costs O(n^2) however long the typing. Typed text over `MAX_TYPED_CHARS` is refused
with `QuoteTooLong` before any of that.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Literal
from typing import NamedTuple

import numpy
from rapidfuzz.distance import OSA
from rapidfuzz.process import cdist

from rules.text import title_key
from rules.text import words

# The longest typing judged: a long verse is under 1,000 characters; four times that is a real attempt.
MAX_TYPED_CHARS = 4000
MAX_REFERENCE_CHARS = 100


class QuoteTooLong(ValueError):
    """Typed text longer than the comparison takes; the message says so, for the player."""

    def __init__(self, length: int, limit: int) -> None:
        super().__init__(f"The text typed is {length} characters long; at most {limit} are compared.")
        self.length = length
        self.limit = limit


@dataclass(frozen=True)
class QuoteTolerance:
    """How forgiving a comparison is: `wrong_words` wrong words forgiven per `per_words` words of the verse.

    The number forgiven is rounded to the nearest whole word (half up): with one per thirty, a verse of
    15 to 44 words forgives one, of 45 to 74 two, of fewer than 15 none. `slips` says whether small
    misspellings and words run together or split count as right (they are shown either way).
    """

    wrong_words: int = 1
    per_words: int = 30
    slips: bool = True

    def __post_init__(self) -> None:
        if self.wrong_words < 0 or self.per_words < 1:
            raise ValueError("wrong_words must be 0 or more and per_words 1 or more")

    def forgiven(self, verse_words: int) -> int:
        """How many wrong words a verse of `verse_words` words forgives."""
        return (2 * verse_words * self.wrong_words + self.per_words) // (2 * self.per_words)


DEFAULT_TOLERANCE = QuoteTolerance()
STRICT = QuoteTolerance(wrong_words=0)

Kind = Literal["equal", "slip", "changed", "missing", "extra", "swapped"]
# Kinds that are a wrong word each (an entry of "swapped" is two words, one wrong).
WRONG: frozenset[str] = frozenset({"changed", "missing", "extra", "swapped"})


class DiffEntry(NamedTuple):
    """One step of the word diff, in reading order: `(kind, expected, typed)`.

    `expected` and `typed` are normalised words ("" when there is none), and hold two words
    separated by a space for a "swapped" pair and for a "slip" where one word was typed as two or
    two as one. Kinds: equal; slip (right, but spelt a little differently); changed (a different
    word); missing (typed nothing for it); extra (typed, not in the verse); swapped (two neighbours
    typed in the other order).
    """

    kind: Kind
    expected: str
    typed: str


@dataclass(frozen=True)
class QuoteJudgement:
    """What `compare_quote` found.

    `matches`: the attempt counts. `score`: 1 - wrong / max(verse words, typed words), from 0 to 1
    (1 for a word-perfect quote, slips included). `wrong`: wrong words; `forgiven`: how many the
    setting forgives for this verse; `slips`: slips shown. `diff`: the words in reading order; the
    `typed` parts joined with spaces are the typed words, the `expected` parts the verse's.
    """

    matches: bool
    score: float
    wrong: int
    forgiven: int
    slips: int
    diff: tuple[DiffEntry, ...]


_ONES = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _number_words(word: str) -> list[str]:
    """Digits 0-99 as the words the King James text writes ("21" is "twenty one"); other words as they are."""
    if not (word.isascii() and word.isdigit()) or int(word) > 99:
        return [word]
    n = int(word)
    if n < 20:
        return [_ONES[n]]
    return [_TENS[n // 10 - 2]] + ([_ONES[n % 10]] if n % 10 else [])


def quote_words(text: str) -> list[str]:
    """The words compared: `rules.text.words`, with digits 0-99 read as number words."""
    return [w for word in words(text) for w in _number_words(word)]


def _slip_limit(expected: str) -> int:
    """The edits (insert, delete, change or swap two letters) a word may take and still be a slip."""
    return 0 if len(expected) < 4 else 1 if len(expected) < 8 else 2


def compare_quote(typed: str, verse: str, *, tolerance: QuoteTolerance = DEFAULT_TOLERANCE) -> QuoteJudgement:
    """Judge `typed` as a quotation of `verse` (see the module's docstring and docs/quoting.md).

    Raises `QuoteTooLong` when `typed` is over `MAX_TYPED_CHARS` characters. Never matches an empty
    typing, nor one with fewer than half the verse's words right, whatever the tolerance.
    """
    if len(typed) > MAX_TYPED_CHARS:
        raise QuoteTooLong(len(typed), MAX_TYPED_CHARS)
    expected, given = quote_words(verse), quote_words(typed)
    n = len(expected)
    forgiven = tolerance.forgiven(n)
    # Past 2n + 8 typed words every further word is extra, so those words need no alignment.
    window = given[: 2 * n + 8]
    if given == expected:
        # Word for word: the alignment's only path of no cost (a computer's quoting, most of the time).
        diff = [DiffEntry("equal", w, w) for w in expected]
    else:
        diff = _align(expected, window, tolerance.slips) + [DiffEntry("extra", "", w) for w in given[len(window) :]]
    wrong = sum(1 for e in diff if e.kind in WRONG)
    slips = sum(1 for e in diff if e.kind == "slip")
    right = sum(len(e.expected.split()) for e in diff if e.kind in ("equal", "slip"))
    longest = max(n, len(given))
    score = 0.0 if not given or not n else max(0.0, 1 - wrong / longest)
    matches = bool(given) and n > 0 and wrong <= forgiven and 2 * right >= n
    return QuoteJudgement(matches, score, wrong, forgiven, slips, tuple(diff))


# The alignment's moves: kind, verse words taken, typed words taken.
_MOVES: tuple[tuple[Kind, int, int], ...] = (
    ("equal", 1, 1),
    ("changed", 1, 1),
    ("slip", 1, 1),
    ("missing", 1, 0),
    ("extra", 0, 1),
    ("slip", 1, 2),  # one word typed as two
    ("slip", 2, 1),  # two words typed as one
    ("swapped", 2, 2),
)
_EQUAL, _CHANGED, _SLIP, _MISSING, _EXTRA, _SPLIT, _JOINED, _SWAPPED = range(len(_MOVES))


def _slips(expected: list[str], typed: list[str]) -> list[list[bool]]:
    """Which typed words are slips of which verse words: n x m letter distances, computed in C (rapidfuzz)."""
    if not expected or not typed:
        return [[False] * len(typed) for _ in expected]
    distances = cdist(expected, typed, scorer=OSA.distance, score_cutoff=2, dtype=numpy.int32)
    limits = numpy.array([_slip_limit(word) for word in expected], dtype=numpy.int32)[:, None]
    close: list[list[bool]] = ((distances <= limits) & (limits > 0)).tolist()
    return close


def _align(expected: list[str], typed: list[str], slips: bool) -> list[DiffEntry]:
    """The word diff with the fewest wrong words, then the fewest slips (a weighted edit distance).

    A cell's cost is wrong * big + slips, so wrong words always weigh more than any number of slips.
    O(len(expected) * len(typed)) cells of a few comparisons each.
    """
    n, m = len(expected), len(typed)
    big = n + m + 1
    close = _slips(expected, typed) if slips else [[False] * m for _ in expected]
    typed_pairs = ["", "", *(typed[j - 2] + typed[j - 1] for j in range(2, m + 1))]
    cost = [[j * big for j in range(m + 1)]] + [[0] * (m + 1) for _ in range(n)]
    step = [[_EXTRA] * (m + 1)] + [[_MISSING] * (m + 1) for _ in range(n)]
    for i in range(1, n + 1):
        e = expected[i - 1]
        before = expected[i - 2] if i > 1 else ""
        pair = before + e if i > 1 else ""
        prev, row, moves, near = cost[i - 1], cost[i], step[i], close[i - 1]
        prev2 = cost[i - 2] if i > 1 else prev
        row[0] = i * big
        for j in range(1, m + 1):
            t = typed[j - 1]
            if e == t:
                best, move = prev[j - 1], _EQUAL
            elif near[j - 1]:
                best, move = prev[j - 1] + 1, _SLIP
            else:
                best, move = prev[j - 1] + big, _CHANGED
            if prev[j] + big < best:
                best, move = prev[j] + big, _MISSING
            if row[j - 1] + big < best:
                best, move = row[j - 1] + big, _EXTRA
            if slips and j > 1 and e == typed_pairs[j] and prev[j - 2] + 1 < best:
                best, move = prev[j - 2] + 1, _SPLIT
            if slips and i > 1 and pair == t and prev2[j - 1] + 1 < best:
                best, move = prev2[j - 1] + 1, _JOINED
            if j > 1 and i > 1 and e == typed[j - 2] and before == t and e != t and prev2[j - 2] + big < best:
                best, move = prev2[j - 2] + big, _SWAPPED
            row[j], moves[j] = best, move
    out: list[DiffEntry] = []
    i, j = n, m
    while i or j:
        kind, di, dj = _MOVES[step[i][j]]
        out.append(DiffEntry(kind, " ".join(expected[i - di : i]), " ".join(typed[j - dj : j])))
        i, j = i - di, j - dj
    out.reverse()
    return out


# References ---------------------------------------------------------------------------------------------

BOOK_OF_MORMON = (
    "1 Nephi",
    "2 Nephi",
    "Jacob",
    "Enos",
    "Jarom",
    "Omni",
    "Words of Mormon",
    "Mosiah",
    "Alma",
    "Helaman",
    "3 Nephi",
    "4 Nephi",
    "Mormon",
    "Ether",
    "Moroni",
)
PEARL_OF_GREAT_PRICE = ("Moses", "Abraham", "Joseph Smith—Matthew", "Joseph Smith—History", "Articles of Faith")
# Other spellings of a book's name (by key, see _book_key) that are neither its name nor a prefix of it.
_ALIASES = {
    "dandc": "D&C",
    "dc": "D&C",
    "doctrineandcovenants": "D&C",
    "jsm": "Joseph Smith—Matthew",
    "jsh": "Joseph Smith—History",
    "aoff": "Articles of Faith",
    "songofsolomon": "Song of Songs",
}
_ORDINALS = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "first": "1", "second": "2", "third": "3", "fourth": "4"}
_ORDINALS |= {"1st": "1", "2nd": "2", "3rd": "3", "4th": "4"}
_REFERENCE = re.compile(
    r"(?P<book>.*?[^\W\d_].*?)[\s.]*(?P<chapter>\d+)(?:(?:\s*[:.,]\s*|\s+)(?P<first>\d+)(?:\s*-\s*(?P<last>\d+))?)?"
)
_DASHES = re.compile("[\u2010-\u2015\u2212]")


@dataclass(frozen=True)
class Reference:
    """A reference as read: the book's name (as the catalog writes it), chapter, first and last verse."""

    book: str
    chapter: int
    first: int | None
    last: int | None

    def __str__(self) -> str:
        verses = "" if self.first is None else f":{self.first}" + (f"-{self.last}" if self.last != self.first else "")
        return f"{self.book} {self.chapter}{verses}"


@dataclass(frozen=True)
class ReferenceJudgement:
    """Whether a typed reference names the card's verses, and how it was read ("" when it was not)."""

    matches: bool
    read_as: str


def _book_key(name: str) -> str:
    """A book's name as compared: case, dots, spacing, dashes ignored, & as "and", a leading ordinal a digit."""
    name = _DASHES.sub(" ", unicodedata.normalize("NFKC", title_key(name)).replace("&", " and ").replace(".", " "))
    parts = name.replace("-", " ").split()
    if len(parts) > 1 and parts[0] in _ORDINALS:
        parts[0] = _ORDINALS[parts[0]]
    return "".join(parts)


@cache
def _books() -> dict[str, str]:
    """Every book's key and its name: the Bible (pythonbible's names), Book of Mormon, D&C, Pearl of Great Price."""
    import pythonbible  # its import takes a third of a second: only when a reference is first read

    names = [str(book.title) for book in pythonbible.Book] + list(BOOK_OF_MORMON) + list(PEARL_OF_GREAT_PRICE)
    return {_book_key(name): name for name in names} | {"dandc": "D&C"}


def _read_book(text: str) -> str | None:
    """The book `text` names: its name or an alias, else a prefix of one name only, else an abbreviation."""
    key = _book_key(text)
    if not key:
        return None
    books = _books()
    if key in books or key in _ALIASES:
        return books.get(key) or _ALIASES[key]
    starting = {name for k, name in books.items() if k.startswith(key)}
    if len(starting) == 1 and len(key) >= 2:
        return starting.pop()
    import pythonbible

    found = pythonbible.get_references(f"{text} 1")
    if len(found) == 1 and found[0].book:
        return str(found[0].book.title)
    # An abbreviation of one name only: its letters in order, from the first ("Mk" for Mark, "Lk" for Luke).
    letters = {name for k, name in books.items() if k[0] == key[0] and _in_order(key, k)}
    return letters.pop() if len(letters) == 1 and len(key) >= 2 else None


def _in_order(short: str, long: str) -> bool:
    """Whether every character of `short` is in `long`, in the same order."""
    rest = iter(long)
    return all(c in rest for c in short)


def read_reference(text: str) -> Reference | None:
    """The reference `text` names ("John 3:16", "Jn 3 16", "1 Ne. 3:7", "D&C 59:9"), or None."""
    if len(text) > MAX_REFERENCE_CHARS:
        raise QuoteTooLong(len(text), MAX_REFERENCE_CHARS)
    normal = " ".join(_DASHES.sub("-", unicodedata.normalize("NFKC", text)).split()).strip(" .;")
    match = _REFERENCE.fullmatch(normal)
    if match is None:
        return None
    book = _read_book(match["book"])
    if book is None:
        return None
    first = int(match["first"]) if match["first"] else None
    last = int(match["last"]) if match["last"] else first
    return Reference(book, int(match["chapter"]), first, last)


def compare_reference(typed: str, reference: str) -> ReferenceJudgement:
    """Judge `typed` as the card's `reference`: the same book, chapter and verses, however written.

    Raises ValueError when `reference` (the catalog's) cannot be read, and `QuoteTooLong` when `typed`
    is over `MAX_REFERENCE_CHARS` characters.
    """
    wanted = read_reference(reference)
    if wanted is None:
        raise ValueError(f"Not a reference: {reference!r}")
    got = read_reference(typed)
    return ReferenceJudgement(got == wanted, "" if got is None else str(got))
