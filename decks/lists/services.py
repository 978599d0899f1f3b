"""Writing saved decks: create, save a new list (a new version), clone, delete, mark built.

A deck's list is stored as JSON entries `{"set", "number", "title", "count"}`,
one per printing, sorted by title key then printing (`deck_entries_read`).
Every write is one transaction; a list with unknown cards or unreadable lines
is refused whole (DeckListError, with every finding), never half-saved.
"""

import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from cardcollections.models import Game
from cardcollections.reservations.services import reservations_release
from cardcollections.reservations.services import reservations_replace
from cardsite.api.errors import CONFLICT
from decks.exceptions import DeckRequestError
from decks.formats.selectors import format_resolve
from decks.models import Deck
from decks.models import DeckTitle
from decks.models import DeckVersion
from decks.models import DeckVisibility
from decks.validation.services import deck_validation
from rules.deck_compare import copies_by_title
from rules.decklist.considering import board_text
from rules.decklist.export import export_decklist
from rules.decklist.parse import MAX_COUNT
from rules.decklist.resolving import ResolvedDeck
from rules.findings import Finding
from rules.text import storable
from rules.text import title_key
from rules.validation import ValidationResult

# Findings that mean part of the list was not understood: saving would drop it silently.
UNREADABLE = ("unparseable-line", "unknown-card", "invalid-count")
MAX_NAME = 120
MAX_DESCRIPTION = 5000
# Direction controls (RLO and friends): in a name they make "Spring Open" display as something else.
_DIRECTION_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class DeckListError(DeckRequestError):
    """The list has entries that name no card or cannot be read; `findings` lists every one."""

    def __init__(self, field: str, findings: list[Finding]):
        first = findings[0]
        more = f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""
        super().__init__(field, first.message + more)
        self.findings = findings

    def extra(self) -> dict[str, Any]:
        return {"findings": [f.to_dict() for f in self.findings]}


@dataclass(frozen=True)
class DeckList:
    """A list read and checked against the catalog: the entries to store and the engine's verdict."""

    entries: list[dict[str, Any]]
    result: ValidationResult
    deck: ResolvedDeck

    @property
    def card_count(self) -> int:
        return sum(e["count"] for e in self.entries)

    @property
    def text(self) -> str:
        return export_decklist(self.deck)


def _entries(deck: ResolvedDeck) -> list[dict[str, Any]]:
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for e in deck.entries:
        card = e.card
        row = merged.setdefault(
            (card.set_code, card.number), {"set": card.set_code, "number": card.number, "title": card.title, "count": 0}
        )
        row["count"] += e.count
    entries = sorted(merged.values(), key=lambda r: (title_key(r["title"]), r["set"], r["number"]))
    return entries


def deck_list_read(
    *,
    game: str,
    format_slug: str | None,
    decklist: str | None = None,
    cards: Any = None,
    format_version: int | None = None,
) -> DeckList:
    """Read a text or JSON list of `game` and validate it under `format_slug` (its version `format_version`).

    Raises DeckRequestError (field "game", "format", "decklist" or "cards") when
    the request is wrong, DeckListError when any entry is not understood.
    """
    field = "decklist" if decklist is not None else "cards"
    validation = deck_validation(
        game=game, format_slug=format_slug, decklist=decklist, cards=cards, format_version=format_version
    )
    unreadable = [f for f in validation.result.errors if f.code in UNREADABLE]
    if unreadable:
        raise DeckListError(field, unreadable)
    entries = _entries(validation.deck)
    too_many = [e for e in entries if e["count"] > MAX_COUNT]
    if too_many:
        e = too_many[0]
        raise DeckRequestError(field, f"{e['count']} copies of {e['title']}; a deck holds at most {MAX_COUNT}.")
    return DeckList(entries=entries, result=validation.result, deck=validation.deck)


def deck_list_of(deck: Deck) -> DeckList:
    """The stored list of `deck` read again (the catalog or format may have changed since it was saved)."""
    return deck_list_read(game=deck.game.slug, format_slug=deck.format, cards=stored_cards(deck.cards))


def deck_board_read(*, game: str, decklist: str | None = None, cards: Any = None) -> list[dict[str, Any]]:
    """The considering board read against the catalog: the entries to store, never validated (they are candidates).

    Refused like a list (DeckListError, DeckRequestError), on field "considering".
    """
    if decklist is None and cards is None:
        return []
    try:
        return deck_list_read(game=game, format_slug=None, decklist=decklist, cards=cards).entries
    except DeckListError as exc:
        raise DeckListError("considering", exc.findings) from exc
    except DeckRequestError as exc:
        raise DeckRequestError("considering", exc.message) from exc


def _board(game: str, decklist: str | None, considering: Any) -> list[dict[str, Any]] | None:
    """The board to store: `considering` (JSON entries) when given, else a text list's `// Considering` lines.

    None when neither says anything about the board (it stays as it is).
    """
    if considering is not None:
        return deck_board_read(game=game, cards=considering)
    text = board_text(decklist) if isinstance(decklist, str) else None
    return deck_board_read(game=game, decklist=text) if text is not None else None


def stored_cards(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored entries as the engine's JSON input (by printing; the stored title is only for display)."""
    return [{"set": e["set"], "number": e["number"], "count": e["count"]} for e in entries]


def check_name_and_description(
    *, name: str | None, description: str | None, what: str, error: type[DeckRequestError] = DeckRequestError
) -> None:
    """The checks every named thing (a deck, an event) gets: storable text, a name, both within bounds."""
    for field, value in (("name", name), ("description", description)):
        if value is not None and not storable(value):
            raise error(field, f"A {field} cannot hold null characters or lone surrogates.")
    if name is not None and _DIRECTION_CONTROLS.search(name):
        raise error("name", "A name cannot hold text-direction controls (such as the right-to-left override).")
    if name is not None and not name.strip():
        raise error("name", f"{what} needs a name.")
    if name is not None and len(name) > MAX_NAME:
        raise error("name", f"A name has at most {MAX_NAME} characters.")
    if description is not None and len(description) > MAX_DESCRIPTION:
        raise error("description", f"A description has at most {MAX_DESCRIPTION:,} characters.")


def apply_name_and_description(row: Any, *, name: str | None, description: str | None) -> None:
    """Set the given (checked) name, stripped, and description on a deck or an event; None leaves a field as it is."""
    if name is not None:
        row.name = name.strip()
    if description is not None:
        row.description = description


def _check_fields(*, name: str | None, description: str | None, visibility: str | None) -> None:
    check_name_and_description(name=name, description=description, what="A deck")
    if visibility is not None and visibility not in DeckVisibility.values:
        raise DeckRequestError("visibility", f"visibility is one of {', '.join(DeckVisibility.values)}.")


# The versions a deck keeps: saving past them removes the oldest (numbers go on counting). Without a bound, a
# deck saved a million times made its public history page read a million rows. Registrations keep their own copy.
MAX_VERSIONS = 100


def _add_version(deck: Deck) -> DeckVersion:
    """The deck's list as a new version (the oldest dropped past MAX_VERSIONS), and its copies by title
    (DeckTitle) rewritten to match."""
    deck_titles_replace(decks=[deck])
    version = DeckVersion.objects.create(
        deck=deck,
        number=deck.version,
        name=deck.name,
        format=deck.format,
        cards=deck.cards,
        card_count=deck.card_count,
        considering=deck.considering,
    )
    DeckVersion.objects.filter(deck=deck, number__lte=deck.version - MAX_VERSIONS).delete()
    return version


def deck_titles_replace(*, decks: list[Deck]) -> None:
    """Rewrite the DeckTitle rows of `decks` from their lists (in the caller's transaction, or one of its own)."""
    rows = [
        DeckTitle(deck=deck, game_id=deck.game_id, title_key=key, copies=copies)
        for deck in decks
        for key, (_title, copies) in copies_by_title(deck.cards).items()
    ]
    with transaction.atomic():
        DeckTitle.objects.filter(deck__in=[d.pk for d in decks]).delete()
        DeckTitle.objects.bulk_create(rows, batch_size=1000)


def _apply_list(deck: Deck, read: DeckList) -> None:
    deck.cards = read.entries
    deck.card_count = read.card_count
    deck.legal = read.result.legal
    deck.validation = read.result.to_dict()


# A player's decks, archived ones included: bounded, as their folders and API tokens are (each deck keeps up to
# MAX_VERSIONS versions of its list). Far above what a player builds; past it, delete one to make another.
MAX_DECKS = 1000


def deck_create(
    *,
    owner: User,
    game: Game,
    name: str,
    format_slug: str | None = None,
    description: str = "",
    visibility: str = DeckVisibility.PRIVATE,
    decklist: str | None = None,
    cards: Any = None,
    considering: Any = None,
    cloned_from: Deck | None = None,
) -> Deck:
    """A new deck with its version 1. With neither `decklist` nor `cards` the list starts empty.

    The considering board is `considering` (JSON entries), or the `// Considering` lines of `decklist`.
    """
    _check_fields(name=name, description=description, visibility=visibility)
    if Deck.objects.filter(owner=owner).count() >= MAX_DECKS:
        raise DeckRequestError("deck", f"You have {MAX_DECKS:,} decks, the most a player can have; delete one first.")
    fmt = format_resolve(game=game.slug, slug=format_slug)
    if decklist is None and cards is None:
        cards = []
    read = deck_list_read(game=game.slug, format_slug=fmt.slug, decklist=decklist, cards=cards)
    board = _board(game.slug, decklist, considering) or []
    deck = Deck(
        owner=owner,
        game=game,
        format=fmt.slug,
        name=name.strip(),
        description=description,
        visibility=visibility,
        cloned_from=cloned_from,
        considering=board,
    )
    _apply_list(deck, read)
    with transaction.atomic():
        deck.save()
        _add_version(deck)
    return deck


def _lock(deck: Deck, *related: str) -> Deck:
    """The deck's row, locked for this transaction; DeckRequestError if it was deleted meanwhile."""
    locked = Deck.objects.select_for_update().select_related(*related).filter(pk=deck.pk).first()
    if locked is None:
        raise DeckRequestError("deck", "This deck was deleted.")
    return locked


class DeckVersionConflict(DeckRequestError):
    """The deck was saved elsewhere since the editor loaded it (the `version` it sent is not the latest)."""

    kind = CONFLICT


def deck_update(
    *,
    deck: Deck,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    format_slug: str | None = None,
    decklist: str | None = None,
    cards: Any = None,
    considering: Any = None,
    expected_version: int | None = None,
) -> Deck:
    """Change a deck. A new list, board or format is a new version (the previous one stays in the history).

    The board changes with `considering` (JSON entries, [] empties it), or with a
    `decklist` that has a `// Considering` section; otherwise it stays.

    `expected_version`, when given, must be the deck's latest version, so two
    tabs editing one deck cannot overwrite each other unseen.
    """
    _check_fields(name=name, description=description, visibility=visibility)
    game = deck.game.slug
    new_format = format_resolve(game=game, slug=format_slug).slug if format_slug is not None else None
    list_given = decklist is not None or cards is not None
    board = _board(game, decklist, considering)
    with transaction.atomic():
        locked = _lock(deck, "game")
        if expected_version is not None and expected_version != locked.version:
            raise DeckVersionConflict(
                "version",
                f"This deck was saved since you opened it (now version {locked.version}, you had {expected_version}); "
                "reload it to see the changes.",
            )
        fmt = new_format or locked.format
        if list_given:
            read = deck_list_read(game=game, format_slug=fmt, decklist=decklist, cards=cards)
        elif new_format is not None and new_format != locked.format:
            read = deck_list_read(game=game, format_slug=fmt, cards=stored_cards(locked.cards))
        else:
            read = None
        new_list = (read is not None and (read.entries != locked.cards or fmt != locked.format)) or (
            board is not None and board != locked.considering
        )
        apply_name_and_description(locked, name=name, description=description)
        if visibility is not None:
            locked.visibility = visibility
        if read is not None:
            locked.format = fmt
            _apply_list(locked, read)
        if board is not None:
            locked.considering = board
        if new_list:
            locked.version += 1
        locked.save()
        if new_list:
            _add_version(locked)
            if locked.built:
                _reserve(locked)
        elif name is not None and locked.built:
            _reserve(locked)  # the label shown in the collection
    return locked


def stored_list_verdict(
    *, game: str, format_slug: str, entries: list[dict[str, Any]], card_count: int, format_version: int | None = None
) -> tuple[DeckList | None, dict[str, Any]]:
    """The engine's verdict now on a stored list (a deck's, a version's, a registration's snapshot).

    Returns the list read again (None when it can no longer be read) and the
    docs/contracts/validation.md result. A printing that left the catalog is an `unknown-card`
    error and a format that no longer exists an `unknown-format` one: a stored
    list always gets a result, never an exception. `format_version` picks a
    tournament format's version (an event's) instead of its latest rules.
    """
    try:
        read = deck_list_read(
            game=game, format_slug=format_slug, cards=stored_cards(entries), format_version=format_version
        )
    except DeckListError as exc:
        errors = [f.to_dict() for f in exc.findings]
    except DeckRequestError as exc:
        errors = [{"code": "unknown-format", "message": exc.message}]
    else:
        return read, read.result.to_dict()
    result = {"legal": False, "game": game, "format": format_slug, "card_count": card_count, "errors": errors}
    return None, {**result, "warnings": []}


def deck_revalidate(*, deck: Deck) -> Deck:
    """Validate the stored list again (after a format or catalog change) and store the result; no new version."""
    _read, result = stored_list_verdict(
        game=deck.game.slug, format_slug=deck.format, entries=deck.cards, card_count=deck.card_count
    )
    legal = bool(result["legal"])
    Deck.objects.filter(pk=deck.pk).update(legal=legal, validation=result)
    deck.legal, deck.validation = legal, result
    return deck


def deck_clone(*, deck: Deck, owner: User, name: str | None = None) -> Deck:
    """A private copy of a deck `owner` may see, with its own history starting at version 1."""
    return deck_create(
        owner=owner,
        game=deck.game,
        name=(name or f"{deck.name} (copy)")[:MAX_NAME],
        format_slug=deck.format,
        description=deck.description,
        cards=stored_cards(deck.cards),
        considering=stored_cards(deck.considering),
        cloned_from=deck,
    )


def deck_delete(*, deck: Deck) -> None:
    """Delete a deck with its versions, and release its reservations.

    The deck row is locked first, as deck_update and deck_set_built lock it: a
    save or a "built" still in flight commits its reservations before they are
    released here (they name the deck by a string, so nothing cascades to them).
    """
    with transaction.atomic():
        locked = Deck.objects.select_for_update().select_related("owner").filter(pk=deck.pk).first()
        if locked is None:
            return  # deleted meanwhile
        reservations_release(owner=locked.owner, holder=deck_holder(locked))
        locked.delete()


def deck_holder(deck: Deck) -> str:
    return deck_holder_key(deck.pk)


def deck_holder_key(deck_id: Any) -> str:
    """The reservation holder of a deck by its id (see cardcollections.reservations)."""
    return f"deck:{deck_id}"


def _reserve(deck: Deck) -> None:
    titles = copies_by_title(deck.cards)
    reservations_replace(
        owner=deck.owner,
        game=deck.game,
        holder=deck_holder(deck),
        label=deck.name,
        url=f"/decks/{deck.pk}/",
        titles=titles,
    )


def deck_set_built(*, deck: Deck, built: bool) -> Deck:
    """Mark a deck built (its cards are reserved from the owner's collection) or take it apart (released)."""
    with transaction.atomic():
        locked = _lock(deck, "game", "owner")
        if locked.built != built:
            locked.built = built
            locked.built_at = timezone.now() if built else None
            locked.save(update_fields=["built", "built_at", "updated"])
        if built:
            _reserve(locked)
        else:
            reservations_release(owner=locked.owner, holder=deck_holder(locked))
    return locked
