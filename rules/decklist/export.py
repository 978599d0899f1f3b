"""Writing a resolved deck list back as the canonical text, one line per title."""

from __future__ import annotations

from collections.abc import Iterator

from rules.decklist.parse import MAX_COUNT
from rules.decklist.resolving import ResolvedDeck


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
