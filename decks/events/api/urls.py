"""Events API routes (decks/api/event_views.py), under /api/v1/."""

from django.urls import include
from django.urls import path

from decks.events.api import views

# Under events/<int:event_id>/.
event_routes = [
    path("", views.EventDetailApi.as_view(), name="api-event-detail"),
    path("format-version/", views.EventFormatVersionApi.as_view(), name="api-event-format-version"),
    path("registrations/", views.RegistrationListApi.as_view(), name="api-event-registrations"),
    path("registrations.csv", views.RegistrationCsvApi.as_view(), name="api-event-registrations-csv"),
    path(
        "registrations/<uuid:registration_id>/",
        views.RegistrationDetailApi.as_view(),
        name="api-event-registration-detail",
    ),
    path("co-organisers/", views.CoOrganiserListApi.as_view(), name="api-event-co-organisers"),
    path("co-organisers/<int:co_id>/", views.CoOrganiserDetailApi.as_view(), name="api-event-co-organiser"),
    path("checks/", views.EventCheckListApi.as_view(), name="api-event-checks"),
    path("checks/<uuid:check_id>/", views.EventCheckDetailApi.as_view(), name="api-event-check-detail"),
]

urlpatterns = [
    path("events/", views.EventListApi.as_view(), name="api-event-list"),
    path("events/<int:event_id>/", include(event_routes)),
]
