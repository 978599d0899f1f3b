"""Deck folder posts and a deck's "Organise" form."""

from django.urls import path

from decks.organise import views

urlpatterns = [
    path("decks/folders/", views.folder_create_view, name="deck-folder-create"),
    path("decks/folders/<int:folder_id>/rename/", views.folder_rename_view, name="deck-folder-rename"),
    path("decks/folders/<int:folder_id>/delete/", views.folder_delete_view, name="deck-folder-delete"),
    path("decks/<uuid:deck_id>/organise/", views.deck_organise_view, name="deck-organise"),
]
