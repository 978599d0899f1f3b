"""The play app's API under /api/v1/: each feature keeps its own API URL module."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls("play", "games.api.urls")
