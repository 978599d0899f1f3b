"""Guest players' writes (docs/decks.md, "Guest players"): the organiser adds a guest by name with one of their own
decks, removes one before the start, and a person claims a guest's history into their own account with its code.

Everything else of an event (pairings, results, standings, slips) sees a guest as any player: a guest is an
account no one signs in to (no email, no password), made here and deleted when removed or claimed.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from cardcollections.accounts.guests import guest_account_create
from cardcollections.accounts.guests import normal_code
from cardcollections.accounts.guests import readable_code
from decks.events.models import Event
from decks.events.models import Registration
from decks.events.selectors import event_is_organiser
from decks.events.services import EventError
from decks.events.services import OutOfTurn
from decks.events.services import registration_snapshot
from decks.guests.models import MAX_GUEST_NAME
from decks.guests.models import MAX_GUESTS_PER_EVENT
from decks.guests.models import GuestPlayer
from decks.lists.models import Deck
from decks.tournaments.models import Player

CODE_LENGTH = 12  # 28^12 ≈ 2.3e17 claim codes, not to be guessed at the claim page's write limit


def guest_add(*, organiser: User, event: Event, name: str, deck: Deck, now: datetime | None = None) -> GuestPlayer:
    """Add a guest named `name` to `event`, registered with `deck` (one of the organiser's, of the event's game,
    legal in its format: the same checks and snapshot as a player's own registration)."""
    if not event_is_organiser(event=event, user=organiser):
        raise EventError("event", "Only the organiser adds guests.")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise EventError("name", "Give the guest's name.")
    if len(cleaned) > MAX_GUEST_NAME:
        raise EventError("name", f"A guest's name is at most {MAX_GUEST_NAME} characters.")
    if deck.owner_id != organiser.pk:
        raise EventError("deck", "No deck of yours has that id.")
    now = now or timezone.now()
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if GuestPlayer.objects.filter(event=locked).count() >= MAX_GUESTS_PER_EVENT:
            raise EventError("name", f"An event takes at most {MAX_GUESTS_PER_EVENT} guests.")
        user = guest_account_create(name=cleaned)
        registration_snapshot(event=locked, player=user, deck=deck, told=organiser, now=now)
        code = readable_code(CODE_LENGTH)
        return GuestPlayer.objects.create(event=locked, user=user, name=cleaned, claim_code=code, created=now)


def guest_remove(*, organiser: User, guest: GuestPlayer) -> None:
    """Remove a guest before the event starts: their registration and account go (nothing of theirs is kept)."""
    event = guest.event
    if not event_is_organiser(event=event, user=organiser):
        raise EventError("guest", "No such guest.")
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if locked.started is not None:
            raise OutOfTurn("guest", f"{locked.name} has started: drop the guest from the console instead.")
        if guest.user_id is not None:
            User.objects.filter(pk=guest.user_id).delete()  # their registration goes with the account
        guest.delete()


def guest_claim(*, user: User, code: str, now: datetime | None = None) -> GuestPlayer:
    """`user` takes a guest's history: the guest's registrations and event players become theirs and the guest's
    account is deleted. Refused when the code is unknown or claimed, or when `user` plays in the same event."""
    if not user.has_usable_password():
        raise EventError("code", "Sign in to an account of your own to claim a guest's games.")
    with transaction.atomic():
        guest = (
            GuestPlayer.objects.select_for_update().select_related("event").filter(claim_code=normal_code(code)).first()
        )
        if guest is None or guest.claimed is not None or guest.user_id is None:
            raise EventError("code", "No guest has that code, or it was claimed already.")
        if Registration.objects.filter(event_id=guest.event_id, player=user).exists():
            raise OutOfTurn("code", f"You played in {guest.event.name} yourself: a guest of it cannot become you.")
        Registration.objects.filter(player_id=guest.user_id).update(player=user)
        Player.objects.filter(user_id=guest.user_id).update(user=user)
        old = guest.user_id
        guest.claimed, guest.claimed_by, guest.user = now or timezone.now(), user, None
        guest.save(update_fields=["claimed", "claimed_by", "user"])
        User.objects.filter(pk=old).delete()
    return guest
