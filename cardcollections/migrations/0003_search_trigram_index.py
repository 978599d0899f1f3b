"""On PostgreSQL, a trigram index makes the catalog search (LIKE '%word%') an index scan.

Other databases skip it: SQLite scans, which is fine at the embedded scale.
"""

from django.db import migrations


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS card_search_text_trgm ON collections_card USING gin (search_text gin_trgm_ops)"
    )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS card_search_text_trgm")


class Migration(migrations.Migration):
    dependencies = [("collections", "0002_games")]
    operations = [migrations.RunPython(forwards, backwards)]
