"""Event pages: the list, creating and editing, registering, managing, printing and re-checking."""

from django.urls import include
from django.urls import path

from decks.events import views

# Under events/<int:event_id>/.
event_routes = [
    path("", views.EventDetailPage.as_view(), name="event-detail"),
    path("register/", views.EventRegisterPage.as_view(), name="event-register"),
    path("withdraw/", views.EventWithdraw.as_view(), name="event-withdraw"),
    path("my-list/", views.MyRegistrationPrint.as_view(), name="event-registration-print"),
    path("edit/", views.EventEditPage.as_view(), name="event-edit"),
    path("manage/", views.EventManagePage.as_view(), name="event-manage"),
    path("registrations.csv", views.EventRegistrationsCsv.as_view(), name="event-registrations-csv"),
    path("print/", views.EventPrintAll.as_view(), name="event-print-all"),
    path("format-version/", views.EventFormatVersionMove.as_view(), name="event-format-version"),
    path("close/", views.EventRegistrationClose.as_view(), name="event-close"),
    path("co-organisers/", views.CoOrganiserAdd.as_view(), name="event-co-organiser-add"),
    path("co-organisers/<int:co_id>/remove/", views.CoOrganiserRemove.as_view(), name="event-co-organiser-remove"),
    path("checks/", views.EventCheckStart.as_view(), name="event-check-start"),
    path("checks/<uuid:check_id>/", views.EventCheckStatusPartial.as_view(), name="event-check-status"),
]

urlpatterns = [
    path("events/", views.EventListPage.as_view(), name="event-list"),
    path("events/new/", views.EventCreatePage.as_view(), name="event-create"),
    path("events/<int:event_id>/", include(event_routes)),
]
