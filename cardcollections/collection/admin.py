"""Admin of collections: entries, the ledger, wishlists and sharing settings.

Read-only where the ledger is the truth: quantities change only through services.
"""

from django.contrib import admin

from cardcollections.models import CollectionEntry
from cardcollections.models import CollectionSettings
from cardcollections.models import LedgerEntry
from cardcollections.models import WishlistEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shows rows that only services write: nobody adds, changes or deletes them here."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CollectionEntry)
class CollectionEntryAdmin(ReadOnlyAdmin):
    list_display = ("owner", "card", "condition", "quantity", "for_trade")
    list_select_related = ("owner", "card", "card__card_set")
    search_fields = ("owner__username", "card__title")


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ("created", "owner", "card", "condition", "delta", "balance", "reason", "trade", "actor")
    list_filter = ("reason",)
    list_select_related = ("owner", "card", "card__card_set", "actor")
    search_fields = ("owner__username", "card__title")


@admin.register(WishlistEntry)
class WishlistEntryAdmin(ReadOnlyAdmin):
    list_display = ("owner", "title", "card", "wanted")
    list_select_related = ("owner", "card")


@admin.register(CollectionSettings)
class CollectionSettingsAdmin(admin.ModelAdmin):
    list_display = ("owner", "visibility")
    exclude = ("share_token",)
