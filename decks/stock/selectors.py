"""A deck against its owner's collection: owned, reserved by other built decks, free, missing, on offer."""

import uuid
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import QuerySet

from cardcollections.models import Card
from cardcollections.models import CardReservation
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.reservations.selectors import FreeCopies
from cardcollections.reservations.selectors import free_copies
from cardcollections.reservations.selectors import on_offer_by_title
from cardcollections.reservations.selectors import stock_by_title
from decks.lists.services import deck_holder
from decks.lists.services import deck_holder_key
from decks.models import Deck
from decks.models import DeckTitle
from rules.deck_compare import copies_by_title


@dataclass(frozen=True)
class TitleNeed:
    """One title of a deck: `needed` copies, and where the owner stands."""

    title: str
    key: str
    needed: int
    owned: int
    reserved_elsewhere: int  # by the owner's other built decks
    on_offer: int = 0  # copies on other players' trade lists
    offered_by: int = 0  # how many players offer it

    @property
    def free(self) -> int:
        return max(self.owned - self.reserved_elsewhere, 0)

    @property
    def missing(self) -> int:
        """Copies still to get: not owned, or owned but held by another built deck."""
        return max(self.needed - self.free, 0)

    @property
    def not_owned(self) -> int:
        return max(self.needed - self.owned, 0)

    @property
    def double_booked(self) -> int:
        """Copies this deck would take that another built deck already holds."""
        return max(min(self.needed, self.owned) - self.free, 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "needed": self.needed,
            "owned": self.owned,
            "reserved_elsewhere": self.reserved_elsewhere,
            "free": self.free,
            "missing": self.missing,
            "double_booked": self.double_booked,
            "on_offer": self.on_offer,
            "offered_by": self.offered_by,
        }


def list_stock(
    *,
    user: User | AnonymousUser | None,
    game: Game,
    entries: Iterable[Mapping[str, Any]],
    holder: str | None = None,
    with_offers: bool = False,
) -> list[TitleNeed]:
    """Per title of `entries` ({"title", "count"}), in title order, what `user` owns and has free.

    `holder` is the deck's own reservation key, left out of "reserved elsewhere"
    (a built deck does not compete with itself). Anonymous users own nothing.
    Two queries, three with `with_offers`.
    """
    needs = copies_by_title(entries)
    if user is None or not user.is_authenticated or not needs:
        stock, offers = {}, {}
    else:
        stock = stock_by_title(owner=user, game=game, title_keys=needs.keys(), exclude_holder=holder)
        offers = on_offer_by_title(viewer=user, game=game, title_keys=needs.keys()) if with_offers else {}
    out = []
    for key in sorted(needs):
        title, needed = needs[key]
        s = stock.get(key)
        o = offers.get(key)
        out.append(
            TitleNeed(
                title=title,
                key=key,
                needed=needed,
                owned=s.owned if s else 0,
                reserved_elsewhere=s.reserved if s else 0,
                on_offer=o.copies if o else 0,
                offered_by=o.players if o else 0,
            )
        )
    return out


def deck_stock(*, deck: Deck, with_offers: bool = False) -> list[TitleNeed]:
    """The deck's titles against its owner's collection (see list_stock)."""
    return list_stock(
        user=deck.owner, game=deck.game, entries=deck.cards, holder=deck_holder(deck), with_offers=with_offers
    )


def deck_missing(*, deck: Deck) -> list[TitleNeed]:
    """The titles the owner still needs copies of (with who offers them)."""
    return [t for t in deck_stock(deck=deck, with_offers=True) if t.missing]


def deck_double_bookings(*, deck: Deck) -> list[TitleNeed]:
    """What marking the deck built would take from another built deck: the builder's warning."""
    return [t for t in deck_stock(deck=deck) if t.double_booked]


# ---------------------------------------------------------------- decks I can build
@dataclass(frozen=True)
class Buildable:
    """How much of a list a player can fill from their free copies (owned, not held by a built deck)."""

    buildable: int
    needed: int

    @property
    def percent(self) -> int:
        """Rounded down, so a list one card short never reads 100."""
        return self.buildable * 100 // self.needed if self.needed else 0

    def at_least(self, percent: int) -> bool:
        """An empty list is nothing to build: never in a filter."""
        return self.needed > 0 and self.buildable * 100 >= percent * self.needed


# The public decks page's and the API's filters: "100" every card, "90" at least 90 % of them.
BUILD_FILTERS = {"100": 100, "90": 90}


def _buildable(*, cards: Iterable[Mapping[str, Any]], game_id: int, free: FreeCopies, holder: str | None) -> Buildable:
    have = needed = 0
    for key, (_title, count) in copies_by_title(cards).items():
        needed += count
        have += min(count, free.free(game_id, key, holder))
    return Buildable(have, needed)


def decks_buildable(*, user: User | AnonymousUser | None, decks: QuerySet[Deck]) -> dict[Any, Buildable]:
    """{deck id: Buildable} for the decks of `decks` with a card in them, for `user` ({} for anonymous users).

    Counted by title across printings, as the construction rules and the builder
    count, in one aggregate query over the decks' DeckTitle rows and the user's
    free copies; a built deck of the user's own gets its own reservation back
    (two queries more, four if they have built decks among `decks`).
    """
    if user is None or not user.is_authenticated:
        return {}
    try:
        ids_sql, ids_params = decks.order_by().values("pk").query.sql_with_params()
    except EmptyResultSet:  # pk__in=[]: no deck to count
        return {}
    titles, entries, cards = DeckTitle._meta.db_table, CollectionEntry._meta.db_table, Card._meta.db_table
    reservations = CardReservation._meta.db_table
    # Free copies per (game, title): owned minus reserved, as TitleStock.free; a deck takes at most its copies.
    sql = f"""
        SELECT t.deck_id, SUM(t.copies),
               SUM(CASE WHEN f.n >= t.copies THEN t.copies WHEN f.n > 0 THEN f.n ELSE 0 END)
        FROM {titles} t
        LEFT JOIN (
            SELECT s.game_id, s.title_key, SUM(s.n) AS n FROM (
                SELECT c.game_id AS game_id, c.title_key AS title_key, e.quantity AS n
                FROM {entries} e JOIN {cards} c ON c.id = e.card_id
                WHERE e.owner_id = %s AND e.quantity > 0
                UNION ALL
                SELECT r.game_id, r.title_key, -r.quantity FROM {reservations} r WHERE r.owner_id = %s
            ) s GROUP BY s.game_id, s.title_key
        ) f ON f.game_id = t.game_id AND f.title_key = t.title_key
        WHERE t.deck_id IN ({ids_sql})
        GROUP BY t.deck_id
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, user.pk, *ids_params])
        rows = cursor.fetchall()
    out = {_uuid(pk): Buildable(int(have), int(needed)) for pk, needed, have in rows}
    own_built = decks.filter(owner=user, built=True).order_by()
    if own_built.exists():
        free = free_copies(owner=user)
        for pk, game_id, cards_ in own_built.values_list("pk", "game_id", "cards"):
            out[pk] = _buildable(cards=cards_, game_id=game_id, free=free, holder=deck_holder_key(pk))
    return out


def _uuid(value: Any) -> uuid.UUID:
    """A deck id as the ORM gives it (SQLite hands raw rows back as 32 hex digits)."""
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def deck_buildable(*, deck: Deck, user: User | AnonymousUser | None) -> Buildable | None:
    """One deck's share for `user` (two queries); None for anonymous users."""
    if user is None or not user.is_authenticated:
        return None
    holder = deck_holder(deck) if deck.built and deck.owner_id == user.pk else None
    return _buildable(cards=deck.cards, game_id=deck.game_id, free=free_copies(owner=user), holder=holder)


def decks_filter_buildable(
    *, user: User | AnonymousUser | None, decks: QuerySet[Deck], at_least: int
) -> tuple[QuerySet[Deck], dict[Any, Buildable]]:
    """`decks` narrowed to those `user` can build at least `at_least` % of, and every share counted."""
    shares = decks_buildable(user=user, decks=decks)
    keep = [pk for pk, share in shares.items() if share.at_least(at_least)]
    return decks.filter(pk__in=keep), shares
