"""Deck pages (my decks, public decks, a deck, its versions, compare, import, export, print, clone, delete)."""

from django.urls import path

from decks.lists import views

urlpatterns = [
    path("decks/", views.deck_list, name="deck-list"),
    path("decks/public/", views.deck_public, name="deck-public"),
    path("decks/import/", views.deck_import, name="deck-import"),
    path("decks/export-all.zip", views.deck_export_all, name="deck-export-all"),
    path("decks/writeup/preview/", views.writeup_preview, name="deck-writeup-preview"),
    path(
        "decks/notices/<int:notice_id>/dismiss/",
        views.deck_notice_dismiss,
        name="deck-notice-dismiss",
    ),
    path("decks/<uuid:deck_id>/", views.deck_detail, name="deck-detail"),
    path("decks/<uuid:deck_id>/versions/", views.deck_versions, name="deck-versions"),
    path("decks/<uuid:deck_id>/compare/", views.deck_compare, name="deck-compare"),
    path("decks/<uuid:deck_id>/export.<str:fmt>", views.deck_export, name="deck-export"),
    path("decks/<uuid:deck_id>/print/", views.deck_print, name="deck-print"),
    path("decks/<uuid:deck_id>/clone/", views.deck_clone_view, name="deck-clone"),
    path("decks/<uuid:deck_id>/delete/", views.deck_delete_view, name="deck-delete"),
]
