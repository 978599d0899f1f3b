"""On PostgreSQL, catalog search uses a full-text index over search_text.

The expression is exactly what django.contrib.postgres.search.SearchVector
writes for SearchVector("search_text", config="simple"), so the planner uses it.
The trigram index of 0003 did not help: a common word matches ~10 % of rows
and the planner chose a sequential scan anyway.
"""

from django.db import migrations

INDEX = "card_search_text_fts"


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS card_search_text_trgm")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON collections_card "
        "USING gin (to_tsvector('simple'::regconfig, COALESCE(search_text, '')))"
    )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("collections", "0003_search_trigram_index")]
    operations = [migrations.RunPython(forwards, backwards)]
