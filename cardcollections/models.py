"""The collections app's models, for Django: each feature keeps its own `models.py`."""

from cardcollections.catalog.models import Card, CardSet, Game
from cardcollections.collection.models import (
    CollectionEntry,
    CollectionSettings,
    Condition,
    ImportJob,
    JobStatus,
    LedgerEntry,
    LedgerReason,
    Visibility,
    WishlistEntry,
)
from cardcollections.notifications.models import Notification, NotificationKind, NotificationSettings
from cardcollections.proposals.models import CardProposal, CardRevision
from cardcollections.reservations.models import CardReservation
from cardcollections.trades.models import Trade, TradeLine

__all__ = [
    "Card",
    "CardProposal",
    "CardReservation",
    "CardRevision",
    "CardSet",
    "CollectionEntry",
    "CollectionSettings",
    "Condition",
    "Game",
    "ImportJob",
    "JobStatus",
    "LedgerEntry",
    "LedgerReason",
    "Notification",
    "NotificationKind",
    "NotificationSettings",
    "Trade",
    "TradeLine",
    "Visibility",
    "WishlistEntry",
]
