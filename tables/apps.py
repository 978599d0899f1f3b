"""The tables app's configuration: games played on the site, live (docs/tables.md)."""

from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Online tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables import matches  # noqa: F401  (an event played online: tables for its pairings, results back)
