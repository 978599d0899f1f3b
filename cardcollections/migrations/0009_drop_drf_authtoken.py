"""Drop DRF's `authtoken_token` table, whose keys were stored in clear and never expired.

API tokens moved to django-rest-knox (a digest only, an expiry); `rest_framework.authtoken` left
INSTALLED_APPS, so nothing reads the old table: its keys stop working the moment this code runs,
and this migration removes them from the database (and its backups from now on). Holders make a
new token on the account page. Not reversible: the old keys are gone on purpose.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("collections", "0008_card_reservations"),
    ]

    operations = [
        migrations.RunSQL("DROP TABLE IF EXISTS authtoken_token", reverse_sql=migrations.RunSQL.noop),
    ]
