"""The fast path for a plain text deck list: read and resolved in one pass, when it has nothing to report."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.parse import _is_comment_or_header
from rules.decklist.parse import _plain_entry
from rules.decklist.parse import _text_entry
from rules.decklist.parse import split_lines
from rules.decklist.resolving import PoolDeck
from rules.decklist.resolving import ResolvedDeck
from rules.decklist.resolving import ResolvedEntry
from rules.decklist.resolving import _lookup_title
from rules.decklist.resolving import _title_entry
from rules.findings import Finding


@dataclass(frozen=True)
class PlainDeck(PoolDeck):
    """A text list read and resolved in one pass (read_plain_decklist): what validation needs.

    `lines` holds each entry's count, title as written, line number and the
    title's printings; `copies` the copies per title key in the order titles
    first appear, like ResolvedDeck.counts(). A plain list has no findings.
    """

    lines: tuple[tuple[int, str, int, tuple[CardData, ...]], ...]
    copies: dict[str, int]
    card_count: int
    findings: tuple[Finding, ...] = ()

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
