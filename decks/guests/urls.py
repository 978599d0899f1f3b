"""Guest players' pages (docs/decks.md, "Guest players")."""

from django.urls import path

from decks.guests import views

urlpatterns = [
    path("events/claim/", views.ClaimPage.as_view(), name="event-guest-claim"),
    path("events/<int:event_id>/guests/", views.GuestsPage.as_view(), name="event-guests"),
    path("events/<int:event_id>/guests/<int:guest_id>/remove/", views.guest_remove_page, name="event-guest-remove"),
]
