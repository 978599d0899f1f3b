"""The collections app's API under /api/v1/: each feature keeps its own `api/urls.py`."""

from django.urls import include, path

urlpatterns = [
    path("", include("cardcollections.catalog.api.urls")),
    path("", include("cardcollections.collection.api.urls")),
    path("", include("cardcollections.trades.api.urls")),
    path("", include("cardcollections.tokens.api.urls")),
    path("", include("cardcollections.notifications.api.urls")),
    path("", include("cardcollections.proposals.api.urls")),
]
