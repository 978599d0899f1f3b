"""Guest players (docs/decks.md, "Guest players"): a player an organiser adds to an event by name, with no account.

A guest is an account made for them (a readable username with "guest" in it, no email, no password: nobody signs
in as it), so pairings, results, standings and slips work for them as for anyone. `GuestPlayer` keeps who added
them, to which event, and the claim code the person can later type, signed in to an account of their own, to take
the guest's history (registrations and matches) into that account.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from decks.events.models import Event

MAX_GUEST_NAME = 30
MAX_GUESTS_PER_EVENT = 64


class GuestPlayer(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="guests")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="guest_player"
    )
    name = models.CharField(max_length=MAX_GUEST_NAME)
    claim_code = models.CharField(max_length=20, unique=True)
    created = models.DateTimeField()
    claimed = models.DateTimeField(null=True, blank=True)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name
