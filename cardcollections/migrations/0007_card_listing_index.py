"""On PostgreSQL, the card search's full-text index (0004) takes new cards straight into its tree.

A GIN index by default queues new entries in a "pending list" that every
search then reads end to end until a VACUUM (or autovacuum's ANALYZE) merges
it. A catalog load of a few thousand cards filled about 430 pages of it, and
each search word cost ~2.5 ms scanning them: more than the matching itself,
for as long as autovacuum left it (a manual ANALYZE does not merge it).
Catalogs are written rarely and in bulk, searched all the time, so the index
does without the list (fastupdate off) and the list already there is merged.
"""

from django.db import migrations

INDEX = "card_search_text_fts"


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"ALTER INDEX IF EXISTS {INDEX} SET (fastupdate = off)")
    # The index exists whenever 0004 ran on PostgreSQL; merge what is queued.
    schema_editor.execute(
        f"SELECT gin_clean_pending_list(c.oid) FROM pg_class c WHERE c.relname = '{INDEX}' AND c.relkind = 'i'"
    )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER INDEX IF EXISTS {INDEX} RESET (fastupdate)")


class Migration(migrations.Migration):
    dependencies = [("collections", "0006_collections_and_trades")]
    operations = [migrations.RunPython(forwards, backwards)]
