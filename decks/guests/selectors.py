"""Guest players' reads: an event's guests (for its organiser), the organiser's decks a guest may be lent."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

from decks.events.models import Event
from decks.guests.models import GuestPlayer
from decks.lists.models import Deck


def guests_of(*, event: Event) -> QuerySet[GuestPlayer]:
    return GuestPlayer.objects.filter(event=event).select_related("user", "claimed_by")


def decks_to_lend(*, organiser: User, event: Event) -> QuerySet[Deck]:
    """The organiser's decks of the event's game (not archived), to register a guest with."""
    return Deck.objects.filter(owner_id=organiser.pk, game_id=event.game_id, archived=False).order_by("name")
