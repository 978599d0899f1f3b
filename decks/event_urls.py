"""PLACEHOLDER routes so agreed URL names reverse; the feature's owner replaces this whole file."""

from django.http import Http404
from django.urls import path


def _not_yet(request, **kwargs):
    raise Http404("not built yet")


urlpatterns = [
    path("events/", _not_yet, name="event-list"),
    path("events/new/", _not_yet, name="event-create"),
    path("events/<int:event_id>/", _not_yet, name="event-detail"),
    path("events/<int:event_id>/register/", _not_yet, name="event-register"),
]
