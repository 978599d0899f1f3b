"""Like API routes under /api/v1/ (fixed paths before the deck id routes)."""

from django.urls import path

from decks.likes.api import views

urlpatterns = [
    path("decks/liked/", views.DecksLikedApi.as_view(), name="api-decks-liked"),
    path("decks/<uuid:deck_id>/like/", views.DeckLikeApi.as_view(), name="api-deck-like"),
]
