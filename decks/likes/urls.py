"""Like pages (fixed paths before the deck id routes)."""

from django.urls import path

from decks.likes import views

urlpatterns = [
    path("decks/liked/", views.decks_liked_page, name="deck-liked"),
    path("decks/<uuid:deck_id>/like/", views.deck_like_toggle, name="deck-like"),
]
