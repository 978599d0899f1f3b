"""Events API routes (decks/api/event_views.py), under /api/v1/."""

from django.urls import path

from decks.events.api import views

urlpatterns = [
    path("events/", views.EventListApi.as_view(), name="api-event-list"),
    path("events/<int:event_id>/", views.EventDetailApi.as_view(), name="api-event-detail"),
    path(
        "events/<int:event_id>/format-version/", views.EventFormatVersionApi.as_view(), name="api-event-format-version"
    ),
    path("events/<int:event_id>/registrations/", views.RegistrationListApi.as_view(), name="api-event-registrations"),
    path(
        "events/<int:event_id>/registrations.csv",
        views.RegistrationCsvApi.as_view(),
        name="api-event-registrations-csv",
    ),
    path(
        "events/<int:event_id>/registrations/<uuid:registration_id>/",
        views.RegistrationDetailApi.as_view(),
        name="api-event-registration-detail",
    ),
    path("events/<int:event_id>/checks/", views.EventCheckListApi.as_view(), name="api-event-checks"),
    path(
        "events/<int:event_id>/checks/<uuid:check_id>/",
        views.EventCheckDetailApi.as_view(),
        name="api-event-check-detail",
    ),
]
