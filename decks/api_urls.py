"""The decks app's API under /api/v1/: each feature keeps its own `api/urls.py`."""

from django.urls import include, path

urlpatterns = [
    path("", include("decks.validation.api.urls")),
    path("", include("decks.goldfish.api.urls")),
    path("", include("decks.battles.api.urls")),
    path("", include("decks.stock.api.urls")),
    path("", include("decks.comments.api_urls")),
    path("", include("decks.starters.api_urls")),
    path("", include("decks.follows.api_urls")),
    path("", include("decks.likes.api.urls")),
    path("", include("decks.lists.api.urls")),
    path("", include("decks.organise.api.urls")),
    path("", include("decks.events.api.urls")),
    path("", include("decks.tournaments.api.urls")),
]
