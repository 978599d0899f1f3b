from django.urls import path

from decks.api import views

urlpatterns = [
    path("decks/validate/", views.DeckValidateApi.as_view(), name="api-deck-validate"),
]
