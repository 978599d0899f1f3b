"""Deck pages (my decks, public decks, a deck, its versions, compare, import, export, print, clone, delete)."""

from django.urls import path

from decks import deck_views

urlpatterns = [
    path("decks/", deck_views.deck_list, name="deck-list"),
    path("decks/public/", deck_views.deck_public, name="deck-public"),
    path("decks/import/", deck_views.deck_import, name="deck-import"),
    path(
        "decks/notices/<int:notice_id>/dismiss/",
        deck_views.deck_notice_dismiss,
        name="deck-notice-dismiss",
    ),
    path("decks/<uuid:deck_id>/", deck_views.deck_detail, name="deck-detail"),
    path("decks/<uuid:deck_id>/versions/", deck_views.deck_versions, name="deck-versions"),
    path("decks/<uuid:deck_id>/compare/", deck_views.deck_compare, name="deck-compare"),
    path("decks/<uuid:deck_id>/export.<str:fmt>", deck_views.deck_export, name="deck-export"),
    path("decks/<uuid:deck_id>/print/", deck_views.deck_print, name="deck-print"),
    path("decks/<uuid:deck_id>/clone/", deck_views.deck_clone_view, name="deck-clone"),
    path("decks/<uuid:deck_id>/delete/", deck_views.deck_delete_view, name="deck-delete"),
]
