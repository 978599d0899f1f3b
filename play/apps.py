"""The play app's configuration."""

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Playing the games"
    default_auto_field = "django.db.models.BigAutoField"
