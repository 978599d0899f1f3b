"""The handicaps page (docs/decks.md, "Handicaps")."""

from django.urls import path

from decks.handicaps import views

urlpatterns = [
    path("events/<int:event_id>/handicaps/", views.HandicapsPage.as_view(), name="event-handicaps"),
    path("events/<int:event_id>/handicaps/suggest/", views.SuggestAction.as_view(), name="event-handicap-suggest"),
]
