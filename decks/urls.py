"""The decks app's pages: each feature keeps its own URL module (fixed paths before the deck id routes)."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls(
    "decks",
    "validation.urls formats.urls goldfish.urls battles.urls likes.urls print.urls lists.urls organise.urls builder.urls"
    " guests.urls judging.urls handicaps.urls events.urls tournaments.urls stock.urls comments.urls starters.urls follows.urls",
)
