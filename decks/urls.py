from django.urls import path

from decks import views

urlpatterns = [
    path("decks/validate/", views.DeckValidatePage.as_view(), name="deck-validate"),
    path("decks/formats/", views.TournamentFormatList.as_view(), name="deck-format-list"),
    path("decks/formats/new/", views.TournamentFormatCreate.as_view(), name="deck-format-create"),
]
