"""Decks I can build, under /api/v1/."""

from django.urls import path

from decks.stock.api import views

urlpatterns = [
    path("decks/buildable/", views.PublicBuildableApi.as_view(), name="api-decks-buildable"),
    path("decks/<uuid:deck_id>/buildable/", views.DeckBuildableApi.as_view(), name="api-deck-buildable"),
]
