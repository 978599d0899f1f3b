"""A covering index for listing and filtering a game's cards by their stats (PostgreSQL only)."""

from django.db import migrations

# The card rows are wide (rules text, scripture, effects): with 10,000 cards a filter on stats read
# some 1,000 heap pages (about 8 ms) for a few bytes of each row. This index holds what the card
# list's stat filters and its catalog order read, so such a query is an index-only scan (about 2 ms).
# The search words go through the full-text index instead.
BROWSE_COLUMNS = (
    "id",
    "card_set_id",
    "number",
    "type",
    "standard_work",
    "sacrifice",
    "icon_faith",
    "icon_histories",
    "icon_strength",
    "icon_trials",
    "icon_wisdom",
    "effort",
    "offense",
    "defense",
    "food",
    "wisdom",
    "strength",
    "skill",
    "magic",
    "terror",
)


def browse_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "CREATE INDEX IF NOT EXISTS card_browse ON collections_card (game_id) "
            f"INCLUDE ({', '.join(BROWSE_COLUMNS)})"
        )


def drop_browse_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS card_browse")


class Migration(migrations.Migration):
    dependencies = [("collections", "0001_squashed_0014_notifications")]

    operations = [migrations.RunPython(browse_index, drop_browse_index)]
