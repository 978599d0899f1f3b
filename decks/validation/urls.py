"""The live validation page."""

from django.urls import path

from decks.validation import views

urlpatterns = [
    path("decks/validate/", views.DeckValidatePage.as_view(), name="deck-validate"),
]
