"""Admin of trades: read-only, with their lines (a trade changes only through its services)."""

from django.contrib import admin

from cardcollections.collection.admin import ReadOnlyAdmin
from cardcollections.models import Trade
from cardcollections.models import TradeLine


class TradeLineInline(admin.TabularInline):
    model = TradeLine
    extra = 0
    can_delete = False
    readonly_fields = ("side", "card", "condition", "quantity")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Trade)
class TradeAdmin(ReadOnlyAdmin):
    list_display = ("id", "proposer", "recipient", "status", "created", "updated")
    list_filter = ("status",)
    list_select_related = ("proposer", "recipient")
    inlines = [TradeLineInline]
