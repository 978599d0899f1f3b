"""The collections app's models, for Django: each feature keeps its own `models.py`."""

from cardcollections.blocks.models import PlayerBlock
from cardcollections.catalog.models import Card
from cardcollections.catalog.models import CardSet
from cardcollections.catalog.models import Game
from cardcollections.collection.models import CollectionEntry
from cardcollections.collection.models import CollectionSettings
from cardcollections.collection.models import Condition
from cardcollections.collection.models import ImportJob
from cardcollections.collection.models import JobStatus
from cardcollections.collection.models import LedgerEntry
from cardcollections.collection.models import LedgerReason
from cardcollections.collection.models import Visibility
from cardcollections.collection.models import WishlistEntry
from cardcollections.notifications.models import Notification
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.models import NotificationMark
from cardcollections.notifications.models import NotificationSettings
from cardcollections.printing.models import PrintJob
from cardcollections.proposals.models import CardProposal
from cardcollections.proposals.models import CardRevision
from cardcollections.reservations.models import CardReservation
from cardcollections.trades.models import Trade
from cardcollections.trades.models import TradeLine

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
    "NotificationMark",
    "NotificationSettings",
    "PlayerBlock",
    "PrintJob",
    "Trade",
    "TradeLine",
    "Visibility",
    "WishlistEntry",
]
