"""The event a URL names, or a 404: one lookup for the event and tournament pages and APIs."""

from typing import Any

from django.http import Http404

from decks.events.selectors import User, event_get, event_get_organised
from decks.models import Event


def event_or_404(event_id: Any) -> Event:
    event = event_get(event_id=event_id)
    if event is None:
        raise Http404("No such event.")
    return event


def organised_or_404(user: User, event_id: Any) -> Event:
    """The event if `user` organises it; a 404 for anyone else (its registrations are not theirs to see)."""
    event = event_get_organised(event_id=event_id, user=user)
    if event is None:
        raise Http404("No such event of yours.")
    return event
