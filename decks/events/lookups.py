"""The event a URL names, or a 404: one lookup for the event and tournament pages and APIs."""

from typing import Any

from cardsite.api.errors import found_or_404
from decks.events.selectors import User
from decks.events.selectors import event_get
from decks.events.selectors import event_get_organised
from decks.models import Event


def event_or_404(event_id: Any) -> Event:
    return found_or_404(event_get(event_id=event_id), "No such event.")


def organised_or_404(user: User, event_id: Any) -> Event:
    """The event if `user` organises it; a 404 for anyone else (its registrations are not theirs to see)."""
    return found_or_404(event_get_organised(event_id=event_id, user=user), "No such event of yours.")
