"""Built decks and missing cards: marking a deck built, its missing cards, adding them to the wishlist."""

from django.urls import include
from django.urls import path

from decks.stock import views

# Under decks/<uuid:deck_id>/.
deck_routes = [
    path("built/", views.deck_built, name="deck-built"),
    path("missing/", views.deck_missing, name="deck-missing"),
    path("missing/wishlist/", views.deck_missing_wishlist, name="deck-missing-wishlist"),
]

urlpatterns = [path("decks/<uuid:deck_id>/", include(deck_routes))]
