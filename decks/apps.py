"""The decks app's configuration."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks and tournaments"
    default_auto_field = "django.db.models.BigAutoField"
