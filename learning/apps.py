"""The learning app's configuration."""

from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "learning"
    verbose_name = "Learning the verses"
    default_auto_field = "django.db.models.BigAutoField"
