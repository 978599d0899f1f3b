"""PLACEHOLDER routes so agreed URL names reverse; the feature's owner replaces this whole file."""

from django.http import Http404
from django.urls import path


def _not_yet(request, **kwargs):
    raise Http404("not built yet")


urlpatterns = [
    path("decks/", _not_yet, name="deck-list"),
    path("decks/public/", _not_yet, name="deck-public"),
    path("decks/import/", _not_yet, name="deck-import"),
    path("decks/<uuid:deck_id>/", _not_yet, name="deck-detail"),
    path("decks/<uuid:deck_id>/versions/", _not_yet, name="deck-versions"),
    path("decks/<uuid:deck_id>/compare/", _not_yet, name="deck-compare"),
    path("decks/<uuid:deck_id>/export.<str:fmt>", _not_yet, name="deck-export"),
    path("decks/<uuid:deck_id>/print/", _not_yet, name="deck-print"),
    path("decks/<uuid:deck_id>/clone/", _not_yet, name="deck-clone"),
    path("decks/<uuid:deck_id>/delete/", _not_yet, name="deck-delete"),
]
