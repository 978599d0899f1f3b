"""Deck pages (my decks, public decks, a deck, its versions, compare, import, export, print, clone, delete)."""

from django.urls import include
from django.urls import path

from decks.lists import views

# Under decks/<uuid:deck_id>/.
deck_routes = [
    path("", views.deck_detail, name="deck-detail"),
    path("versions/", views.deck_versions, name="deck-versions"),
    path("compare/", views.deck_compare, name="deck-compare"),
    path("export.<str:fmt>", views.deck_export, name="deck-export"),
    path("print/", views.deck_print, name="deck-print"),
    path("clone/", views.deck_clone_view, name="deck-clone"),
    path("delete/", views.deck_delete_view, name="deck-delete"),
]

urlpatterns = [
    path("decks/", views.deck_list, name="deck-list"),
    path("decks/public/", views.deck_public, name="deck-public"),
    path("decks/import/", views.deck_import, name="deck-import"),
    path("decks/export-all.zip", views.deck_export_all, name="deck-export-all"),
    path("decks/writeup/preview/", views.writeup_preview, name="deck-writeup-preview"),
    path("decks/notices/<int:notice_id>/dismiss/", views.deck_notice_dismiss, name="deck-notice-dismiss"),
    path("decks/<uuid:deck_id>/", include(deck_routes)),
]
