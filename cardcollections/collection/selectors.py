"""Reading collections: what a user owns, per-set totals, exports, the ledger, and who may look."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from dataclasses import field

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.db.models import Count
from django.db.models import F
from django.db.models import Q
from django.db.models import QuerySet
from django.db.models import Sum

from cardcollections.collection.usernames import username_skeleton
from cardcollections.imports.parsing import CSV_COLUMNS
from cardcollections.models import Card
from cardcollections.models import CardSet
from cardcollections.models import CollectionEntry
from cardcollections.models import CollectionSettings
from cardcollections.models import Condition
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from cardcollections.models import Visibility
from cardcollections.models import WishlistEntry
from cardcollections.spreadsheets import spreadsheet_cell

_CONDITION_LABELS = {c.value: c.label for c in Condition if c.value}
# A deck-list line holds at most 999 copies (rules.decklist.MAX_COUNT).
_DECKLIST_LINE_MAX = 999


def collection_entries(*, owner: User, game: Game | None = None) -> QuerySet[CollectionEntry]:
    """The rows the owner holds copies of, with their card and set, in catalog order."""
    qs = CollectionEntry.objects.filter(owner=owner, quantity__gt=0).select_related(
        "card", "card__card_set", "card__game"
    )
    if game is not None:
        qs = qs.filter(card__game=game)
    return qs.order_by(
        F("card__card_set__released").asc(nulls_last=True), "card__card_set__code", "card__id", "condition"
    )


def trade_list_entries(*, owner: User, game: Game | None = None) -> QuerySet[CollectionEntry]:
    return collection_entries(owner=owner, game=game).filter(for_trade__gt=0)


def wishlist_entries(*, owner: User, game: Game | None = None) -> QuerySet[WishlistEntry]:
    qs = WishlistEntry.objects.filter(owner=owner).select_related("game", "card", "card__card_set", "card__game")
    return qs.filter(game=game) if game is not None else qs


def wishlist_counts(*, owner: User) -> dict[int, int]:
    """{game id: how many wishes the owner has in that game} (one query)."""
    rows = WishlistEntry.objects.filter(owner=owner).values("game_id").annotate(n=Count("id"))
    return {r["game_id"]: r["n"] for r in rows}


def card_wishes(*, owner: User, card: Card) -> dict[str, WishlistEntry | None]:
    """The owner's wishes a card's page shows (one query): for this printing, and for any printing of its title."""
    found: dict[str, WishlistEntry | None] = {"printing": None, "title": None}
    for entry in WishlistEntry.objects.filter(
        Q(card=card) | Q(card=None, game_id=card.game_id, title_key=card.title_key), owner=owner
    ):
        found["printing" if entry.card_id else "title"] = entry
    return found


def owned_by_card(*, owner: User, card_ids: list[int]) -> dict[int, dict[str, int]]:
    """{card id: {"quantity", "for_trade"}} over every condition (one query)."""
    rows = (
        CollectionEntry.objects.filter(owner=owner, card_id__in=card_ids)
        .values("card_id")
        .annotate(quantity=Sum("quantity"), for_trade=Sum("for_trade"))
    )
    return {r["card_id"]: {"quantity": r["quantity"], "for_trade": r["for_trade"]} for r in rows}


@dataclass
class SetTotal:
    card_set: CardSet
    total: int
    owned: int
    copies: int
    missing: list[Card] = field(default_factory=list)

    @property
    def percent(self) -> int:
        return round(100 * self.owned / self.total) if self.total else 0

    @property
    def sentence(self) -> str:
        """'42 of 96 cards of the Starter Set'."""
        return f"{self.owned} of {self.total} cards of the {self.card_set.name}"


def set_totals(*, owner: User, game: Game, with_missing: bool = False) -> list[SetTotal]:
    """Per set of the game: how many of its cards the owner has at least one of (two or three queries)."""
    owned_filter = Q(cards__collection_entries__owner=owner, cards__collection_entries__quantity__gt=0)
    sets = list(
        CardSet.objects.filter(game=game)
        .annotate(total=Count("cards", distinct=True))
        .order_by(F("released").asc(nulls_last=True), "code")
    )
    owned = dict(
        CardSet.objects.filter(game=game)
        .annotate(owned=Count("cards", filter=owned_filter, distinct=True))
        .values_list("id", "owned")
    )
    copies = dict(
        CollectionEntry.objects.filter(owner=owner, card__game=game)
        .values("card__card_set_id")
        .annotate(n=Sum("quantity"))
        .values_list("card__card_set_id", "n")
    )
    totals = [SetTotal(s, s.total, owned.get(s.id, 0), copies.get(s.id) or 0) for s in sets]
    if with_missing:
        have = set(
            CollectionEntry.objects.filter(owner=owner, card__game=game, quantity__gt=0).values_list(
                "card_id", flat=True
            )
        )
        by_set: dict[int, list[Card]] = {}
        for card in Card.objects.filter(game=game).select_related("card_set").order_by("card_set_id", "id"):
            if card.pk not in have:
                by_set.setdefault(card.card_set_id, []).append(card)
        for total in totals:
            total.missing = by_set.get(total.card_set.id, [])
    return totals


def collection_csv(*, owner: User, game: Game) -> str:
    """The collection of one game as CSV: Count,Name,Set,Number,Condition,Notes (imports back to the same)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)  # the header the import reads
    for e in collection_entries(owner=owner, game=game):
        c = e.card
        # Titles and notes are text a player (or a catalog) wrote: never a formula in a spreadsheet.
        cells = [c.title, c.card_set.code, c.number, _CONDITION_LABELS.get(e.condition, ""), e.notes]
        writer.writerow([e.quantity, *map(spreadsheet_cell, cells)])
    return out.getvalue()


def collection_decklist(*, owner: User, game: Game) -> str:
    """The collection as deck-list text, one line per printing (conditions are added together)."""
    totals: dict[int, tuple[Card, int]] = {}
    for e in collection_entries(owner=owner, game=game):
        card, n = totals.get(e.card_id, (e.card, 0))
        totals[e.card_id] = (card, n + e.quantity)
    lines = []
    for card, n in totals.values():
        for left in range(n, 0, -_DECKLIST_LINE_MAX):
            lines.append(f"{min(left, _DECKLIST_LINE_MAX)} {card.title} ({card.card_set.code}) {card.number}\n")
    return "".join(lines)


@dataclass(frozen=True)
class CollectionFile:
    """A collection export as a download: its text, its media type and the file name it is saved under."""

    body: str
    content_type: str
    filename: str


def collection_file(*, owner: User, game: Game, decklist: bool) -> CollectionFile:
    """The collection of one game as a file to download: deck-list text, or else CSV."""
    if decklist:
        body, content_type, ext = collection_decklist(owner=owner, game=game), "text/plain", "txt"
    else:
        body, content_type, ext = collection_csv(owner=owner, game=game), "text/csv", "csv"
    return CollectionFile(body=body, content_type=content_type, filename=f"{game.slug}-collection.{ext}")


def ledger_entries(*, owner: User, card: Card | None = None, game: Game | None = None) -> QuerySet[LedgerEntry]:
    qs = LedgerEntry.objects.filter(owner=owner).select_related(
        "card", "card__card_set", "card__game", "actor", "trade"
    )
    if card is not None:
        qs = qs.filter(card=card)
    if game is not None:
        qs = qs.filter(card__game=game)
    return qs.order_by("-id")


def ledger_mismatches() -> list[tuple[int, int, str, int, int]]:
    """Rows whose quantity is not the sum of their ledger: (owner, card, condition, quantity, ledger sum). Empty when all is well."""
    sums = {
        (r["owner_id"], r["card_id"], r["condition"]): r["total"]
        for r in LedgerEntry.objects.values("owner_id", "card_id", "condition").annotate(total=Sum("delta"))
    }
    out = []
    for owner_id, card_id, condition, quantity in CollectionEntry.objects.values_list(
        "owner_id", "card_id", "condition", "quantity"
    ):
        total = sums.pop((owner_id, card_id, condition), 0)
        if total != quantity:
            out.append((owner_id, card_id, condition, quantity, total))
    out.extend((o, c, cond, 0, t) for (o, c, cond), t in sums.items())
    return out


def collection_settings_for(*, owner: User) -> CollectionSettings | None:
    return CollectionSettings.objects.filter(owner=owner).first()


def collection_owner_visible(
    *, username: str, viewer: User | AnonymousUser | None, token: str | None = None
) -> User | None:
    """The owner whose collection `viewer` may see (their own, a public one, or a shared one with its link's token), else None."""
    owner = get_user_model().objects.filter(**{get_user_model().USERNAME_FIELD: username}).first()
    if owner is None:
        return None
    if viewer is not None and viewer.is_authenticated and viewer.pk == owner.pk:
        return owner
    settings_row = collection_settings_for(owner=owner)
    if settings_row is None:
        return None
    if settings_row.visibility == Visibility.PUBLIC:
        return owner
    if settings_row.visibility == Visibility.LINK and token and token == settings_row.share_token:
        return owner
    return None


def collection_owner_by_token(*, token: str) -> User | None:
    row = (
        CollectionSettings.objects.filter(share_token=token)
        .exclude(visibility=Visibility.PRIVATE)
        .select_related("owner")
        .first()
    )
    return row.owner if row else None


def import_job_for(*, owner: User, pk: int) -> ImportJob | None:
    return ImportJob.objects.filter(owner=owner, pk=pk).select_related("game").first()


def card_totals() -> dict[int, int]:
    """Copies of each card across every user (the invariant a trade must keep)."""
    return dict(CollectionEntry.objects.values("card_id").annotate(n=Sum("quantity")).values_list("card_id", "n"))


def username_looking_like(username: str) -> str | None:
    """An existing username that reads the same as `username` (one confusable skeleton), or None.

    Sign-up only (rate limited), so it reads the names rather than keep a skeleton column; the first letter's
    class is no filter (`1` may read as `l`), so every name is compared."""
    wanted = username_skeleton(username)
    names = get_user_model().objects.values_list("username", flat=True).order_by("pk")
    return next((name for name in names.iterator(chunk_size=2000) if username_skeleton(name) == wanted), None)
