"""Event pages: the list, creating and editing, registering, managing, printing and re-checking."""

from django.urls import path

from decks.events import views

urlpatterns = [
    path("events/", views.EventListPage.as_view(), name="event-list"),
    path("events/new/", views.EventCreatePage.as_view(), name="event-create"),
    path("events/<int:event_id>/", views.EventDetailPage.as_view(), name="event-detail"),
    path("events/<int:event_id>/register/", views.EventRegisterPage.as_view(), name="event-register"),
    path("events/<int:event_id>/withdraw/", views.EventWithdraw.as_view(), name="event-withdraw"),
    path("events/<int:event_id>/my-list/", views.MyRegistrationPrint.as_view(), name="event-registration-print"),
    path("events/<int:event_id>/edit/", views.EventEditPage.as_view(), name="event-edit"),
    path("events/<int:event_id>/manage/", views.EventManagePage.as_view(), name="event-manage"),
    path(
        "events/<int:event_id>/registrations.csv", views.EventRegistrationsCsv.as_view(), name="event-registrations-csv"
    ),
    path("events/<int:event_id>/print/", views.EventPrintAll.as_view(), name="event-print-all"),
    path("events/<int:event_id>/format-version/", views.EventFormatVersionMove.as_view(), name="event-format-version"),
    path("events/<int:event_id>/close/", views.EventRegistrationClose.as_view(), name="event-close"),
    path("events/<int:event_id>/checks/", views.EventCheckStart.as_view(), name="event-check-start"),
    path(
        "events/<int:event_id>/checks/<uuid:check_id>/",
        views.EventCheckStatusPartial.as_view(),
        name="event-check-status",
    ),
]
