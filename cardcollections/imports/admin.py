"""Admin of collection import jobs: read-only (a job is made and run by the import services)."""

from django.contrib import admin

from cardcollections.collection.admin import ReadOnlyAdmin
from cardcollections.models import ImportJob


@admin.register(ImportJob)
class ImportJobAdmin(ReadOnlyAdmin):
    list_display = ("id", "owner", "game", "format", "mode", "status", "total_rows", "progress", "created")
    list_filter = ("status", "format", "mode")
    exclude = ("text",)
