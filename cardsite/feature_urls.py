"""An app's URL list made of its features' own URL modules, tried in the order they are named."""

from django.urls import URLResolver
from django.urls import include
from django.urls import path


def feature_urls(app: str, modules: str) -> list[URLResolver]:
    """Include `app.<module>` for each space-separated module name, at the app's own root.

    Django tries them in this order, so a feature with fixed paths (`decks/liked/`) is named
    before one whose routes take an id in the same place (`decks/<uuid:deck_id>/`).
    """
    return [path("", include(f"{app}.{module}")) for module in modules.split()]
