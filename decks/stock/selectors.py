"""A deck against its owner's collection: owned, reserved by other built decks, free, missing, on offer."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from cardcollections.models import Game
from cardcollections.reservations.selectors import on_offer_by_title, stock_by_title
from decks.lists.services import deck_holder
from decks.models import Deck
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
    user: AbstractBaseUser | AnonymousUser | None,
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
