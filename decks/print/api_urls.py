"""Print-and-play routes under /api/v1/."""

from django.urls import path

from decks.print import api

urlpatterns = [
    path("decks/<uuid:deck_id>/print.pdf", api.DeckPrintApi.as_view(), name="api-deck-print"),
    path("decks/<uuid:deck_id>/study-sheet.pdf", api.DeckStudySheetApi.as_view(), name="api-deck-study-sheet"),
]
