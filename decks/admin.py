from django.contrib import admin

from decks.models import TournamentFormat


@admin.register(TournamentFormat)
class TournamentFormatAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "game", "base_format", "min_size", "max_size", "organiser", "updated"]
    list_filter = ["game"]
    search_fields = ["slug", "name"]
    filter_horizontal = ["legal_sets"]
    raw_id_fields = ["organiser"]
    readonly_fields = ["created", "updated"]
