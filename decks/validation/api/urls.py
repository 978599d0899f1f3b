"""Stateless deck validation API route, under /api/v1/."""

from django.urls import path

from decks.validation.api import views

urlpatterns = [
    path("decks/validate/", views.DeckValidateApi.as_view(), name="api-deck-validate"),
]
