"""Who may change an event through the API: its organiser; anyone else gets a 403 (the event itself is public)."""

from typing import Any

from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request

from decks.events.lookups import event_or_404
from decks.events.selectors import event_is_organiser
from decks.models import Event


def organiser_only(request: Request, event_id: Any, doing: str) -> Event:
    """The event if the caller organises it; else a 403 "Only the organiser {doing}." (404 if there is no event)."""
    event = event_or_404(event_id)
    if not event_is_organiser(event=event, user=request.user):
        raise PermissionDenied(f"Only the organiser {doing}.")
    return event
