"""Reading what is owned, reserved and free, per title."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count
from django.db.models import QuerySet
from django.db.models import Sum

from cardcollections.models import CardReservation
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import WishlistEntry


def owned_by_title(*, owner: User, game: Game, title_keys: Iterable[str] | None = None) -> dict[str, int]:
    """{title key: copies owned over every printing and condition} (one query)."""
    qs = CollectionEntry.objects.filter(owner=owner, card__game=game, quantity__gt=0)
    if title_keys is not None:
        qs = qs.filter(card__title_key__in=list(title_keys))
    rows = qs.values("card__title_key").annotate(total=Sum("quantity"))
    return {r["card__title_key"]: r["total"] for r in rows}


def reserved_by_title(
    *, owner: User, game: Game, title_keys: Iterable[str] | None = None, exclude_holder: str | None = None
) -> dict[str, int]:
    """{title key: copies reserved by every holder} (one query); `exclude_holder` leaves one holder out."""
    qs = CardReservation.objects.filter(owner=owner, game=game)
    if title_keys is not None:
        qs = qs.filter(title_key__in=list(title_keys))
    if exclude_holder is not None:
        qs = qs.exclude(holder=exclude_holder)
    rows = qs.values("title_key").annotate(total=Sum("quantity"))
    return {r["title_key"]: r["total"] for r in rows}


def reservations_for(*, owner: User, game: Game | None = None) -> QuerySet[CardReservation]:
    qs = CardReservation.objects.filter(owner=owner).select_related("game")
    return qs.filter(game=game) if game is not None else qs


@dataclass(frozen=True)
class TitleStock:
    owned: int
    reserved: int

    @property
    def free(self) -> int:
        return max(self.owned - self.reserved, 0)


def stock_by_title(
    *, owner: User, game: Game, title_keys: Iterable[str] | None = None, exclude_holder: str | None = None
) -> dict[str, TitleStock]:
    """{title key: owned and reserved} for every title owned or reserved (two queries)."""
    keys = list(title_keys) if title_keys is not None else None
    owned = owned_by_title(owner=owner, game=game, title_keys=keys)
    reserved = reserved_by_title(owner=owner, game=game, title_keys=keys, exclude_holder=exclude_holder)
    return {k: TitleStock(owned.get(k, 0), reserved.get(k, 0)) for k in owned.keys() | reserved.keys()}


@dataclass(frozen=True)
class OnOffer:
    copies: int
    players: int


def on_offer_by_title(*, viewer: User, game: Game, title_keys: Iterable[str]) -> dict[str, OnOffer]:
    """{title key: copies and players} on other active players' trade lists (one query).

    Trade lists are what players show everyone for matching, so "a friend's
    trade list" is any other player's.
    """
    rows = (
        CollectionEntry.objects.filter(
            card__game=game, card__title_key__in=list(title_keys), for_trade__gt=0, owner__is_active=True
        )
        .exclude(owner=viewer)
        .values("card__title_key")
        .annotate(copies=Sum("for_trade"), players=Count("owner", distinct=True))
    )
    return {r["card__title_key"]: OnOffer(r["copies"], r["players"]) for r in rows}


@dataclass(frozen=True)
class HolderReservations:
    """One holder (a built deck) and the copies it sets aside, title by title."""

    holder: str
    label: str
    url: str
    titles: tuple[tuple[str, int], ...]  # (title, copies), in title order

    @property
    def copies(self) -> int:
        return sum(n for _, n in self.titles)


def reservations_by_holder(*, owner: User, game: Game | None = None) -> list[HolderReservations]:
    """Each holder of `owner`'s reservations with its titles, by label (one query)."""
    groups: dict[str, list[CardReservation]] = {}
    rows = reservations_for(owner=owner, game=game).order_by("holder_label", "holder", "title_key")
    for row in rows:
        groups.setdefault(row.holder, []).append(row)
    return [
        HolderReservations(
            holder=holder,
            label=rows_[0].holder_label,
            url=rows_[0].holder_url,
            titles=tuple((r.title, r.quantity) for r in rows_),
        )
        for holder, rows_ in groups.items()
    ]


def wished_by_title(*, owner: User, game: Game, title_keys: Iterable[str]) -> dict[str, int]:
    """{title key: copies wanted} from `owner`'s any-printing wishes for these titles (one query).

    Wishes for one printing are left out: a deck slot takes any printing.
    """
    rows = WishlistEntry.objects.filter(
        owner=owner, game=game, card__isnull=True, title_key__in=list(title_keys)
    ).values_list("title_key", "wanted")
    return dict(rows)


@dataclass(frozen=True)
class HeldCopies:
    label: str
    url: str
    quantity: int


def holders_by_title(
    *, owner: User, game: Game, title_keys: Iterable[str], exclude_holder: str | None = None
) -> dict[str, list[HeldCopies]]:
    """{title key: the holders reserving it, by label} for these titles (one query)."""
    qs = CardReservation.objects.filter(owner=owner, game=game, title_key__in=list(title_keys))
    if exclude_holder is not None:
        qs = qs.exclude(holder=exclude_holder)
    out: dict[str, list[HeldCopies]] = {}
    for key, label, url, quantity in qs.order_by("title_key", "holder_label", "holder").values_list(
        "title_key", "holder_label", "holder_url", "quantity"
    ):
        out.setdefault(key, []).append(HeldCopies(label, url, quantity))
    return out


@dataclass(frozen=True)
class FreeCopies:
    """Everything `owner` owns and has reserved, every game at once, to count free copies of many lists.

    Keys are (game id, title key). `free(..., holder=...)` gives a holder's own
    reservation back (a built deck does not compete with itself).
    """

    owned: dict[tuple[int, str], int]
    reserved: dict[tuple[int, str], int]
    by_holder: dict[str, dict[tuple[int, str], int]]

    def free(self, game_id: int, key: str, holder: str | None = None) -> int:
        k = (game_id, key)
        reserved = self.reserved.get(k, 0)
        if holder is not None:
            reserved -= self.by_holder.get(holder, {}).get(k, 0)
        return max(self.owned.get(k, 0) - reserved, 0)


def free_copies(*, owner: User) -> FreeCopies:
    """What `owner` owns and has reserved, by game and title, over every game (two queries)."""
    owned: dict[tuple[int, str], int] = {}
    rows = (
        CollectionEntry.objects.filter(owner=owner, quantity__gt=0)
        .values_list("card__game_id", "card__title_key")
        .annotate(total=Sum("quantity"))
        .order_by()
    )
    for game_id, key, total in rows:
        owned[(game_id, key)] = total
    reserved: dict[tuple[int, str], int] = {}
    by_holder: dict[str, dict[tuple[int, str], int]] = {}
    for holder, game_id, key, quantity in CardReservation.objects.filter(owner=owner).values_list(
        "holder", "game_id", "title_key", "quantity"
    ):
        reserved[(game_id, key)] = reserved.get((game_id, key), 0) + quantity
        by_holder.setdefault(holder, {})[(game_id, key)] = quantity
    return FreeCopies(owned, reserved, by_holder)
