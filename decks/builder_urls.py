"""The deck builder: its two pages and the partials its script posts to."""

from django.urls import path

from decks import builder_views

urlpatterns = [
    path("decks/new/", builder_views.deck_new, name="deck-new"),
    path("decks/<uuid:deck_id>/edit/", builder_views.deck_edit, name="deck-edit"),
    path("decks/builder/search/", builder_views.builder_search, name="deck-builder-search"),
    path("decks/builder/panel/", builder_views.builder_panel_view, name="deck-builder-panel"),
    path("decks/builder/save/", builder_views.builder_save, name="deck-builder-save"),
]
