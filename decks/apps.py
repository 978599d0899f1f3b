"""The decks app's configuration."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks and tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cardcollections.catalog.panels import card_panel_register
        from decks.lists.views import card_usage_panel

        card_panel_register(card_usage_panel)

        from decks.follows import blocking  # noqa: F401  (a block ends the blocked player's follow of the blocker)
        from decks.formats import card_changes  # noqa: F401  (re-checks decks when an approved card edit commits)
