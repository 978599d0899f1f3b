"""Saved-deck API routes, under /api/v1/ (decks.lists.api: views, transfer, versions, actions)."""

from django.urls import path

from decks.lists.api import actions
from decks.lists.api import transfer
from decks.lists.api import usage
from decks.lists.api import versions
from decks.lists.api import views

urlpatterns = [
    path("decks/", views.DecksApi.as_view(), name="api-decks"),
    path("decks/import/", transfer.DeckImportApi.as_view(), name="api-deck-import"),
    path("decks/export-all/", transfer.DeckExportAllApi.as_view(), name="api-deck-export-all"),
    path("decks/<uuid:deck_id>/", views.DeckApi.as_view(), name="api-deck-detail"),
    path("decks/<uuid:deck_id>/export/", transfer.DeckExportApi.as_view(), name="api-deck-export"),
    path("decks/<uuid:deck_id>/versions/", versions.DeckVersionsApi.as_view(), name="api-deck-versions"),
    path("decks/<uuid:deck_id>/versions/<int:number>/", versions.DeckVersionApi.as_view(), name="api-deck-version"),
    path("decks/<uuid:deck_id>/compare/", versions.DeckCompareApi.as_view(), name="api-deck-compare"),
    path("decks/<uuid:deck_id>/validation/", actions.DeckValidationApi.as_view(), name="api-deck-validation"),
    path("decks/<uuid:deck_id>/clone/", actions.DeckCloneApi.as_view(), name="api-deck-clone"),
    path("decks/<uuid:deck_id>/built/", actions.DeckBuiltApi.as_view(), name="api-deck-built"),
    path("decks/<uuid:deck_id>/missing/", actions.DeckMissingApi.as_view(), name="api-deck-missing"),
    path("cards/<int:card_id>/decks/", usage.CardDecksApi.as_view(), name="api-card-decks"),
]
