"""Admin of events, their registrations (snapshots: read-only) and re-checks."""

from django.contrib import admin

from decks.models import Event, EventCheck, Registration

REGISTRATION_SNAPSHOT = [
    "id",
    "event",
    "player",
    "deck",
    "deck_name",
    "deck_version",
    "format",
    "cards",
    "decklist",
    "list_hash",
    "card_count",
    "validation",
    "created",
]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "format", "deadline", "organiser", "state"]
    list_filter = ["game"]
    search_fields = ["name"]
    raw_id_fields = ["organiser"]
    readonly_fields = ["created"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    """Nobody changes a snapshot: every snapshot field is read-only, and registrations are made on the site."""

    list_display = ["deck_name", "list_hash", "event", "player", "card_count", "active", "recheck_legal", "created"]
    list_filter = ["active"]
    search_fields = ["deck_name", "list_hash", "player__username"]
    readonly_fields = [*REGISTRATION_SNAPSHOT, "active", "replaced", "recheck", "recheck_legal", "rechecked"]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(EventCheck)
class EventCheckAdmin(admin.ModelAdmin):
    list_display = ["event", "status", "done", "total", "legal", "illegal", "created", "finished"]
    list_filter = ["status"]
    readonly_fields = [f.name for f in EventCheck._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False
