from django.apps import AppConfig


class CardCollectionsConfig(AppConfig):
    # The package cannot be called `collections` (the standard library owns that
    # import name), but the label keeps the word for tables, admin and URLs.
    name = "cardcollections"
    label = "collections"
    verbose_name = "Card catalogs and collections"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cardcollections import signals  # noqa: F401  (connects the receivers)
