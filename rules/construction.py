"""Deck construction rules shared by the games, and the `Tally` every rule reads.

Each rule is a small generator `(tally, fmt) -> findings` that does nothing when
its parameter in the format (rules/formats.py) is off. A game's own rules live
in its package (rules/games/<game>/construction.py) and use the same helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.plain import PlainDeck
from rules.decklist.resolving import ResolvedDeck
from rules.decklist.resolving import ResolvedEntry
from rules.findings import Finding
from rules.findings import finding

if TYPE_CHECKING:
    from rules.formats import Format


@dataclass(frozen=True)
class Tally:
    """What the rules look at: copies per title, and the entries behind each title."""

    pool: CardPool
    counts: dict[str, int]
    card_count: int
    source: ResolvedDeck | PlainDeck = field(repr=False)

    @classmethod
    def of(cls, deck: ResolvedDeck | PlainDeck) -> Tally:
        if isinstance(deck, PlainDeck):
            # Read in one pass: the copies are counted already.
            return cls(pool=deck.pool, counts=deck.copies, card_count=deck.card_count, source=deck)
        # One pass for deck.counts() and deck.card_count.
        counts: dict[str, int] = {}
        card_count = 0
        for e in deck.entries:
            key, count = e.card.title_key, e.entry.count
            card_count += count
            counts[key] = counts[key] + count if key in counts else count
        return cls(pool=deck.pool, counts=counts, card_count=card_count, source=deck)

    # Only when a rule asks, which the common formats' rules never do (a
    # cached_property writes the instance's __dict__, so it works on a frozen dataclass).
    @cached_property
    def entries(self) -> dict[str, list[ResolvedEntry]]:
        """The entries behind each title key, in the order of `counts`."""
        return self.source.by_title()

    def title(self, key: str) -> str:
        """The title as its canonical printing spells it, whichever printings the deck names."""
        return self.pool.display_title(key)

    def sorted_keys(self) -> tuple[str, ...]:
        return self._sorted_keys

    @cached_property
    def _sorted_keys(self) -> tuple[str, ...]:
        # Sorted once, not once per rule.
        return tuple(sorted(self.counts))

    def keys_over(self, limit: int) -> list[str]:
        """The title keys with more than `limit` copies, sorted: what the limit rules report.

        A legal deck has few or none, so the rules skip sorting and visiting every title.
        """
        if limit < 1:
            return sorted([key for key, count in self.counts.items() if count > limit])
        counts = self.counts
        return [key for key in self._multiples if counts[key] > limit]

    @cached_property
    def _multiples(self) -> list[str]:
        # The keys over 1 copy, sorted, found once for every limit rule.
        return sorted([key for key, count in self.counts.items() if count > 1])

    def printings(self, key: str) -> tuple[CardData, ...]:
        return self.pool.by_key(key)


Rule = Callable[[Tally, "Format"], Iterable[Finding]]


def cards_text(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def copies_text(n: int, title: str) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'} of {title}"


def titles_over(
    t: Tally, limit: int, code: str, reason: str, applies: Callable[[str], bool] | None = None
) -> Iterator[Finding]:
    """A `code` finding for each title with more than `limit` copies (of those `applies` keeps)."""
    for key in t.keys_over(limit):
        if applies is not None and not applies(key):
            continue
        count = t.counts[key]
        title = t.title(key)
        yield finding(code, f"{copies_text(count, title)}; {reason}", title=title, count=count, limit=limit)


def every_entry(entries: Sequence[ResolvedEntry], test: Callable[[CardData], bool]) -> bool:
    """True if no entry of a title could be a printing that escapes `test`.

    An entry without a set and number may be any printing of its title, so it
    escapes as long as one of its candidate printings does.
    """
    return all(all(test(c) for c in e.candidates) for e in entries)


def titles_where(t: Tally, test: Callable[[str], bool], code: str, message: Callable[[str], str]) -> Iterator[Finding]:
    """A `code` finding for each title (sorted) that `test` picks, `message(title)` saying why."""
    for key in t.sorted_keys():
        if test(key):
            title = t.title(key)
            yield finding(code, message(title), title=title, count=t.counts[key])


def size_is_not(t: Tally, size: int | None, code: str, message: str, key: str) -> Iterator[Finding]:
    """A `code` finding when the deck has other than `size` cards (None: no rule); `message` is a
    template of {cards} (the deck's count, written out) and {size}, `key` the finding's field for size."""
    if size is not None and t.card_count != size:
        sized: dict[str, Any] = {key: size}  # Any: finding's own keywords (title, line) are typed
        yield finding(code, message.format(cards=cards_text(t.card_count), size=size), count=t.card_count, **sized)


# ---------------------------------------------------------------- the shared rules
def deck_size(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.minimum is not None and t.card_count < fmt.minimum:
        yield finding(
            "deck-too-small",
            f"The deck has {cards_text(t.card_count)}; the minimum is {fmt.minimum}.",
            minimum=fmt.minimum,
        )
    if fmt.maximum is not None and t.card_count > fmt.maximum:
        yield finding(
            "deck-too-large",
            f"The deck has {cards_text(t.card_count)}; the maximum is {fmt.maximum}.",
            maximum=fmt.maximum,
        )


def copy_limit(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.copy_limit is None:
        return
    exempt = fmt.copy_limit_exempt_types

    def applies(key: str) -> bool:
        # A title is exempt (a follower) only if every printing of it is.
        return not (exempt and all(c.type in exempt for c in t.printings(key)))

    yield from titles_over(t, fmt.copy_limit, "too-many-copies", f"at most {fmt.copy_limit} are allowed.", applies)


def unique_limit(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.unique_limit:
        return
    # Unique if any printing of the title is: the limit follows the title.
    yield from titles_over(
        t,
        1,
        "unique-limit",
        "it is Unique, so at most 1 is allowed.",
        lambda key: any(c.unique for c in t.printings(key)),
    )


def banned_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.banned:
        return
    yield from titles_where(
        t, lambda key: key in fmt.banned, "banned-card", lambda title: f"{title} is banned in {fmt.name}."
    )


def restricted_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.restricted:
        return
    yield from titles_over(
        t,
        1,
        "restricted-card",
        f"it is restricted in {fmt.name}, so at most 1 is allowed.",
        lambda key: key in fmt.restricted,
    )


def set_legality(t: Tally, fmt: Format) -> Iterator[Finding]:
    legal = fmt.legal_sets
    if legal is None:
        return
    for key in t.sorted_keys():
        entries = t.entries[key]
        if every_entry(entries, lambda c: c.set_code not in legal):
            title = t.title(key)
            sets = sorted({c.set_code for e in entries for c in e.candidates})
            yield finding(
                "set-not-legal",
                f"{title} is only in sets {fmt.name} does not allow ({', '.join(sets)}).",
                title=title,
                count=t.counts[key],
                sets=sets,
            )


def completeness(t: Tally, fmt: Format) -> Iterator[Finding]:
    """A fixed-deck game: the list must be every card of one set at its `copies`, nothing else."""
    if not fmt.complete:
        return
    best: tuple[int, str, list[tuple[str, int]], list[tuple[str, int]]] | None = None
    for set_code in t.pool.set_codes:
        expected: dict[str, int] = {}
        titles: dict[str, str] = {}
        for card in t.pool.set_cards(set_code):
            if fmt.complete_kinds is not None and card.kind not in fmt.complete_kinds:
                continue
            expected[card.title_key] = expected.get(card.title_key, 0) + card.copies
            titles.setdefault(card.title_key, card.title)
        have: dict[str, int] = {}
        missing: list[tuple[str, int]] = []
        extra: list[tuple[str, int]] = []
        for key, entries in t.entries.items():
            for e in entries:
                if fmt.complete_kinds is not None and e.card.kind not in fmt.complete_kinds:
                    # A card the variant takes out of the box (young players: the power cards).
                    extra.append((e.card.title, e.count))
                elif any(c.set_code == set_code for c in e.candidates):
                    have[key] = have.get(key, 0) + e.count
                else:
                    # A printing of another set is not part of this boxed game.
                    extra.append((e.card.title, e.count))
        for key, want in expected.items():
            got = have.get(key, 0)
            title = titles[key]
            if got < want:
                missing.append((title, want - got))
            elif got > want:
                extra.append((title, got - want))
        off = sum(n for _, n in missing) + sum(n for _, n in extra)
        if best is None or off < best[0]:
            best = (off, set_code, missing, extra)
        if off == 0:
            return
    if best is None:
        yield finding("not-complete", "The game has no cards in the catalog, so no list is complete.")
        return
    _off, set_code, missing, extra = best
    parts = []
    if missing:
        parts.append("missing " + ", ".join(f"{n} {title}" for title, n in missing[:10]))
    if extra:
        parts.append("extra " + ", ".join(f"{n} {title}" for title, n in extra[:10]))
    more = " (and more)" if len(missing) > 10 or len(extra) > 10 else ""
    yield finding(
        "not-complete",
        f"The list is not exactly one boxed game of set {set_code}: {'; '.join(parts)}{more}.",
        set=set_code,
        missing=[{"title": title, "count": n} for title, n in missing],
        extra=[{"title": title, "count": n} for title, n in extra],
    )


def suggested_size(t: Tally, fmt: Format) -> Iterator[Finding]:
    yield from size_is_not(
        t, fmt.suggested_size, "suggested-size", "The deck has {cards}; {size} are suggested.", "suggested"
    )
