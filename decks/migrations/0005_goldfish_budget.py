"""Goldfish jobs carry their estimated worker time and an anonymous caller's address (cardsite/api/work.py)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("decks", "0004_format_versions")]

    operations = [
        migrations.AddField("goldfishjob", "client", models.CharField(blank=True, default="", max_length=64)),
        migrations.AddField("goldfishjob", "seconds", models.FloatField(default=0.0)),
        migrations.AddIndex(
            "goldfishjob", models.Index(fields=["client", "status"], name="goldfish_job_client_status")
        ),
    ]
