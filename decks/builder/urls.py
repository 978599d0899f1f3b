"""The deck builder: its two pages and the partials its script posts to."""

from django.urls import include
from django.urls import path

from decks.builder import views

# Under decks/builder/: the partials the builder's script asks for.
partial_routes = [
    path("search/", views.builder_search, name="deck-builder-search"),
    path("panel/", views.builder_panel_view, name="deck-builder-panel"),
    path("save/", views.builder_save, name="deck-builder-save"),
]

urlpatterns = [
    path("decks/new/", views.deck_new, name="deck-new"),
    path("decks/<uuid:deck_id>/edit/", views.deck_edit, name="deck-edit"),
    path("decks/builder/", include(partial_routes)),
]
