"""Admin of events, their registrations (snapshots: read-only) and re-checks."""

from django.contrib import admin

from decks.models import Event
from decks.models import EventCheck
from decks.models import Registration


class _RecordAdmin(admin.ModelAdmin):
    """Rows the site writes (a snapshot, a job): every field read-only, none added here."""

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "format", "deadline", "organiser", "state"]
    list_filter = ["game"]
    search_fields = ["name"]
    raw_id_fields = ["organiser"]
    readonly_fields = ["created"]


@admin.register(Registration)
class RegistrationAdmin(_RecordAdmin):
    """Nobody changes a snapshot: every field is read-only, and registrations are made on the site."""

    list_display = ["deck_name", "list_hash", "event", "player", "card_count", "active", "recheck_legal", "created"]
    list_filter = ["active"]
    search_fields = ["deck_name", "list_hash", "player__username"]


@admin.register(EventCheck)
class EventCheckAdmin(_RecordAdmin):
    list_display = ["event", "status", "done", "total", "legal", "illegal", "created", "finished"]
    list_filter = ["status"]
