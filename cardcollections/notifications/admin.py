"""Admin of notifications: read-only (they are written only by `notify`)."""

from django.contrib import admin

from cardcollections.collection.admin import ReadOnlyAdmin
from cardcollections.models import Notification


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ("id", "user", "kind", "created", "read", "emailed")
    list_filter = ("kind",)
    list_select_related = ("user",)
