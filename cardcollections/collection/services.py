"""Writing collections: the one function that changes quantities, and the edits built on it.

Every quantity change goes through `collection_apply`, which locks the rows it
touches in one query ordered by primary key (docs/reliability.md: locking in
arbitrary order deadlocked 18-20 % of concurrent trades), refuses the whole batch
if any row would go below zero, and writes a ledger row per change in the same
transaction. So the ledger always adds up to the quantities.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from cardcollections.adapters import card_pool_for_game
from cardcollections.models import Card
from cardcollections.models import CollectionEntry
from cardcollections.models import CollectionSettings
from cardcollections.models import Condition
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from cardcollections.models import LedgerReason
from cardcollections.models import Trade
from cardcollections.models import Visibility
from cardcollections.models import WishlistEntry
from cardsite.api.errors import ServiceError
from rules.decklist.resolving import suggest_titles
from rules.text import title_key

# Above this many cards, the rows are locked by owner alone: an IN list of
# thousands of ids costs more than locking the owner's whole collection.
_LOCK_BY_CARD_LIMIT = 500
MAX_QUANTITY = 1_000_000


class CollectionError(ServiceError):
    """A change was refused; str() is a message for the user."""


@dataclass(frozen=True)
class Shortage:
    owner_name: str
    card: Card
    condition: str
    has: int
    needs: int

    @property
    def message(self) -> str:
        return (
            f"{self.owner_name} has {self.has} of {card_label(self.card, self.condition)}; the trade needs {self.needs}"
        )


class ShortageError(CollectionError):
    """Some owner has fewer copies than a change takes away; nothing was changed."""

    def __init__(self, shortages: Sequence[Shortage]):
        self.shortages = list(shortages)
        super().__init__("; ".join(s.message for s in self.shortages))


@dataclass(frozen=True)
class Change:
    """Add `delta` copies (negative: take away) of a printing in a condition to an owner's collection."""

    owner_id: int
    card_id: int
    condition: str
    delta: int

    @property
    def key(self) -> tuple[int, int, str]:
        return (self.owner_id, self.card_id, self.condition)


def account_email_set(*, user: User, email: str) -> None:
    """Set (or, blank, remove) the address password resets are sent to; checked by the caller's EmailForm."""
    user.email = email.strip()
    user.save(update_fields=["email"])


def card_label(card: Card, condition: str = "") -> str:
    """'Pride Cycle (CV1 17)', with the condition when one is stated: 'Pride Cycle (CV1 17, NM)'."""
    cond = f", {condition}" if condition else ""
    return f"{card.title} ({card.card_set.code} {card.number}{cond})"


def collection_rows_ensure(*, keys: Iterable[tuple[int, int, str]]) -> None:
    """Create the missing collection rows (quantity 0) for these (owner, card, condition) keys.

    Called before the transaction that moves cards, so no trade inserts rows
    while it holds locks (two inserts of one key wait on each other).
    """
    wanted = set(keys)
    if not wanted:
        return
    # Only the missing keys are inserted: even an INSERT ... ON CONFLICT DO
    # NOTHING waits on a row another transaction has just updated, which would
    # take a lock out of primary-key order.
    owners = {k[0] for k in wanted}
    cards = {k[1] for k in wanted}
    existing = CollectionEntry.objects.filter(owner_id__in=owners)
    if len(cards) <= _LOCK_BY_CARD_LIMIT:
        existing = existing.filter(card_id__in=cards)
    missing = sorted(wanted - set(existing.values_list("owner_id", "card_id", "condition")))
    if not missing:
        return
    CollectionEntry.objects.bulk_create(
        [CollectionEntry(owner_id=o, card_id=c, condition=cond) for o, c, cond in missing],
        ignore_conflicts=True,
        batch_size=1000,
    )


def collection_apply(
    *,
    changes: Sequence[Change],
    reason: str,
    actor: User | None,
    trade: Trade | None = None,
    import_job: ImportJob | None = None,
    owner_names: dict[int, str] | None = None,
) -> list[LedgerEntry]:
    """Apply every change or none: lock, check, update, write the ledger. Raise ShortageError if any row would go negative.

    Changes of the same row are added together first. Must run inside a
    transaction (it opens one if there is none).
    """
    merged: dict[tuple[int, int, str], int] = {}
    # What each row gives, checked before anything comes in: a trade where both
    # sides give the same card still needs the giver to hold their copies.
    taken: dict[tuple[int, int, str], int] = {}
    for change in changes:
        merged[change.key] = merged.get(change.key, 0) + change.delta
        if change.delta < 0:
            taken[change.key] = taken.get(change.key, 0) - change.delta
    if not any(merged.values()) and not taken:
        return []
    with transaction.atomic():
        collection_rows_ensure(keys=[k for k, d in merged.items() if d > 0])
        rows = _lock_rows(merged)
        shortages = []
        for key, needs in sorted(taken.items()):
            row = rows.get(key)
            has = row.quantity if row else 0
            if has < needs:
                shortages.append((key, has, needs))
        if shortages:
            raise ShortageError(_shortages(shortages, owner_names or {}))
        merged = {k: d for k, d in merged.items() if d}
        if any(rows[k].quantity + d > MAX_QUANTITY for k, d in merged.items()):
            raise CollectionError(f"A collection holds at most {MAX_QUANTITY} copies of a card.")
        touched = []
        ledger = []
        for key, delta in sorted(merged.items()):
            row = rows[key]
            row.quantity += delta
            if reason == LedgerReason.TRADE and key in taken:
                # The copies a trade gave away were the ones on offer: they leave the trade list first (3 owned, 2
                # offered, 2 traded: 1 left and none on offer, not the last copy offered again).
                row.for_trade = max(0, row.for_trade - taken[key])
            # Copies offered for trade can never be more than the copies owned.
            row.for_trade = min(row.for_trade, row.quantity)
            touched.append(row)
            ledger.append(
                LedgerEntry(
                    owner_id=key[0],
                    card_id=key[1],
                    condition=key[2],
                    delta=delta,
                    balance=row.quantity,
                    reason=reason,
                    trade=trade,
                    import_job=import_job,
                    actor=actor,
                )
            )
        CollectionEntry.objects.bulk_update(touched, ["quantity", "for_trade"], batch_size=500)
        return LedgerEntry.objects.bulk_create(ledger, batch_size=1000)


def _lock_rows(merged: dict[tuple[int, int, str], int]) -> dict[tuple[int, int, str], CollectionEntry]:
    owners = sorted({k[0] for k in merged})
    cards = sorted({k[1] for k in merged})
    qs = CollectionEntry.objects.filter(owner_id__in=owners)
    if len(cards) <= _LOCK_BY_CARD_LIMIT:
        qs = qs.filter(card_id__in=cards)
    # One query, primary-key order: every transaction takes its locks in the same order.
    locked = (
        qs.select_for_update().order_by("pk").only("id", "owner_id", "card_id", "condition", "quantity", "for_trade")
    )
    return {(r.owner_id, r.card_id, r.condition): r for r in locked if (r.owner_id, r.card_id, r.condition) in merged}


def _shortages(items, owner_names: dict[int, str]) -> list[Shortage]:
    from django.contrib.auth import get_user_model

    cards = Card.objects.select_related("card_set").in_bulk([k[1] for k, _, _ in items])
    missing = {k[0] for k, _, _ in items} - set(owner_names)
    names = dict(owner_names)
    if missing:
        User = get_user_model()
        names.update({u.pk: u.get_username() for u in User.objects.filter(pk__in=missing)})
    return [
        Shortage(owner_name=names.get(k[0], str(k[0])), card=cards[k[1]], condition=k[2], has=has, needs=needs)
        for k, has, needs in items
    ]


# ---------------------------------------------------------------- edits by the owner
def collection_change(
    *,
    owner: User,
    card: Card,
    delta: int,
    condition: str = "",
    reason: str = LedgerReason.MANUAL,
    actor: User | None = None,
) -> CollectionEntry:
    """Add (or with a negative delta take away) copies; CollectionError if the owner has too few."""
    _check_condition(condition)
    try:
        collection_apply(
            changes=[Change(owner.pk, card.pk, condition, delta)],
            reason=reason,
            actor=actor or owner,
            owner_names={owner.pk: owner.get_username()},
        )
    except ShortageError as exc:
        s = exc.shortages[0]
        raise CollectionError(
            f"You have {s.has} of {card_label(s.card, s.condition)}; cannot take away {s.needs}."
        ) from exc
    return _entry(owner, card, condition)


def collection_set(
    *,
    owner: User,
    card: Card,
    quantity: int | None,
    condition: str = "",
    for_trade: int | None = None,
    notes: str | None = None,
    actor: User | None = None,
) -> CollectionEntry:
    """Set the owned quantity (and optionally the trade-list quantity and notes) of one row.

    A `quantity` of None leaves the copies owned as they are when the row is locked: a change of
    the notes alone never writes back a count read before a trade moved copies.
    """
    _check_condition(condition)
    if quantity is not None and not 0 <= quantity <= MAX_QUANTITY:
        raise CollectionError(f"A quantity is a whole number from 0 to {MAX_QUANTITY}.")
    with transaction.atomic():
        collection_rows_ensure(keys=[(owner.pk, card.pk, condition)])
        row = CollectionEntry.objects.select_for_update().get(owner=owner, card=card, condition=condition)
        if quantity is None:
            quantity = row.quantity
        if for_trade is not None and not 0 <= for_trade <= quantity:
            raise CollectionError(f"You can offer at most the {quantity} copies you own for trade.")
        if quantity != row.quantity:
            collection_apply(
                changes=[Change(owner.pk, card.pk, condition, quantity - row.quantity)],
                reason=LedgerReason.MANUAL,
                actor=actor or owner,
            )
            row.refresh_from_db()
        fields = []
        if for_trade is not None and for_trade != row.for_trade:
            row.for_trade = for_trade
            fields.append("for_trade")
        if notes is not None and notes != row.notes:
            row.notes = notes[:500]
            fields.append("notes")
        if fields:
            row.save(update_fields=[*fields, "updated"])
        return row


def trade_list_set(*, owner: User, entry: CollectionEntry, for_trade: int) -> CollectionEntry:
    """Offer `for_trade` of the row's copies for trade (never more than owned)."""
    with transaction.atomic():
        row = CollectionEntry.objects.select_for_update().get(pk=entry.pk, owner=owner)
        if not 0 <= for_trade <= row.quantity:
            raise CollectionError(f"You can offer at most the {row.quantity} copies you own for trade.")
        row.for_trade = for_trade
        row.save(update_fields=["for_trade", "updated"])
        return row


def trade_list_change(*, owner: User, card: Card, condition: str = "", delta: int) -> CollectionEntry:
    """Offer `delta` more (or fewer) copies for trade, within 0 and the copies owned."""
    with transaction.atomic():
        row = CollectionEntry.objects.select_for_update().filter(owner=owner, card=card, condition=condition).first()
        if row is None:
            raise CollectionError("You own no copies of that card.")
        return trade_list_set(owner=owner, entry=row, for_trade=row.for_trade + delta)


def _entry(owner: User, card: Card, condition: str) -> CollectionEntry:
    return CollectionEntry.objects.filter(owner=owner, card=card, condition=condition).first() or CollectionEntry(
        owner=owner, card=card, condition=condition
    )


def _check_condition(condition: str) -> None:
    if condition not in Condition.values:
        raise CollectionError(
            f"Unknown condition {condition!r}; use one of {', '.join(v for v in Condition.values if v)} or none."
        )


# ---------------------------------------------------------------- wishlist
def wishlist_set(
    *,
    owner: User,
    wanted: int,
    card: Card | None = None,
    game: Game | None = None,
    title: str = "",
) -> WishlistEntry | None:
    """Want `wanted` copies of a printing (card) or of any printing of a title; 0 removes the wish."""
    if wanted < 0 or wanted > MAX_QUANTITY:
        raise CollectionError(f"A wanted quantity is a whole number from 0 to {MAX_QUANTITY}.")
    lookup: dict[str, Any]  # Any: a lookup's values, each its column's
    defaults: dict[str, Any]
    if card is not None:
        lookup = {"owner": owner, "card": card}
        defaults = {"game_id": card.game_id, "title": card.title, "title_key": card.title_key}
    else:
        if game is None or not title.strip():
            raise CollectionError("Name a card: a printing, or a game and a title.")
        key = title_key(title)
        known = Card.objects.filter(game=game, title_key=key).order_by("id").first()
        if known is None:
            near = suggest_titles(card_pool_for_game(game.slug), title)  # as the deck checker suggests
            hint = f" Did you mean {', '.join(near)}?" if near else ""
            raise CollectionError(f"No {game.name} card is called {title.strip()}.{hint}")
        lookup = {"owner": owner, "game": game, "title_key": key, "card": None}
        defaults = {"title": known.title}
    with transaction.atomic():
        if wanted == 0:
            WishlistEntry.objects.filter(**lookup).delete()
            return None
        entry, _ = WishlistEntry.objects.update_or_create(**lookup, defaults={**defaults, "wanted": wanted})
        return entry


def wishlist_fulfil(*, received: dict[tuple[int, int], int]) -> list[str]:
    """Received copies ({(owner id, card id): count}, from a trade) come off their owner's wishlist: a wish for
    that printing first, then one for any printing of its title; a wish met in full is removed. Must run in the
    trade's transaction. Returns a sentence per wish changed, for the notice."""
    changed: list[str] = []
    cards = Card.objects.in_bulk({card_id for _, card_id in received})
    for (owner_id, card_id), count in sorted(received.items()):
        card = cards[card_id]
        wishes = WishlistEntry.objects.select_for_update().filter(owner_id=owner_id, game_id=card.game_id)
        for entry in [*wishes.filter(card_id=card_id), *wishes.filter(card=None, title_key=card.title_key)]:
            if count <= 0:
                break
            met = min(count, entry.wanted)
            count -= met
            if met == entry.wanted:
                entry.delete()
                changed.append(f"{entry.title} is off your wishlist")
            else:
                entry.wanted -= met
                entry.save(update_fields=["wanted"])
                changed.append(f"you now want {entry.wanted} more {entry.title}")
    return changed


def wishlist_update(*, entry: WishlistEntry, wanted: int) -> WishlistEntry:
    if not 1 <= wanted <= MAX_QUANTITY:
        raise CollectionError(f"A wanted quantity is a whole number from 1 to {MAX_QUANTITY}.")
    entry.wanted = wanted
    entry.save(update_fields=["wanted"])
    return entry


def wishlist_remove(*, entry: WishlistEntry) -> None:
    entry.delete()


# ---------------------------------------------------------------- sharing and tokens
def collection_settings_get_or_create(*, owner: User) -> CollectionSettings:
    settings_row, _ = CollectionSettings.objects.get_or_create(owner=owner)
    return settings_row


def collection_visibility_set(*, owner: User, visibility: str) -> CollectionSettings:
    if visibility not in Visibility.values:
        raise CollectionError(f"Visibility is one of {', '.join(Visibility.values)}.")
    row = collection_settings_get_or_create(owner=owner)
    row.visibility = visibility
    row.save(update_fields=["visibility"])
    return row


def collection_in_matches_set(*, owner: User, in_matches: bool) -> CollectionSettings:
    """Whether the owner's trade list and wishlist appear in other players' matches (off until they choose)."""
    row = collection_settings_get_or_create(owner=owner)
    row.in_matches = bool(in_matches)
    row.save(update_fields=["in_matches"])
    return row


def collection_share_link_rotate(*, owner: User) -> CollectionSettings:
    """A new share token: the old link stops working."""
    row = collection_settings_get_or_create(owner=owner)
    row.share_token = secrets.token_urlsafe(24)
    row.save(update_fields=["share_token"])
    return row
