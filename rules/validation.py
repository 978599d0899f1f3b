"""Deck validation (docs/contracts/validation.md): one pass, every rule, stable codes.

`validate_deck(deck, fmt)` runs the construction rules for the format's game
over a resolved deck and gathers every finding: the deck list's own findings
(unparseable lines, unknown cards, invalid counts) first, then the size rule,
the game's own rules (its package's `GameRules.construction`), and the
tournament rules (banned, restricted, legal sets). A deck is legal exactly
when there are no errors. Illegal is an answer, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.cards import CardPool
from rules.construction import Rule
from rules.construction import Tally
from rules.construction import banned_cards
from rules.construction import deck_size
from rules.construction import restricted_cards
from rules.construction import set_legality
from rules.construction import suggested_size
from rules.decklist.parse import ParsedDeck
from rules.decklist.plain import PlainDeck
from rules.decklist.resolving import ResolvedDeck
from rules.decklist.resolving import resolve
from rules.findings import Finding
from rules.formats import Format
from rules.formats import TournamentFormat
from rules.games.registry import game_rules
from rules.primitives import fields_dict
from rules.text import title_key

__all__ = ["ValidationResult", "check_deck", "findings_by_line", "validate_deck"]


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
        return fields_dict(self, ("legal", "game", "format", "card_count", "errors", "warnings"))


# Every game's deck has a size rule; organisers' formats add the others.
FIRST_RULES: tuple[Rule, ...] = (deck_size,)
TOURNAMENT_RULES: tuple[Rule, ...] = (banned_cards, restricted_cards, set_legality)
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
    for rule in (*FIRST_RULES, *game_rules(rules.game).construction, *TOURNAMENT_RULES):
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
