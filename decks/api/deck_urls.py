"""Saved-deck API routes, under /api/v1/ (decks.api.deck_views)."""

from django.urls import path

from decks.api import deck_views as views

urlpatterns = [
    path("decks/", views.DecksApi.as_view(), name="api-decks"),
    path("decks/import/", views.DeckImportApi.as_view(), name="api-deck-import"),
    path("decks/<uuid:deck_id>/", views.DeckApi.as_view(), name="api-deck-detail"),
    path("decks/<uuid:deck_id>/export/", views.DeckExportApi.as_view(), name="api-deck-export"),
    path("decks/<uuid:deck_id>/versions/", views.DeckVersionsApi.as_view(), name="api-deck-versions"),
    path("decks/<uuid:deck_id>/versions/<int:number>/", views.DeckVersionApi.as_view(), name="api-deck-version"),
    path("decks/<uuid:deck_id>/compare/", views.DeckCompareApi.as_view(), name="api-deck-compare"),
    path("decks/<uuid:deck_id>/validation/", views.DeckValidationApi.as_view(), name="api-deck-validation"),
    path("decks/<uuid:deck_id>/clone/", views.DeckCloneApi.as_view(), name="api-deck-clone"),
    path("decks/<uuid:deck_id>/built/", views.DeckBuiltApi.as_view(), name="api-deck-built"),
    path("decks/<uuid:deck_id>/missing/", views.DeckMissingApi.as_view(), name="api-deck-missing"),
]
