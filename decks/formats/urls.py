"""Tournament format pages."""

from django.urls import path

from decks.formats import views

urlpatterns = [
    path("decks/formats/", views.TournamentFormatList.as_view(), name="deck-format-list"),
    path("decks/formats/new/", views.TournamentFormatCreate.as_view(), name="deck-format-create"),
    path("decks/formats/<slug:slug>/edit/", views.TournamentFormatEdit.as_view(), name="deck-format-edit"),
]
