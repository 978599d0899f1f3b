"""Built decks and missing cards (decks/stock_views.py)."""

from django.urls import path

from decks import stock_views

urlpatterns = [
    path("decks/<uuid:deck_id>/built/", stock_views.deck_built, name="deck-built"),
    path("decks/<uuid:deck_id>/missing/", stock_views.deck_missing, name="deck-missing"),
    path(
        "decks/<uuid:deck_id>/missing/wishlist/",
        stock_views.deck_missing_wishlist,
        name="deck-missing-wishlist",
    ),
]
