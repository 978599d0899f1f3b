"""The collections app's pages: each feature keeps its own URL module."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls(
    "cardcollections", "catalog.urls collection.urls trades.urls notifications.urls proposals.urls printing.urls"
)
