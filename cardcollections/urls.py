"""The collections app's pages: each feature keeps its own URL module."""

from django.urls import include, path

urlpatterns = [
    path("", include("cardcollections.catalog.urls")),
    path("", include("cardcollections.collection.urls")),
    path("", include("cardcollections.trades.urls")),
    path("", include("cardcollections.notifications.urls")),
    path("", include("cardcollections.proposals.urls")),
]
