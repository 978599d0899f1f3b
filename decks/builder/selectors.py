"""Reading for the deck builder: the working list the page holds, checked and set against the collection.

The builder keeps its list in the page (JSON, one entry per printing) and
posts it whole on every change; `builder_panel` reads it, validates it with
the engine (`deck_validation`, the one the API and the other pages use) and
looks up the user's stock per title (`list_stock`). Nothing here writes.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User

from cardcollections.models import Game
from cardcollections.reservations.selectors import TitleStock
from cardcollections.reservations.selectors import stock_by_title
from decks.exceptions import DeckRequestError
from decks.lists.services import deck_holder
from decks.models import Deck
from decks.stock.selectors import TitleNeed
from decks.stock.selectors import list_stock
from decks.validation.services import MAX_CARD_ENTRIES
from decks.validation.services import deck_validation
from rules.charts import Chart
from rules.deck_charts import deck_charts
from rules.text import storable
from rules.text import title_key
from rules.validation import ValidationResult

MAX_CARDS_CHARS = 200_000  # the working list as JSON; a 10,000-entry list is well under
MAX_FIELD_CHARS = 200  # set codes, numbers and titles in it


@dataclass(frozen=True)
class WorkingEntry:
    """One printing of the working list as the page sent it (the title is only a label until resolved)."""

    set: str
    number: str
    title: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"set": self.set, "number": self.number, "title": self.title, "count": self.count}


def _text(value: Any, path: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or len(value) > MAX_FIELD_CHARS:
        raise DeckRequestError("cards", f"{path} must be a string of at most {MAX_FIELD_CHARS} characters.")
    if not storable(value):
        # JSON can carry "\ud800": the panel would echo it into a page no encoder can write (a 500).
        raise DeckRequestError("cards", f"{path} holds a NUL byte or a lone surrogate; it cannot be stored.")
    return value.strip()


def builder_cards_read(raw: str | None, *, field_name: str = "cards") -> list[WorkingEntry]:
    """The working list posted by the builder page: a JSON list of {"set", "number", "title", "count"}.

    Entries of the same printing are merged and entries of no copies dropped
    (the page removes them, a hand-made request may not); a count above the
    engine's bound stays, and the engine reports it. Raises DeckRequestError
    (field `field_name`: "cards", or "considering" for the board) for anything that is not such a list.
    """
    try:
        return _working_entries(raw)
    except DeckRequestError as exc:
        if field_name == "cards":
            raise
        raise DeckRequestError(field_name, f"The considering board: {exc.message}") from exc


def _working_entries(raw: str | None) -> list[WorkingEntry]:
    raw = raw or "[]"
    if len(raw) > MAX_CARDS_CHARS:
        raise DeckRequestError("cards", f"The list is longer than {MAX_CARDS_CHARS:,} characters.")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested deeper than Python's limit
        raise DeckRequestError("cards", "The list is not valid JSON.") from exc
    if not isinstance(data, list):
        raise DeckRequestError("cards", "The list must be a JSON list of {set, number, title, count}.")
    if len(data) > MAX_CARD_ENTRIES:
        raise DeckRequestError("cards", f"The list has more than {MAX_CARD_ENTRIES:,} entries.")
    merged: dict[tuple[str, str], WorkingEntry] = {}
    for index, item in enumerate(data):
        path = f"cards[{index}]"
        if not isinstance(item, dict):
            raise DeckRequestError("cards", f"{path} must be an object with set, number, title and count.")
        set_code = _text(item.get("set"), f"{path}.set")
        number = _text(item.get("number"), f"{path}.number")
        title = _text(item.get("title", ""), f"{path}.title")
        count = item.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or abs(count) > 10**6:
            raise DeckRequestError("cards", f"{path}.count must be a whole number.")
        if not set_code or not number:
            raise DeckRequestError("cards", f"{path} must name a printing by set and number.")
        if count <= 0:
            continue
        key = (set_code.upper(), number)
        before = merged.get(key)
        merged[key] = WorkingEntry(
            set=before.set if before else set_code,
            number=number,
            title=(before.title if before else title) or f"{set_code} {number}",
            count=count + (before.count if before else 0),
        )
    return list(merged.values())


@dataclass(frozen=True)
class PanelPrinting:
    set: str
    number: str
    count: int
    known: bool  # found in the catalog


@dataclass(frozen=True)
class PanelTitle:
    """One title of the working list: its printings, and where the user stands with it."""

    title: str
    key: str
    count: int
    printings: list[PanelPrinting]
    need: TitleNeed | None  # None for a title the catalog does not have

    @property
    def double_booked(self) -> int:
        return self.need.double_booked if self.need else 0


@dataclass(frozen=True)
class BuilderPanel:
    """What the deck side of the builder shows for a working list."""

    titles: list[PanelTitle]
    card_count: int
    result: ValidationResult | None
    problem: str = ""  # the list could not be checked at all (unknown format, ...)
    signed_in: bool = False
    built: bool = False  # the deck being edited is built: double bookings are real now
    entries: list[WorkingEntry] = field(default_factory=list)
    # The considering board: shown and kept, never validated or set against the collection.
    board: list[WorkingEntry] = field(default_factory=list)
    # The cost curve as the list stands (the deck page's chart, redrawn with every change; issue #36).
    curve: Chart | None = None

    @property
    def curve_item(self) -> dict[str, Any] | None:
        """The curve as the deck page's chart include wants it ({"chart", "svg"})."""
        return {"chart": self.curve, "svg": self.curve.svg()} if self.curve is not None else None

    @property
    def missing(self) -> int:
        return sum(t.need.missing for t in self.titles if t.need)

    @property
    def owned_for_deck(self) -> int:
        """Copies of the deck the user can cover with free copies."""
        return sum(min(t.need.needed, t.need.free) for t in self.titles if t.need)

    @property
    def double_booked(self) -> list[PanelTitle]:
        return [t for t in self.titles if t.double_booked]

    @property
    def cards_json(self) -> str:
        return json.dumps([e.to_dict() for e in self.entries], separators=(",", ":"))

    @property
    def board_json(self) -> str:
        return json.dumps([e.to_dict() for e in self.board], separators=(",", ":"))

    @property
    def board_sorted(self) -> list[WorkingEntry]:
        return sorted(self.board, key=lambda e: (title_key(e.title), e.set, e.number))

    @property
    def board_count(self) -> int:
        return sum(e.count for e in self.board)


def builder_panel(
    *,
    user: User | AnonymousUser,
    game: Game,
    format_slug: str | None,
    entries: list[WorkingEntry],
    deck: Deck | None = None,
    board: list[WorkingEntry] | None = None,
) -> BuilderPanel:
    """Validate the working list under `format_slug` and set it against `user`'s collection.

    Titles come from the catalog (the page's titles are only labels); an entry
    the catalog does not know stays in the list, marked, so it can be removed.
    Queries: the card pool (cached per process), two or three for the stock.
    """
    signed_in = bool(user and user.is_authenticated)
    built = bool(deck and deck.built)
    try:
        validation = deck_validation(
            game=game.slug,
            format_slug=format_slug,
            cards=[{"set": e.set, "number": e.number, "count": e.count} for e in entries],
        )
    except DeckRequestError as exc:
        titles = _titles(entries, resolved={}, needs={})
        count = sum(e.count for e in entries)
        return BuilderPanel(titles, count, None, exc.message, signed_in, built, entries, board or [])
    resolved = {}
    for e in validation.deck.entries:
        if e.entry.index is not None:
            resolved[e.entry.index] = e.card.title
    known = [{"title": resolved[i], "count": e.count} for i, e in enumerate(entries) if i in resolved]
    needs = list_stock(
        user=user,
        game=game,
        entries=known,
        holder=deck_holder(deck) if deck is not None else None,
        with_offers=True,
    )
    titles = _titles(entries, resolved=resolved, needs={n.key: n for n in needs})
    count = sum(e.count for e in entries)
    charts = deck_charts(game.slug, [(e.entry.count, e.card) for e in validation.deck.entries])
    curves = [c for c in charts if c.slug.endswith("-curve")]
    return BuilderPanel(
        titles, count, validation.result, "", signed_in, built, entries, board or [], curves[0] if curves else None
    )


def _titles(entries: list[WorkingEntry], *, resolved: dict[int, str], needs: dict[str, TitleNeed]) -> list[PanelTitle]:
    groups: dict[str, tuple[str, list[PanelPrinting]]] = {}
    for i, e in enumerate(entries):
        title = resolved.get(i, e.title)
        key = title_key(title)
        if i not in resolved:
            key = f"?{key}"  # an unknown entry never merges with a real title
        groups.setdefault(key, (title, []))[1].append(PanelPrinting(e.set, e.number, e.count, i in resolved))
    out = []
    for key in sorted(groups, key=lambda k: (k.lstrip("?"), k)):
        title, printings = groups[key]
        printings.sort(key=lambda p: (p.set, p.number))
        out.append(
            PanelTitle(
                title=title,
                key=key,
                count=sum(p.count for p in printings),
                printings=printings,
                need=needs.get(key),
            )
        )
    return out


def builder_result_stock(
    *, user: User | AnonymousUser, game: Game, titles: Iterable[str], deck: Deck | None = None
) -> dict[str, TitleStock]:
    """{title key: owned and reserved elsewhere} for the titles of a page of search results (two queries)."""
    if not (user and user.is_authenticated):
        return {}
    keys = {title_key(t) for t in titles}
    if not keys:
        return {}
    holder = deck_holder(deck) if deck is not None else None
    return stock_by_title(owner=user, game=game, title_keys=keys, exclude_holder=holder)
