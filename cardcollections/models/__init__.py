from cardcollections.models.catalog import Card, CardSet, Game
from cardcollections.models.collection import (
    CollectionEntry,
    CollectionSettings,
    Condition,
    ImportJob,
    LedgerEntry,
    LedgerReason,
    Visibility,
    WishlistEntry,
)
from cardcollections.models.reservations import CardReservation
from cardcollections.models.trades import Trade, TradeLine

__all__ = [
    "Card",
    "CardReservation",
    "CardSet",
    "CollectionEntry",
    "CollectionSettings",
    "Condition",
    "Game",
    "ImportJob",
    "LedgerEntry",
    "LedgerReason",
    "Trade",
    "TradeLine",
    "Visibility",
    "WishlistEntry",
]
