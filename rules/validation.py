"""Deck validation (shared/spec/validation.md): one pass, every rule, stable codes.

`validate_deck(deck, fmt)` runs each construction rule of rules/formats.py's
`Format` over a resolved deck and gathers every finding: the deck list's own
findings (unparseable lines, unknown cards, invalid counts) first, then the
rules in the order of `RULES`. A deck is legal exactly when there are no
errors. Illegal is an answer, never an exception.

Each rule is a small function `(tally, fmt) -> findings` that does nothing when
its parameter in the format is off.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules.cards import CardData, CardPool
from rules.decklist import Finding, ParsedDeck, PlainDeck, ResolvedDeck, ResolvedEntry, finding, resolve
from rules.formats import Format, TournamentFormat
from rules.text import title_key

__all__ = ["RULES", "Finding", "ValidationResult", "check_deck", "findings_by_line", "validate_deck"]


@dataclass(frozen=True)
class ValidationResult:
    game: str
    format: str
    card_count: int
    errors: tuple[Finding, ...] = ()
    warnings: tuple[Finding, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.errors

    def codes(self) -> list[str]:
        return [f.code for f in self.errors]

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "game": self.game,
            "format": self.format,
            "card_count": self.card_count,
            "errors": [f.to_dict() for f in self.errors],
            "warnings": [f.to_dict() for f in self.warnings],
        }


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


Rule = Callable[[Tally, Format], Iterable[Finding]]


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _copies(n: int, title: str) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'} of {title}"


# ---------------------------------------------------------------- the rules
def deck_size(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.minimum is not None and t.card_count < fmt.minimum:
        yield finding(
            "deck-too-small",
            f"The deck has {_cards(t.card_count)}; the minimum is {fmt.minimum}.",
            minimum=fmt.minimum,
        )
    if fmt.maximum is not None and t.card_count > fmt.maximum:
        yield finding(
            "deck-too-large",
            f"The deck has {_cards(t.card_count)}; the maximum is {fmt.maximum}.",
            maximum=fmt.maximum,
        )


def copy_limit(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.copy_limit is None:
        return
    for key in t.keys_over(fmt.copy_limit):
        count = t.counts[key]
        printings = t.printings(key)
        # A title is exempt (a follower) only if every printing of it is.
        if fmt.copy_limit_exempt_types and all(c.type in fmt.copy_limit_exempt_types for c in printings):
            continue
        title = t.title(key)
        yield finding(
            "too-many-copies",
            f"{_copies(count, title)}; at most {fmt.copy_limit} are allowed.",
            title=title,
            count=count,
            limit=fmt.copy_limit,
        )


def unique_limit(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.unique_limit:
        return
    for key in t.keys_over(1):
        count = t.counts[key]
        # Unique if any printing of the title is: the limit follows the title.
        if any(c.unique for c in t.printings(key)):
            title = t.title(key)
            yield finding(
                "unique-limit",
                f"{_copies(count, title)}; it is Unique, so at most 1 is allowed.",
                title=title,
                count=count,
                limit=1,
            )


def _every_entry(entries: Sequence[ResolvedEntry], test: Callable[[CardData], bool]) -> bool:
    """True if no entry of a title could be a printing that escapes `test`.

    An entry without a set and number may be any printing of its title, so it
    escapes as long as one of its candidate printings does.
    """
    return all(all(test(c) for c in e.candidates) for e in entries)


def advanced_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.no_advanced:
        return
    for key in t.sorted_keys():
        if _every_entry(t.entries[key], lambda c: c.advanced):
            title = t.title(key)
            yield finding(
                "advanced-card",
                f"{title} is marked Advanced Game; the {fmt.name} format allows no Advanced Game cards.",
                title=title,
                count=t.counts[key],
            )


def squad_size(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.squad_size is not None and t.card_count != fmt.squad_size:
        yield finding(
            "squad-size",
            f"The squad has {_cards(t.card_count)}; a squad has exactly {fmt.squad_size}.",
            count=t.card_count,
            size=fmt.squad_size,
        )


def duplicate_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.squad_size is None:
        return
    for key in t.keys_over(1):
        count = t.counts[key]
        title = t.title(key)
        yield finding(
            "duplicate-card",
            f"{_copies(count, title)}; a squad has {fmt.squad_size} different cards.",
            title=title,
            count=count,
            limit=1,
        )


def squad_value(t: Tally, fmt: Format) -> Iterator[Finding]:
    if fmt.squad_value is None:
        return
    total = sum((e.card.value or 0) * e.count for entries in t.entries.values() for e in entries)
    if total > fmt.squad_value:
        yield finding(
            "squad-value",
            f"The squad's Value adds up to {total}; at most {fmt.squad_value} is allowed.",
            total=total,
            limit=fmt.squad_value,
        )


def banned_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.banned:
        return
    for key in t.sorted_keys():
        if key in fmt.banned:
            title = t.title(key)
            yield finding("banned-card", f"{title} is banned in {fmt.name}.", title=title, count=t.counts[key])


def restricted_cards(t: Tally, fmt: Format) -> Iterator[Finding]:
    if not fmt.restricted:
        return
    for key in t.keys_over(1):
        count = t.counts[key]
        if key in fmt.restricted:
            title = t.title(key)
            yield finding(
                "restricted-card",
                f"{_copies(count, title)}; it is restricted in {fmt.name}, so at most 1 is allowed.",
                title=title,
                count=count,
                limit=1,
            )


def set_legality(t: Tally, fmt: Format) -> Iterator[Finding]:
    legal = fmt.legal_sets
    if legal is None:
        return
    for key in t.sorted_keys():
        entries = t.entries[key]
        if _every_entry(entries, lambda c: c.set_code not in legal):
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
            expected[card.title_key] = expected.get(card.title_key, 0) + card.copies
            titles.setdefault(card.title_key, card.title)
        have: dict[str, int] = {}
        missing: list[tuple[str, int]] = []
        extra: list[tuple[str, int]] = []
        for key, entries in t.entries.items():
            for e in entries:
                if any(c.set_code == set_code for c in e.candidates):
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
    if fmt.suggested_size is not None and t.card_count != fmt.suggested_size:
        yield finding(
            "suggested-size",
            f"The deck has {_cards(t.card_count)}; {fmt.suggested_size} are suggested.",
            count=t.card_count,
            suggested=fmt.suggested_size,
        )


RULES: tuple[Rule, ...] = (
    deck_size,
    squad_size,
    completeness,
    copy_limit,
    unique_limit,
    duplicate_cards,
    squad_value,
    advanced_cards,
    banned_cards,
    restricted_cards,
    set_legality,
)
WARNING_RULES: tuple[Rule, ...] = (suggested_size,)


def validate_deck(deck: ResolvedDeck | PlainDeck, fmt: Format | TournamentFormat) -> ValidationResult:
    """Every finding about `deck` under `fmt`, in one pass; legal iff there are no errors.

    `deck` is a resolved list, or a plain one read by read_plain_decklist: the
    same result for the same text.
    """
    rules = fmt.rules() if isinstance(fmt, TournamentFormat) else fmt
    if rules.game != deck.game:
        raise ValueError(f"{rules.slug} is a {rules.game} format; the deck is {deck.game}")
    tally = Tally.of(deck)
    errors = list(deck.findings)
    for rule in RULES:
        errors.extend(rule(tally, rules))
    warnings = [w for rule in WARNING_RULES for w in rule(tally, rules)]
    return ValidationResult(
        game=deck.game,
        format=rules.slug,
        card_count=tally.card_count,
        errors=tuple(errors),
        warnings=tuple(warnings),
    )


def check_deck(parsed: ParsedDeck, pool: CardPool, fmt: Format | TournamentFormat) -> ValidationResult:
    """Resolve and validate in one call."""
    return validate_deck(resolve(parsed, pool), fmt)


def findings_by_line(deck: ResolvedDeck, result: ValidationResult) -> dict[int, list[Finding]]:
    """The findings to show beside each text line: its own, and those about the titles it names.

    A title finding (4 copies across two lines) appears on every line of that title.
    """
    lines_of: dict[str, list[int]] = {}
    for e in deck.entries:
        if e.line is not None:
            lines_of.setdefault(e.title_key, []).append(e.line)
    placed: dict[int, list[Finding]] = {}
    for f in (*result.errors, *result.warnings):
        if f.line is not None:
            placed.setdefault(f.line, []).append(f)
        elif f.title is not None:
            for line in lines_of.get(title_key(f.title), ()):
                placed.setdefault(line, []).append(f)
    return placed
