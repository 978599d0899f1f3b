"""Admin of tournament formats."""

from django.contrib import admin

from decks.formats.services import tournament_format_version_record
from decks.models import TournamentFormat


@admin.register(TournamentFormat)
class TournamentFormatAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "game", "base_format", "min_size", "max_size", "organiser", "updated"]
    list_filter = ["game"]
    # The rule fields come from an abstract base, so Django would put them first: keep the form's order.
    fields = [
        "slug",
        "name",
        "game",
        "base_format",
        "legal_sets",
        "banned_titles",
        "restricted_titles",
        "min_size",
        "max_size",
        "organiser",
        "version",
        "created",
        "updated",
    ]
    search_fields = ["slug", "name"]
    filter_horizontal = ["legal_sets"]
    raw_id_fields = ["organiser"]
    readonly_fields = ["version", "created", "updated"]

    def save_related(self, request, form, formsets, change) -> None:
        """Every save here is a new version too (events keep theirs until their organisers move them)."""
        super().save_related(request, form, formsets, change)
        tournament_format_version_record(fmt=form.instance)
