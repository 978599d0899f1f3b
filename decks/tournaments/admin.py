"""Admin of a running event's players, rounds and matches: for looking, not running (the console does that)."""

from django.contrib import admin

from decks.models import Match
from decks.models import Player
from decks.models import Round


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["user", "event", "dropped", "dropped_after"]
    list_filter = ["dropped"]
    raw_id_fields = ["event", "user", "registration"]


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    raw_id_fields = ["player_a", "player_b"]
    readonly_fields = ["report_a", "report_b", "updated"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "kind", "created"]
    list_filter = ["kind"]
    raw_id_fields = ["event"]
    inlines = [MatchInline]
