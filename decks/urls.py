"""The decks app's pages: each feature keeps its own URL module (fixed paths before the deck id routes)."""

from django.urls import include, path

urlpatterns = [
    path("", include("decks.validation.urls")),
    path("", include("decks.formats.urls")),
    path("", include("decks.goldfish.urls")),
    path("", include("decks.battles.urls")),
    path("", include("decks.likes.urls")),
    path("", include("decks.lists.urls")),
    path("", include("decks.organise.urls")),
    path("", include("decks.builder.urls")),
    path("", include("decks.events.urls")),
    path("", include("decks.tournaments.urls")),
    path("", include("decks.stock.urls")),
    path("", include("decks.comments.urls")),
    path("", include("decks.starters.urls")),
    path("", include("decks.follows.urls")),
]
