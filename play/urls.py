"""The play app's pages: each feature keeps its own URL module."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls("play", "games.urls")
