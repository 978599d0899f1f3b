"""Trades: propose, accept, decline, withdraw, counter.

Accepting follows docs/reliability.md: the offer's status changes by a
conditional UPDATE (so a second accept, or an accept racing a withdrawal, does
nothing), the rows of both collections are locked in one query ordered by
primary key, every shortage is reported, and cards move with their ledger rows
in the same transaction, or not at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from cardcollections.blocks.selectors import player_blocks
from cardcollections.collection.services import Change
from cardcollections.collection.services import CollectionError
from cardcollections.collection.services import Shortage
from cardcollections.collection.services import ShortageError
from cardcollections.collection.services import collection_apply
from cardcollections.collection.services import collection_rows_ensure
from cardcollections.collection.services import wishlist_fulfil
from cardcollections.models import Card
from cardcollections.models import CollectionEntry
from cardcollections.models import Condition
from cardcollections.models import LedgerReason
from cardcollections.models import NotificationKind
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.notifications.services import notifications_mark_read_about
from cardcollections.notifications.services import notify
from cardsite.api.errors import CONFLICT
from cardsite.api.errors import NOT_ALLOWED
from cardsite.api.errors import ServiceError

MAX_LINES = 200
MAX_LINE_QUANTITY = 999


class TradeError(ServiceError):
    """A trade action was refused; str() is a message for the user. `shortages` lists the short cards."""

    def __init__(self, message: str, *, shortages: Sequence[str] = (), kind: str | None = None):
        super().__init__(message, kind=kind)
        self.shortages = list(shortages)

    def extra(self) -> dict[str, Any]:
        return {"shortages": self.shortages}


class TradeNotAllowed(TradeError):
    """The user is a party to the trade but may not do this (e.g. the proposer accepting)."""

    kind = NOT_ALLOWED


@dataclass(frozen=True)
class LineSpec:
    """One line of an offer: `quantity` of a printing in a condition, given by `side`."""

    side: str
    card_id: int
    quantity: int
    condition: str = ""


def _tell(user: User, trade: Trade, kind: NotificationKind, message: str) -> None:
    """Notify one party about `trade` (after commit, by mail too if they want it)."""
    notify(user, kind=kind, message=message, url=reverse("trade-detail", args=[trade.pk]))


def _acted_on(user: User, trade: Trade) -> None:
    """The party who answered the offer has no unread notification about it left (#36: it stayed unread)."""
    notifications_mark_read_about(user=user, url=reverse("trade-detail", args=[trade.pk]))


def trade_propose(
    *,
    proposer: User,
    recipient: User,
    lines: Sequence[LineSpec],
    message: str = "",
) -> Trade:
    """Offer a trade. Each side's lines must be real cards, and the proposer's own side is checked now
    (the accept checks both sides again). The recipient is notified."""
    with transaction.atomic():
        trade = _offer(proposer=proposer, recipient=recipient, lines=lines, message=message)
        _tell(recipient, trade, NotificationKind.TRADE_PROPOSED, f"{proposer.get_username()} offered you a trade.")
    return trade


def _offer(
    *,
    proposer: User,
    recipient: User,
    lines: Sequence[LineSpec],
    message: str = "",
    parent: Trade | None = None,
) -> Trade:
    if proposer.pk == recipient.pk:
        raise TradeError("You cannot trade with yourself.")
    if player_blocks(sender=proposer, recipient=recipient):
        raise TradeNotAllowed(f"{recipient.get_username()} does not take offers from you.")
    if not lines:
        raise TradeError("A trade needs at least one card.")
    if len(lines) > MAX_LINES:
        raise TradeError(f"A trade has at most {MAX_LINES} lines.")
    merged: dict[tuple[str, int, str], int] = {}
    for line in lines:
        if line.side not in TradeLine.Side.values:
            raise TradeError(f"Unknown side {line.side!r}.")
        if line.condition not in Condition.values:
            raise TradeError(f"Unknown condition {line.condition!r}.")
        if not 1 <= line.quantity <= MAX_LINE_QUANTITY:
            raise TradeError(f"A trade line is a whole number of copies from 1 to {MAX_LINE_QUANTITY}.")
        key = (line.side, line.card_id, line.condition)
        merged[key] = merged.get(key, 0) + line.quantity
    cards = Card.objects.select_related("card_set").in_bulk({k[1] for k in merged})
    missing = sorted({k[1] for k in merged} - set(cards))
    if missing:
        raise TradeError(f"No card with id {', '.join(map(str, missing))}.")
    if any(q > MAX_LINE_QUANTITY for q in merged.values()):
        raise TradeError(f"A trade line is at most {MAX_LINE_QUANTITY} copies.")
    _check_own_side(proposer, {(card, cond): q for (side, card, cond), q in merged.items() if side == _GIVES}, cards)
    with transaction.atomic():
        _check_open_offers(proposer, recipient)
        trade = Trade.objects.create(proposer=proposer, recipient=recipient, message=message[:1000], parent=parent)
        TradeLine.objects.bulk_create(
            TradeLine(trade=trade, side=side, card_id=card_id, condition=cond, quantity=q)
            for (side, card_id, cond), q in sorted(merged.items())
        )
    return trade


_GIVES = TradeLine.Side.PROPOSER


def _check_open_offers(proposer: User, recipient: User) -> None:
    """TradeError (409) when the proposer already has TRADE_OPEN_PER_PAIR offers waiting for this recipient.

    Issue #34: 40 offers in 1.2 s gave their recipient 40 notifications and 40 mails. Counted under a lock on
    the proposer's row (PostgreSQL), so two offers sent at once cannot both be the last one allowed.
    """
    limit: int = settings.TRADE_OPEN_PER_PAIR
    User.objects.select_for_update().filter(pk=proposer.pk).exists()
    waiting = Trade.objects.filter(proposer=proposer, recipient=recipient, status=Trade.Status.PROPOSED).count()
    if waiting >= limit:
        raise TradeError(
            f"You already have {waiting} offers waiting for {recipient.get_username()}: wait for an answer, "
            f"or withdraw one (at most {limit} at a time).",
            kind=CONFLICT,
        )


def _check_own_side(proposer: User, gives: dict[tuple[int, str], int], cards: dict[int, Card]) -> None:
    """TradeError naming each card the proposer offers more copies of than they own now.

    Checked when the offer is made, so nobody is told of an offer that could never be accepted;
    the accept checks both sides again, under lock, since copies may leave in between.
    """
    held = {
        (card_id, cond): quantity
        for card_id, cond, quantity in CollectionEntry.objects.filter(
            owner=proposer, card_id__in={card_id for card_id, _ in gives}
        ).values_list("card_id", "condition", "quantity")
    }
    name = proposer.get_username()
    short = [
        Shortage(owner_name=name, card=cards[card_id], condition=cond, has=held.get((card_id, cond), 0), needs=needs)
        for (card_id, cond), needs in sorted(gives.items())
        if held.get((card_id, cond), 0) < needs
    ]
    if short:
        messages = [s.message for s in short]
        raise TradeError("You do not hold what you offer: " + "; ".join(messages) + ".", shortages=messages)


def _changes(trade: Trade, lines: Sequence[TradeLine]) -> list[Change]:
    changes = []
    for line in lines:
        giver, receiver = (
            (trade.proposer_id, trade.recipient_id)
            if line.side == TradeLine.Side.PROPOSER
            else (trade.recipient_id, trade.proposer_id)
        )
        changes.append(Change(giver, line.card_id, line.condition, -line.quantity))
        changes.append(Change(receiver, line.card_id, line.condition, line.quantity))
    return changes


def trade_accept(*, trade: Trade, user: User) -> Trade:
    """The recipient accepts: every card moves in one transaction, or (TradeError naming each short card) none."""
    if user.pk != trade.recipient_id:
        raise TradeNotAllowed("Only the user the offer was made to can accept it.")
    lines = list(trade.lines.all())
    changes = _changes(trade, lines)
    # Rows the cards go to exist before the transaction that locks (see collection_rows_ensure).
    collection_rows_ensure(keys=[c.key for c in changes if c.delta > 0])
    names = {trade.proposer_id: trade.proposer.get_username(), trade.recipient_id: trade.recipient.get_username()}
    try:
        with transaction.atomic():
            now = timezone.now()
            claimed = Trade.objects.filter(pk=trade.pk, status=Trade.Status.PROPOSED).update(
                status=Trade.Status.ACCEPTED, updated=now
            )
            if claimed != 1:
                raise TradeError(
                    f"This offer is {_current_status(trade)}; it can no longer be accepted.", kind=CONFLICT
                )
            collection_apply(changes=changes, reason=LedgerReason.TRADE, actor=user, trade=trade, owner_names=names)
            received: dict[tuple[int, int], int] = {}
            for change in changes:
                if change.delta > 0:
                    key = (change.owner_id, change.card_id)
                    received[key] = received.get(key, 0) + change.delta
            wishes = wishlist_fulfil(received={k: v for k, v in received.items() if k[0] == trade.proposer_id})
            wishes_met = f" On your wishlist: {'; '.join(wishes)}." if wishes else ""
            wishlist_fulfil(received={k: v for k, v in received.items() if k[0] == trade.recipient_id})
            _tell(
                trade.proposer,
                trade,
                NotificationKind.TRADE_ACCEPTED,
                f"{names[trade.recipient_id]} accepted your offer: the cards have moved.{wishes_met}",
            )
            _acted_on(user, trade)
    except ShortageError as exc:
        messages = [s.message for s in exc.shortages]
        raise TradeError("Nothing moved: " + "; ".join(messages) + ".", shortages=messages, kind=CONFLICT) from exc
    except CollectionError as exc:
        raise TradeError(str(exc), kind=CONFLICT) from exc
    return _closed_as(trade, Trade.Status.ACCEPTED, now)


def _current_status(trade: Trade) -> str:
    status = Trade.objects.filter(pk=trade.pk).values_list("status", flat=True).first()
    return Trade.Status(status).label.lower() if status else "gone"


def _closed_as(trade: Trade, status: str, when: datetime) -> Trade:
    """`trade` as its row now is, after the conditional update that closed it wrote `status` and `when`.

    Set on the instance rather than read again: only those two fields changed, and the
    lines (with their cards) already read with it stay for the answer.
    """
    trade.status = status
    trade.updated = when
    return trade


def _close(trade: Trade, status: str, verb: str) -> Trade:
    now = timezone.now()
    done = Trade.objects.filter(pk=trade.pk, status=Trade.Status.PROPOSED).update(status=status, updated=now)
    if done != 1:
        raise TradeError(f"This offer is {_current_status(trade)}; it can no longer be {verb}.", kind=CONFLICT)
    return _closed_as(trade, status, now)


# The notification each way of closing an offer sends to the other party.
_CLOSED_KIND = {
    Trade.Status.DECLINED: NotificationKind.TRADE_DECLINED,
    Trade.Status.WITHDRAWN: NotificationKind.TRADE_WITHDRAWN,
}


def _close_and_tell(trade: Trade, status: Trade.Status, *, by: User, tell: User, message: str) -> Trade:
    """Close the offer and notify the other party, in one transaction (a refused close tells no one)."""
    with transaction.atomic():
        trade = _close(trade, status, status.label.lower())
        _tell(tell, trade, _CLOSED_KIND[status], message)
        _acted_on(by, trade)
    return trade


def trade_decline(*, trade: Trade, user: User) -> Trade:
    if user.pk != trade.recipient_id:
        raise TradeNotAllowed("Only the user the offer was made to can decline it.")
    who = trade.recipient.get_username()
    return _close_and_tell(
        trade, Trade.Status.DECLINED, by=user, tell=trade.proposer, message=f"{who} declined your offer."
    )


def trade_withdraw(*, trade: Trade, user: User) -> Trade:
    if user.pk != trade.proposer_id:
        raise TradeNotAllowed("Only the user who made the offer can withdraw it.")
    who = trade.proposer.get_username()
    return _close_and_tell(
        trade, Trade.Status.WITHDRAWN, by=user, tell=trade.recipient, message=f"{who} withdrew their offer."
    )


def trade_counter(*, trade: Trade, user: User, lines: Sequence[LineSpec], message: str = "") -> Trade:
    """The recipient answers with an offer of their own: the old offer is closed as countered,
    and the new one goes the other way (its `side`s are from the counterer's point of view)."""
    if user.pk != trade.recipient_id:
        raise TradeNotAllowed("Only the user the offer was made to can counter it.")
    with transaction.atomic():
        _close(trade, Trade.Status.COUNTERED, "countered")
        counter = _offer(proposer=user, recipient=trade.proposer, lines=lines, message=message, parent=trade)
        note = f"{user.get_username()} answered your offer with a counter-offer."
        _tell(trade.proposer, counter, NotificationKind.TRADE_COUNTERED, note)
        _acted_on(user, trade)
    return counter
