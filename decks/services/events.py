"""Tournament events: creating them, registering decks (snapshots), withdrawing, and the organiser's re-check.

- A registration is a snapshot of the deck at that moment: its name, version,
  the event's format, the list (entries and canonical text), the list's hash,
  its card count and the engine's verdict against the EVENT's format. An illegal
  list is refused (RegistrationIllegal, with every finding). The snapshot
  fields are written once, when the row is created, and never again.
- Replacing (until the deadline) retires the active row (active=False,
  replaced=now) and writes a new one, in one transaction under a lock on the
  event row; the partial unique constraint (one active row per event and
  player) is the backstop, so a double submit never leaves two active rows.
- The deadline is inclusive of nothing after it: registering, replacing and
  withdrawing are allowed while now < deadline.
- Re-checking every registration is an `EventCheck` job run by a worker
  (decks/tasks.py `event_check`): it claims the job with a conditional update,
  writes `recheck`/`recheck_legal`/`rechecked` beside the snapshot, and is
  idempotent (a re-delivered message takes its own claim over; anything else
  finds nothing to claim).
"""

from __future__ import annotations

import logging
import time
import uuid
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from cardcollections.models import Game
from decks.exceptions import DeckRequestError
from decks.models import Deck, Event, EventCheck, EventCheckStatus, Registration
from decks.selectors.formats import format_resolve
from decks.services.decks import check_name_and_description, stored_list_verdict
from rules.deck_compare import list_hash
from rules.games import GAMES_BY_SLUG

logger = logging.getLogger(__name__)

# The Celery task running an EventCheck (decks/tasks.py), sent by name so this module does not import tasks.
CHECK_TASK = "decks.event_check"
# A running check writes its progress after this many registrations, or this often, whichever comes first.
PROGRESS_EVERY = 5
PROGRESS_SECONDS = 0.5


class EventError(DeckRequestError):
    """A request about an event or a registration is refused; `field` names what to fix."""


class RegistrationClosed(EventError):
    """The event's deadline has passed: nothing may be registered, replaced or withdrawn."""


class RegistrationIllegal(EventError):
    """The deck is not legal in the event's format; `validation` is the engine's result (with every finding)."""

    def __init__(self, field: str, message: str, validation: dict[str, Any]):
        super().__init__(field, message)
        self.validation = validation

    @property
    def findings(self) -> list[dict[str, Any]]:
        return list(self.validation.get("errors", []))


# ---------------------------------------------------------------- events
def _check_event_fields(*, name: str | None, description: str | None) -> None:
    check_name_and_description(name=name, description=description, what="An event", error=EventError)


def _format_slug(game: str, slug: str | None) -> str:
    try:
        return format_resolve(game=game, slug=slug or None).slug
    except DeckRequestError as exc:
        raise EventError("format", exc.message) from exc


def event_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    game: Game | str,
    format_slug: str | None,
    deadline: datetime,
    description: str = "",
    now: datetime | None = None,
) -> Event:
    """A new event. `format_slug` is a base format of the game (its default when None) or a tournament format."""
    _check_event_fields(name=name, description=description)
    if isinstance(game, str):
        row = Game.objects.filter(slug=game).first()
        if row is None:
            raise EventError("game", f"Unknown game {game!r}; the games are {', '.join(GAMES_BY_SLUG)}.")
        game = row
    fmt = _format_slug(game.slug, format_slug)
    if timezone.is_naive(deadline):
        raise EventError("deadline", "The deadline needs a time zone.")
    if deadline <= (now or timezone.now()):
        raise EventError("deadline", "The registration deadline must be in the future.")
    return Event.objects.create(
        organiser=organiser,
        name=name.strip(),
        game=game,
        format=fmt,
        deadline=deadline,
        description=description,
    )


def event_update(
    *,
    event: Event,
    name: str | None = None,
    description: str | None = None,
    deadline: datetime | None = None,
    format_slug: str | None = None,
) -> Event:
    """Change an event (its organiser's call, checked by the caller). Its game never changes.

    Moving the deadline earlier (even into the past) closes registration early.
    A new format does not touch the registrations' snapshots: the organiser
    re-checks them (`event_check_create`).
    """
    _check_event_fields(name=name, description=description)
    fmt = _format_slug(event.game.slug, format_slug) if format_slug is not None else None
    if deadline is not None and timezone.is_naive(deadline):
        raise EventError("deadline", "The deadline needs a time zone.")
    with transaction.atomic():
        locked = Event.objects.select_for_update().select_related("game", "organiser").get(pk=event.pk)
        if name is not None:
            locked.name = name.strip()
        if description is not None:
            locked.description = description
        if deadline is not None:
            locked.deadline = deadline
        if fmt is not None:
            locked.format = fmt
        locked.save()
    return locked


def event_is_open(event: Event, now: datetime | None = None) -> bool:
    return (now or timezone.now()) < event.deadline


def _closed(event: Event) -> RegistrationClosed:
    when = timezone.localtime(event.deadline).strftime("%d %b %Y %H:%M %Z")
    return RegistrationClosed("deadline", f"Registration for {event.name} closed at {when}.")


# ---------------------------------------------------------------- registrations
def registration_create(
    *, event: Event, player: AbstractBaseUser, deck: Deck, now: datetime | None = None
) -> Registration:
    """Register `deck` (the player's own, of the event's game) for `event`, or replace their registration.

    The list is validated against the event's format now; an illegal one raises
    RegistrationIllegal and changes nothing. After the deadline:
    RegistrationClosed. The deck's later edits never reach the snapshot.
    """
    if deck.owner_id != player.pk:
        raise EventError("deck", "No deck of yours has that id.")
    if deck.game_id != event.game_id:
        raise EventError("deck", f"{deck.name} is a deck of another game; {event.name} is for {event.game.name}.")
    if not event_is_open(event, now):
        raise _closed(event)
    read, validation = stored_list_verdict(
        game=event.game.slug, format_slug=event.format, entries=deck.cards, card_count=deck.card_count
    )
    if read is None and validation["errors"][0]["code"] == "unknown-format":
        # The event's format no longer exists (a tournament format deleted in the admin).
        raise EventError("format", validation["errors"][0]["message"])
    if read is None or not read.result.legal:
        first = validation["errors"][0]["message"] if validation["errors"] else "it is not legal"
        more = len(validation["errors"]) - 1
        tail = f" (and {more} more)" if more > 0 else ""
        raise RegistrationIllegal("deck", f"{deck.name} is not legal in {event.format}: {first}{tail}", validation)
    text = read.text
    try:
        with transaction.atomic():
            # The event row's lock serialises one player's double submit (and everyone's, briefly).
            locked = Event.objects.select_for_update().get(pk=event.pk)
            moment = now or timezone.now()
            if moment >= locked.deadline:
                raise _closed(locked)
            Registration.objects.filter(event=locked, player=player, active=True).update(active=False, replaced=moment)
            registration = Registration.objects.create(
                event=locked,
                player=player,
                deck=deck,
                deck_name=deck.name,
                deck_version=deck.version,
                format=locked.format,
                cards=read.entries,
                decklist=text,
                list_hash=list_hash(text),
                card_count=read.card_count,
                validation=validation,
            )
    except IntegrityError as exc:
        # Another submit of the same player committed first (the constraint's backstop).
        raise EventError("deck", "Another registration of yours was saved at the same moment; reload.") from exc
    return registration


def registration_withdraw(*, registration: Registration, now: datetime | None = None) -> Registration:
    """Withdraw an active registration before the deadline (the row stays, inactive, for the record)."""
    event = registration.event
    if not registration.active:
        raise EventError("registration", "This registration was already replaced or withdrawn.")
    if not event_is_open(event, now):
        raise _closed(event)
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        moment = now or timezone.now()
        if moment >= locked.deadline:
            raise _closed(locked)
        changed = Registration.objects.filter(pk=registration.pk, active=True).update(active=False, replaced=moment)
    if not changed:
        raise EventError("registration", "This registration was already replaced or withdrawn.")
    registration.active, registration.replaced = False, moment
    return registration


# ---------------------------------------------------------------- re-checks
def _stale_before() -> datetime:
    return timezone.now() - timedelta(seconds=getattr(settings, "CELERY_TASK_TIME_LIMIT", 1500))


def event_check_create(*, event: Event, requested_by: AbstractBaseUser, queue: str | None = None) -> EventCheck:
    """Queue a re-check of every active registration against the event's format (the organiser's call).

    A check already queued or running (and not stale) is answered instead of a second one.
    """
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        busy = (
            EventCheck.objects.filter(event=event, status__in=[EventCheckStatus.QUEUED, EventCheckStatus.RUNNING])
            .filter(created__gte=_stale_before())
            .first()
        )
        if busy is not None:
            return busy
        check = EventCheck.objects.create(
            event=event,
            requested_by=requested_by,
            total=Registration.objects.filter(event=event, active=True).count(),
        )
        check_id, target = str(check.pk), queue or getattr(settings, "EVENT_CHECK_QUEUE", None)
        transaction.on_commit(lambda: _enqueue(check_id, target))
    return check


def _enqueue(check_id: str, queue: str | None) -> None:
    options: dict[str, Any] = {"queue": queue} if queue else {}
    try:
        current_app.send_task(CHECK_TASK, args=[check_id], **options)
    except Exception as exc:
        logger.exception("event check %s could not be queued", check_id)
        event_check_fail(check_id=check_id, message=f"the check could not be queued: {type(exc).__name__}")


def _claim_token(task_id: str | None) -> str:
    try:
        return uuid.UUID(str(task_id)).hex
    except (TypeError, ValueError):
        return uuid.uuid4().hex


def _claim(check_id: str, token: str) -> bool:
    """QUEUED -> RUNNING; or RUNNING under the same token (the message came back: its process died);
    or RUNNING for longer than a task may run (its worker is gone)."""
    now = timezone.now()
    checks = EventCheck.objects.filter(pk=check_id)
    if checks.filter(status=EventCheckStatus.QUEUED).update(status=EventCheckStatus.RUNNING, claim=token, started=now):
        return True
    if checks.filter(status=EventCheckStatus.RUNNING, claim=token).update(started=now, done=0, legal=0, illegal=0):
        return True
    return bool(
        checks.filter(status=EventCheckStatus.RUNNING, started__lt=_stale_before()).update(
            claim=token, started=now, done=0, legal=0, illegal=0
        )
    )


def registration_recheck_result(*, registration: Registration, event: Event) -> dict[str, Any]:
    """The engine's verdict on a registration's snapshot list against the event's format now."""
    _read, result = stored_list_verdict(
        game=event.game.slug, format_slug=event.format, entries=registration.cards, card_count=registration.card_count
    )
    return result


def event_check_run(*, check_id: str, task_id: str | None = None) -> EventCheck | None:
    """Run one re-check job (the body of its task). None when there is nothing to claim (a duplicate)."""
    token = _claim_token(task_id)
    if not _claim(check_id, token):
        return None
    check = EventCheck.objects.select_related("event__game").get(pk=check_id)
    event = check.event
    mine = EventCheck.objects.filter(pk=check_id, status=EventCheckStatus.RUNNING, claim=token)
    registrations = list(
        Registration.objects.filter(event=event, active=True).only("id", "cards", "card_count").order_by("created")
    )
    total = len(registrations)
    if not mine.update(total=total):
        return None
    legal = illegal = done = 0
    last = time.monotonic()
    for registration in registrations:
        result = registration_recheck_result(registration=registration, event=event)
        # Only the re-check columns: the snapshot is never written.
        Registration.objects.filter(pk=registration.pk).update(
            recheck=result, recheck_legal=result["legal"], rechecked=timezone.now()
        )
        done += 1
        legal += result["legal"]
        illegal += not result["legal"]
        if done % PROGRESS_EVERY == 0 or time.monotonic() - last >= PROGRESS_SECONDS:
            last = time.monotonic()
            if not mine.update(done=done, legal=legal, illegal=illegal):
                return None  # taken over or failed meanwhile
    mine.update(
        status=EventCheckStatus.DONE, done=done, legal=legal, illegal=illegal, total=total, finished=timezone.now()
    )
    return EventCheck.objects.get(pk=check_id)


def event_check_fail(*, check_id: str, message: str) -> bool:
    """Fail an unfinished check (a task that failed for good); True if it was unfinished."""
    return bool(
        EventCheck.objects.filter(pk=check_id, status__in=[EventCheckStatus.QUEUED, EventCheckStatus.RUNNING]).update(
            status=EventCheckStatus.FAILED, error=message[:500], finished=timezone.now()
        )
    )
