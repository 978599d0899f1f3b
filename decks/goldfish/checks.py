"""Goldfish requests (docs/contracts/goldfish.md): checking a request body, resolving its deck against the card pool."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User

from cardcollections.adapters import card_pool_for_game
from cardsite.api.errors import ServiceError
from decks.lists.selectors import deck_get_readable
from decks.lists.services import stored_cards
from rules.decklist.parse import DeckFormatError
from rules.decklist.parse import ParsedDeck
from rules.decklist.parse import entries_from_json
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import ResolvedDeck
from rules.decklist.resolving import resolve
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishRequest
from rules.goldfish.request import GoldfishRequestError
from rules.goldfish.request import parse_goldfish_request

# Deck list bounds (as the validation service's): refuse a pasted file cheaply.
MAX_DECKLIST_CHARS = 1_000_000
MAX_DECKLIST_LINES = 10_000
MAX_CARD_ENTRIES = 10_000
# The most cards a goldfish deck may hold. The largest real deck of these games (a whole boxed game) is
# under 200 cards; the cost of a play-out grows with the deck, so 60 lines of 999 copies (59,940 cards)
# asked a web process for gigabytes.
MAX_GOLDFISH_CARDS = 500

DECK_FIELDS = ("decklist", "cards", "deck")


class GoldfishInputError(ServiceError):
    """The request is malformed or over the limits: 400 on the API, exit 2 on the command.

    `field` is the JSON path of the field to blame; `unknown_cards` lists the
    deck's unknown-card findings, `problems` any other findings of its list.
    """

    def __init__(
        self,
        field: str,
        message: str,
        *,
        unknown_cards: Sequence[Mapping[str, Any]] = (),
        problems: Sequence[Mapping[str, Any]] = (),
    ):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        self.unknown_cards = [dict(f) for f in unknown_cards]
        self.problems = [dict(f) for f in problems]

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "message": self.message, **self.extra()}

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.unknown_cards:
            out["unknown_cards"] = self.unknown_cards
        if self.problems:
            out["problems"] = self.problems
        return out


@dataclass(frozen=True)
class PreparedGoldfish:
    """A checked request with its deck resolved against the card pool."""

    request: GoldfishRequest
    deck: GoldfishDeck
    resolved: ResolvedDeck


def _parse_deck(data: Mapping[str, Any]) -> tuple[str, ParsedDeck]:
    given = [key for key in DECK_FIELDS if key in data]
    if "deck" in given:
        # goldfish_prepare has put the saved deck's own entries ({"set", "number", "count"}) here.
        if len(given) != 1:
            raise GoldfishInputError("deck", "give the deck as decklist, cards or deck, exactly one of them")
        try:
            return "deck", entries_from_json(data["deck"])
        except DeckFormatError as exc:
            raise GoldfishInputError("deck", "must be the id of a saved deck") from exc
    if len(given) != 1:
        raise GoldfishInputError("decklist", "give the deck as decklist (text) or cards (a list), exactly one of them")
    if "decklist" in data:
        text = data["decklist"]
        if not isinstance(text, str):
            raise GoldfishInputError("decklist", "must be a string")
        if len(text) > MAX_DECKLIST_CHARS:
            raise GoldfishInputError("decklist", f"is longer than {MAX_DECKLIST_CHARS:,} characters")
        if text.count("\n") + text.count("\r") - text.count("\r\n") >= MAX_DECKLIST_LINES:
            raise GoldfishInputError("decklist", f"has more than {MAX_DECKLIST_LINES:,} lines")
        return "decklist", parse_decklist(text)
    cards = data["cards"]
    if isinstance(cards, list) and len(cards) > MAX_CARD_ENTRIES:
        raise GoldfishInputError("cards", f"has more than {MAX_CARD_ENTRIES:,} entries")
    try:
        return "cards", entries_from_json(cards)
    except DeckFormatError as exc:
        raise GoldfishInputError(exc.path or "cards", exc.message) from exc


def _saved_deck_entries(*, data: Mapping[str, Any], user: Any) -> tuple[str, list[dict[str, Any]]]:
    """The game and the stored entries of the saved deck `data["deck"]`, which `user` must be able to read."""
    others = [key for key in DECK_FIELDS if key in data and key != "deck"]
    if others:
        raise GoldfishInputError("deck", "give the deck as decklist, cards or deck, exactly one of them")
    deck_id = data["deck"]
    if not isinstance(deck_id, str):
        raise GoldfishInputError("deck", "must be the id of a saved deck (a UUID string)")
    saved = deck_get_readable(deck_id=deck_id, user=user)
    if saved is None:
        # The same answer for a deck that does not exist and one the caller may not read: ids do not leak.
        raise GoldfishInputError("deck", "no saved deck with this id that you may read")
    return saved.game.slug, stored_cards(saved.cards)


def goldfish_prepare(*, data: Any, user: User | AnonymousUser | None = None) -> PreparedGoldfish:
    """Check a request body and resolve its deck; raise GoldfishInputError naming the first bad field.

    One query for the card pool (none when the pool is cached), whatever the
    size of the list. Unknown cards are listed all at once. A saved `deck` must
    be one `user` may read (its owner's, or an unlisted or public one); it
    supplies the game (a `game` in the body must agree) and the list.
    """
    if not isinstance(data, Mapping):
        raise GoldfishInputError("", "the request must be a JSON object")
    saved_game = None
    if "deck" in data:
        # Checked first: the saved deck's game is what the rest is checked against.
        saved_game, entries = _saved_deck_entries(data=data, user=user)
    try:
        request = parse_goldfish_request(data, game=saved_game)
    except GoldfishRequestError as exc:
        raise GoldfishInputError(exc.field, exc.message) from exc
    deck_data = {"deck": entries} if saved_game is not None else data
    resolved, deck = goldfish_deck_resolve(game=request.game, data=deck_data)
    return PreparedGoldfish(request=request, deck=deck, resolved=resolved)


def goldfish_deck_resolve(*, game: str, data: Mapping[str, Any]) -> tuple[ResolvedDeck, GoldfishDeck]:
    """The request's deck (`decklist` or `cards`) resolved against `game`'s pool; GoldfishInputError if it is not usable."""
    field, parsed = _parse_deck(data)
    resolved = resolve(parsed, card_pool_for_game(game))
    unknown = [f for f in resolved.findings if f.code == "unknown-card"]
    if unknown:
        titles = ", ".join(f.title or f.message for f in unknown[:10])
        raise GoldfishInputError(
            field,
            f"{len(unknown)} unknown card{'s' if len(unknown) != 1 else ''}: {titles}",
            unknown_cards=[f.to_dict() for f in unknown],
            problems=[f.to_dict() for f in resolved.findings if f.code != "unknown-card"],
        )
    if resolved.findings:
        first = resolved.findings[0]
        raise GoldfishInputError(field, first.message, problems=[f.to_dict() for f in resolved.findings])
    deck = GoldfishDeck(game, tuple((e.card, e.count) for e in resolved.entries))
    if deck.size == 0:
        raise GoldfishInputError(field, "the deck has no cards")
    if deck.size > MAX_GOLDFISH_CARDS:
        raise GoldfishInputError(
            field,
            f"the deck has {deck.size:,} cards; a goldfish deck holds at most {MAX_GOLDFISH_CARDS:,} "
            "(the largest real deck of these games is under 200)",
        )
    return resolved, deck
