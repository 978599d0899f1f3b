"""Deck folders and organising a deck, under /api/v1/."""

from django.urls import path

from decks.organise.api import views

urlpatterns = [
    path("deck-folders/", views.FoldersApi.as_view(), name="api-deck-folders"),
    path("deck-folders/<int:folder_id>/", views.FolderApi.as_view(), name="api-deck-folder"),
    path("decks/<uuid:deck_id>/organise/", views.DeckOrganiseApi.as_view(), name="api-deck-organise"),
]
