"""The app's admin as Django's autodiscovery finds it: each feature registers its own models."""

from cardcollections.catalog import admin as catalog_admin  # noqa: F401  (games, sets, cards)
from cardcollections.collection import admin as collection_admin  # noqa: F401  (entries, ledger, wishlists)
from cardcollections.imports import admin as imports_admin  # noqa: F401  (import jobs)
from cardcollections.notifications import admin as notifications_admin  # noqa: F401  (notifications)
from cardcollections.proposals import admin as proposals_admin  # noqa: F401  (proposals, card revisions)
from cardcollections.tokens import admin as tokens_admin  # noqa: F401  (API tokens: no keys shown)
from cardcollections.trades import admin as trades_admin  # noqa: F401  (trades)
