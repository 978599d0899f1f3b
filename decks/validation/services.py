"""Validating a deck list: the one entry point the API, the command and the pages share."""

from dataclasses import dataclass
from dataclasses import field
from typing import Any

from cardcollections.adapters import card_pool_for_game
from decks.exceptions import DeckRequestError
from decks.formats.selectors import format_resolve
from rules.decklist.parse import DeckFormatError
from rules.decklist.parse import entries_from_json
from rules.decklist.parse import parse_decklist
from rules.decklist.plain import PlainDeck
from rules.decklist.plain import read_plain_decklist
from rules.decklist.resolving import ResolvedDeck
from rules.decklist.resolving import resolve
from rules.validation import ValidationResult
from rules.validation import validate_deck

# Deck lists are a few dozen lines; these bounds keep a hostile or mistaken
# request (a pasted file, a generated list) cheap to refuse.
MAX_DECKLIST_CHARS = 1_000_000
MAX_DECKLIST_LINES = 10_000
MAX_CARD_ENTRIES = 10_000


@dataclass(frozen=True)
class DeckValidation:
    result: ValidationResult
    # The list as read: resolved, or plain (read_plain_decklist), whose
    # ResolvedDeck is built only if `deck` is asked for.
    source: ResolvedDeck | PlainDeck = field(repr=False)

    @property
    def deck(self) -> ResolvedDeck:
        source = self.source
        return source.deck if isinstance(source, PlainDeck) else source

    def entries(self) -> list[dict[str, Any]]:
        """The recognised entries, each with its line (text) or index (JSON): what the page annotates."""
        return [e.to_dict() for e in self.deck.entries]


def _read(game: str, decklist: str | None, cards: Any) -> ResolvedDeck | PlainDeck:
    if (decklist is None) == (cards is None):
        raise DeckRequestError("decklist", "Give either decklist (the list as text) or cards (a list), not both.")
    if decklist is not None:
        if not isinstance(decklist, str):
            raise DeckRequestError("decklist", "decklist must be a string.")
        if len(decklist) > MAX_DECKLIST_CHARS:
            raise DeckRequestError("decklist", f"decklist is longer than {MAX_DECKLIST_CHARS:,} characters.")
        # Fewer characters than the line cap cannot hold that many line breaks: skip counting them.
        if len(decklist) >= MAX_DECKLIST_LINES:
            body = decklist.rstrip("\r\n")
            breaks = body.count("\n") + body.count("\r") - body.count("\r\n")
            if breaks >= MAX_DECKLIST_LINES:
                raise DeckRequestError("decklist", f"decklist has more than {MAX_DECKLIST_LINES:,} lines.")
        pool = card_pool_for_game(game)
        # Most lists have nothing to report and are read in one pass; any other is parsed and resolved.
        plain = read_plain_decklist(decklist, pool)
        return plain if plain is not None else resolve(parse_decklist(decklist), pool)
    if isinstance(cards, list) and len(cards) > MAX_CARD_ENTRIES:
        raise DeckRequestError("cards", f"cards has more than {MAX_CARD_ENTRIES:,} entries.")
    try:
        parsed = entries_from_json(cards)
    except DeckFormatError as exc:
        raise DeckRequestError("cards", str(exc)) from exc
    return resolve(parsed, card_pool_for_game(game))


def deck_validation(
    *,
    game: str,
    format_slug: str | None = None,
    decklist: str | None = None,
    cards: Any = None,
    format_version: int | None = None,
) -> DeckValidation:
    """Resolve and validate a deck list of `game` under `format_slug` (the game's default when None).

    Raises DeckRequestError for an unknown game or format or a malformed list;
    an illegal deck is a result, not an error. Costs one query for the cards,
    plus two for a tournament format, however long the list. `format_version`
    picks a tournament format's version (an event's) instead of its latest rules.
    """
    fmt = format_resolve(game=game, slug=format_slug, version=format_version)
    deck = _read(game, decklist, cards)
    return DeckValidation(result=validate_deck(deck, fmt), source=deck)


def deck_validate(
    *, game: str, format_slug: str | None = None, decklist: str | None = None, cards: Any = None
) -> ValidationResult:
    return deck_validation(game=game, format_slug=format_slug, decklist=decklist, cards=cards).result
