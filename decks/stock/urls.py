"""Built decks and missing cards: marking a deck built, its missing cards, adding them to the wishlist."""

from django.urls import path

from decks.stock import views

urlpatterns = [
    path("decks/<uuid:deck_id>/built/", views.deck_built, name="deck-built"),
    path("decks/<uuid:deck_id>/missing/", views.deck_missing, name="deck-missing"),
    path(
        "decks/<uuid:deck_id>/missing/wishlist/",
        views.deck_missing_wishlist,
        name="deck-missing-wishlist",
    ),
]
