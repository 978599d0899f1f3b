"""The collections app's configuration: its label, the catalog's and the tokens' signal receivers connected when
ready, and the card page's "your collection" and "your wishlist" panels."""

from django.apps import AppConfig


class CardCollectionsConfig(AppConfig):
    # The package cannot be called `collections` (the standard library owns that
    # import name), but the label keeps the word for tables, admin and URLs.
    name = "cardcollections"
    label = "collections"
    verbose_name = "Card catalogs and collections"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cardcollections.catalog import signals  # noqa: F401  (connects the receivers)
        from cardcollections.catalog.panels import card_panel_register
        from cardcollections.collection.views import card_owned_panel
        from cardcollections.collection.views import card_wish_panel
        from cardcollections.tokens import signals as token_signals  # noqa: F401  (revoke on a password change)

        card_panel_register(card_owned_panel)
        card_panel_register(card_wish_panel)
