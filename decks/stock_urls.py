"""PLACEHOLDER routes so agreed URL names reverse; the feature's owner replaces this whole file."""

from django.http import Http404
from django.urls import path


def _not_yet(request, **kwargs):
    raise Http404("not built yet")


urlpatterns = [
    path("decks/<uuid:deck_id>/built/", _not_yet, name="deck-built"),
    path("decks/<uuid:deck_id>/missing/", _not_yet, name="deck-missing"),
]
