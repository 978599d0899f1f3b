"""The collections app's API under /api/v1/: each feature keeps its own `api/urls.py`."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls(
    "cardcollections",
    "catalog.api.urls collection.api.urls trades.api.urls tokens.api.urls notifications.api.urls proposals.api.urls"
    " printing.api.urls blocks.api.urls",
)
