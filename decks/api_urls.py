"""The decks app's API under /api/v1/: each feature keeps its own API URL module."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls(
    "decks",
    "validation.api.urls goldfish.api.urls battles.api.urls stock.api.urls comments.api_urls starters.api_urls"
    " follows.api_urls likes.api.urls print.api_urls lists.api.urls organise.api.urls events.api.urls tournaments.api.urls",
)
