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
  withdrawing are allowed while now < deadline, and only until the event starts
  (its players are fixed then: decks/tournaments/services.py `event_start`).
- Re-checking every registration is an `EventCheck` job run by a worker
  (decks/events/tasks.py `event_check`): it claims the job with a conditional update,
  writes `recheck`/`recheck_legal`/`rechecked` beside the snapshot, and is
  idempotent (a re-delivered message takes its own claim over; anything else
  finds nothing to claim).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any
from typing import TypeVar
from typing import cast

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import models
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from cardcollections.jobs.policy import job_stale_before
from cardcollections.jobs.services import job_budget_check
from cardcollections.jobs.services import job_claim
from cardcollections.jobs.services import job_fail
from cardcollections.jobs.services import job_finish
from cardcollections.jobs.services import job_kind_reap
from cardcollections.jobs.services import job_mine
from cardcollections.models import Game
from cardcollections.models import NotificationKind
from cardcollections.notifications.services import notify
from cardsite.api.errors import NOT_ALLOWED
from cardsite.api.work import TooBig
from cardsite.api.work import budget_lock
from cardsite.api.work import claim_token
from cardsite.api.work import work_queue
from decks.events.models import MAX_CO_ORGANISERS
from decks.events.selectors import event_is_owner
from decks.exceptions import DeckRequestError
from decks.formats.selectors import format_resolve
from decks.formats.selectors import tournament_format_latest_version
from decks.lists.services import DeckList
from decks.lists.services import apply_name_and_description
from decks.lists.services import check_name_and_description
from decks.lists.services import stored_list_verdict
from decks.models import Deck
from decks.models import Event
from decks.models import EventCheck
from decks.models import EventCheckStatus
from decks.models import EventCoOrganiser
from decks.models import EventState
from decks.models import Player
from decks.models import Registration
from decks.models import TournamentFormatVersion
from rules.deck_compare import list_hash
from rules.games import GAMES_BY_SLUG
from rules.play.registry import engine_for
from rules.tournament.scoring import GAMES_PER_MATCH
from rules.tournament.scoring import TOP_CUT_SIZES
from rules.tournament.scoring import default_rounds

logger = logging.getLogger(__name__)

# The Celery task running an EventCheck (decks/events/tasks.py), sent by name so this module does not import tasks.
CHECK_TASK = "decks.event_check"
# A check not yet finished: it counts against its organiser's work budget.
RUNNING = (EventCheckStatus.QUEUED, EventCheckStatus.RUNNING)
# The estimated worker time of re-checking one list (validation of a stored deck), rounded up.
CHECK_SECONDS_PER_LIST = EventCheck.SECONDS_PER_LIST
# A running check writes its progress after this many registrations, or this often, whichever comes first.
PROGRESS_EVERY = 5
PROGRESS_SECONDS = 0.5


class EventError(DeckRequestError):
    """A request about an event or a registration is refused; `field` names what to fix."""


class NotAllowed(EventError):
    """The caller may not do this (a 403): only the organiser (the one who made the event, for its staff), or only
    the match's players. Every staff and tournament service raises it, so no view checks the caller again."""

    kind = NOT_ALLOWED


class OutOfTurn(EventError):
    """The request is well formed but comes at the wrong moment (a 409): the message says why."""


class RegistrationClosed(EventError):
    """The event's deadline has passed, or it has started: nothing may be registered, replaced or withdrawn."""


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


# The event's tournament settings (docs/contracts/tournaments.md), as keywords of event_create and event_update.
SETTINGS = ("rounds", "games_per_match", "top_cut", "decklists_public", "pairing", "played_online", "casual")
PAIRINGS = ("swiss", "round_robin")
MAX_ROUNDS = 20


def _check_settings(values: dict[str, Any]) -> None:
    rounds = values.get("rounds")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise EventError("rounds", f"An event has 1 to {MAX_ROUNDS} Swiss rounds.")
    if values.get("games_per_match") not in (None, *GAMES_PER_MATCH):
        raise EventError("games_per_match", "A match is best of 1 or best of 3 games.")
    if values.get("top_cut") not in (None, *TOP_CUT_SIZES):
        raise EventError("top_cut", "The top cut is 0 (none), 2, 4 or 8 players.")
    if values.get("pairing") not in (None, *PAIRINGS):
        raise EventError("pairing", "Rounds are paired Swiss (swiss) or round robin (round_robin).")


def event_fixed_fields(event: Event) -> dict[str, str]:
    """The fields of `event` its state (or its registrations) no longer let change, each with the reason, in order.

    The one list of them: the services refuse a change of these (OutOfTurn) and the edit page disables them.
    Sending a fixed field's stored value back is no change, so a form or a script that sends every field
    back still saves the others."""
    fixed: dict[str, str] = {}
    if event.state != EventState.REGISTRATION:
        fixed |= {
            # The players were fixed at the start: a later deadline would only let strangers register who are
            # never paired, and players withdraw who are still in the rounds (they drop instead).
            "deadline": f"{event.name} has started: registration is closed for good, so the deadline no longer changes.",
            "games_per_match": "The number of games per match is fixed once the event has started.",
            "pairing": "How rounds are paired is fixed once the event has started.",
        }
        if event.pairing == "round_robin":
            fixed["rounds"] = "A round robin has a round for each pairing of players: its number of rounds is fixed."
        elif event.current_round >= (event.rounds or 0) or event.state != EventState.RUNNING:
            fixed["rounds"] = "The last Swiss round is paired: the number of rounds is fixed."
        if event.state == EventState.TOP_CUT:
            fixed["top_cut"] = "The top cut has already started."
        elif event.state == EventState.FINISHED:
            fixed["top_cut"] = f"{event.name} is finished: the top cut no longer changes."
    if not event.decklists_public and Registration.objects.filter(event_id=event.pk, active=True).exists():
        # Players registered their decks as private lists (issue #34): publishing them now is not the organiser's
        # call. Turning the lists private stays allowed.
        fixed["decklists_public"] = (
            "Players have registered decks on the promise that the lists stay private: they cannot be made public now."
        )
    return fixed


def _apply_settings(event: Event, values: dict[str, Any]) -> None:
    """Set the given settings on a locked event, refusing (409) a change its state no longer allows."""
    given = {k: v for k, v in values.items() if k in SETTINGS and (v is not None or k == "rounds")}
    if "rounds" in given and given["rounds"] is None and event.state != EventState.REGISTRATION:
        # "By player count" once the start has fixed the players: the number the start would have chosen.
        given["rounds"] = default_rounds(Player.objects.filter(event=event).count())
    for key, reason in event_fixed_fields(event).items():
        # Compared with the stored value: only a change is refused.
        if key in given and given[key] != getattr(event, key):
            raise OutOfTurn(key, reason)
    rounds = given.get("rounds", event.rounds)
    # A running event's rounds are a number (set at the start; "by player count" is made one above).
    if event.state == EventState.RUNNING and rounds != event.rounds and cast(int, rounds) < event.current_round:
        raise OutOfTurn("rounds", f"Round {event.current_round} is already paired: choose at least that many.")
    if given.get("played_online") and engine_for(event.game.slug) is None:
        # A table deals the game through its whole-game engine (docs/tables.md): without one, nothing to play.
        raise EventError("played_online", f"{event.game.name} cannot be played whole on this site yet.")
    for key, value in given.items():
        setattr(event, key, value)


def _format_slug(game: str, slug: str | None) -> str:
    try:
        return format_resolve(game=game, slug=slug or None).slug
    except DeckRequestError as exc:
        raise EventError("format", exc.message) from exc


def _latest_version(game: str, slug: str) -> TournamentFormatVersion | None:
    """The version an event of format `slug` uses from now on: a tournament format's latest (None for a base one)."""
    return tournament_format_latest_version(slug=slug, game=game)


def event_format_version_number(event: Event) -> int | None:
    """The number of the format version `event` validates against (None: a base format)."""
    return event.format_version.number if event.format_version is not None else None


def _verdict_for_event(event: Event, listed: Deck | Registration) -> tuple[DeckList | None, dict[str, Any]]:
    """The engine's verdict now on a deck's or a registration's stored list, in the event's format at its version."""
    return stored_list_verdict(
        game=event.game.slug,
        format_slug=event.format,
        entries=listed.cards,
        card_count=listed.card_count,
        format_version=event_format_version_number(event),
    )


def event_create(
    *,
    organiser: User,
    name: str,
    game: Game | str,
    format_slug: str | None,
    deadline: datetime,
    description: str = "",
    now: datetime | None = None,
    **tournament: Any,
) -> Event:
    """A new event. `format_slug` is a base format of the game (its default when None) or a tournament format.

    `tournament` holds the optional SETTINGS (rounds, games_per_match, top_cut, decklists_public)."""
    _check_event_fields(name=name, description=description)
    _check_settings(tournament)
    if isinstance(game, str):
        row = Game.objects.filter(slug=game).first()
        if row is None:
            raise EventError("game", f"Unknown game {game!r}; the games are {', '.join(GAMES_BY_SLUG)}.")
        game = row
    fmt = _format_slug(game.slug, format_slug)
    _check_deadline(deadline, now=now)
    event = Event(
        organiser=organiser,
        name=name.strip(),
        game=game,
        format=fmt,
        format_version=_latest_version(game.slug, fmt),
        deadline=deadline,
        description=description,
    )
    _apply_settings(event, tournament)
    event.save()
    return event


def _check_deadline(deadline: datetime, *, now: datetime | None = None, closing: str = "") -> None:
    """The one rule for a deadline, on every path: with a time zone, and in the future."""
    if timezone.is_naive(deadline):
        raise EventError("deadline", "The deadline needs a time zone.")
    if deadline <= (now or timezone.now()):
        raise EventError("deadline", f"The registration deadline must be in the future{closing}.")


def event_registration_close(*, event: Event) -> Event:
    """Close registration now (the organiser's call, checked by the caller): the deadline becomes this moment."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().select_related("game", "organiser").get(pk=event.pk)
        now = timezone.now()
        if locked.deadline > now:
            locked.deadline = now
            locked.save(update_fields=["deadline"])
    return locked


def event_update(
    *,
    event: Event,
    name: str | None = None,
    description: str | None = None,
    deadline: datetime | None = None,
    format_slug: str | None = None,
    **tournament: Any,
) -> Event:
    """Change an event (its organiser's call, checked by the caller). Its game never changes.

    `tournament` holds SETTINGS to change (`rounds=None` goes back to the default by player count);
    what the event's state no longer allows is refused with OutOfTurn (the number of rounds
    until the last Swiss round is paired; games per match until the start; the top cut until it starts).

    A new deadline must be in the future, as at creation; to close registration at once,
    the organiser uses `event_registration_close`. Once the event has started the deadline is fixed
    (OutOfTurn on `deadline`); its stored value sent back is no change.
    A new format does not touch the registrations' snapshots: the organiser
    re-checks them (`event_check_create`). A new format is taken at its latest
    version; the same format keeps the event's version (`event_format_version_move` moves it).
    """
    _check_event_fields(name=name, description=description)
    _check_settings(tournament)
    fmt = _format_slug(event.game.slug, format_slug) if format_slug is not None else None
    if deadline is not None and timezone.is_naive(deadline):
        _check_deadline(deadline)
    with transaction.atomic():
        locked = Event.objects.select_for_update().select_related("game", "organiser").get(pk=event.pk)
        apply_name_and_description(locked, name=name, description=description)
        # Compared under the lock: the stored deadline (already past once registration closed) sent back
        # unchanged is accepted; a change is checked against the state the start may just have written.
        if deadline is not None and deadline != locked.deadline:
            fixed = event_fixed_fields(locked)
            if "deadline" in fixed:
                # Refused rather than ignored: a client sending a new deadline expects it to take effect.
                raise OutOfTurn("deadline", fixed["deadline"])
            _check_deadline(deadline, closing="; to close registration now, use “Close registration now”")
            locked.deadline = deadline
        if fmt is not None and fmt != locked.format:
            locked.format = fmt
            locked.format_version = _latest_version(locked.game.slug, fmt)
        _apply_settings(locked, tournament)
        locked.save()
    return locked


def event_format_version_move(
    *, event: Event, requested_by: User, queue: str | None = None
) -> tuple[Event, EventCheck | None]:
    """Move the event to its tournament format's latest version (the organiser's call, checked by the caller).

    Registrations are re-checked against it as the organiser's re-check does
    (`event_check_create`, queued once the move has committed). Moving an event
    already at the latest version changes nothing and starts no check (None).
    An event of a base format has no versions: EventError on field `format`.
    """
    with transaction.atomic():
        # No join on the nullable version: PostgreSQL locks no outer join's nullable side.
        locked = Event.objects.select_for_update().select_related("game", "organiser").get(pk=event.pk)
        latest = _latest_version(locked.game.slug, locked.format)
        if latest is None:
            raise EventError("format", f"{locked.format} is a base format: it has no versions to move to.")
        if locked.format_version_id == latest.pk:
            return locked, None
        locked.format_version = latest
        locked.save(update_fields=["format_version"])
        check = event_check_create(event=locked, requested_by=requested_by, queue=queue)
    return locked, check


def event_is_open(event: Event, now: datetime | None = None) -> bool:
    """Registration is open until the deadline, and never once the event has started, whatever its deadline:
    the start fixes the players, so a registration made after it would never be paired."""
    return event.state == EventState.REGISTRATION and (now or timezone.now()) < event.deadline


def _closed(event: Event) -> RegistrationClosed:
    if event.state != EventState.REGISTRATION:
        return RegistrationClosed(
            "deadline",
            f"{event.name} has started: registrations can no longer be made, replaced or withdrawn "
            "(a player leaves by dropping).",
        )
    when = timezone.localtime(event.deadline).strftime("%d %b %Y %H:%M %Z")
    return RegistrationClosed("deadline", f"Registration for {event.name} closed at {when}.")


# ---------------------------------------------------------------- registrations
def _first_finding(validation: dict[str, Any]) -> str:
    """The first error of a verdict, and how many more there are."""
    errors = validation.get("errors") or []
    first = errors[0]["message"] if errors else "it is not legal"
    return first + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else "")


def registration_create(*, event: Event, player: User, deck: Deck, now: datetime | None = None) -> Registration:
    """Register `deck` (the player's own, of the event's game) for `event`, or replace their registration.

    The list is validated against the event's format now; an illegal one raises
    RegistrationIllegal and changes nothing. After the deadline or once the event
    has started: RegistrationClosed. The deck's later edits never reach the snapshot.
    """
    if deck.owner_id != player.pk:
        raise EventError("deck", "No deck of yours has that id.")
    return registration_snapshot(event=event, player=player, deck=deck, told=player, now=now)


def registration_snapshot(
    *, event: Event, player: User, deck: Deck, told: User, now: datetime | None = None
) -> Registration:
    """Register a snapshot of `deck` for `player` (replacing their registration), validated now; `told` is notified
    of a refusal. `registration_create` for a player's own deck; guest players (decks.guests) for an organiser's
    deck lent to a guest, the organiser told."""
    if deck.game_id != event.game_id:
        raise EventError("deck", f"{deck.name} is a deck of another game; {event.name} is for {event.game.name}.")
    if not event_is_open(event, now):
        raise _closed(event)
    read, validation = _verdict_for_event(event, deck)
    if read is None and validation["errors"][0]["code"] == "unknown-format":
        # The event's format no longer exists (a tournament format deleted in the admin).
        raise EventError("format", validation["errors"][0]["message"])
    if read is None or not read.result.legal:
        message = f"{deck.name} is not legal in {event.format}: {_first_finding(validation)}"
        # The player is told in the answer, and in their notifications (with the event to go back to).
        notify(
            told,
            kind=NotificationKind.REGISTRATION_REFUSED,
            message=f"Your registration for {event.name} was refused: {message}",
            url=reverse("event-detail", args=[event.pk]),
        )
        raise RegistrationIllegal("deck", message, validation)
    text = read.text
    try:
        with transaction.atomic():
            # The event row's lock serialises one player's double submit (and everyone's, briefly).
            locked = Event.objects.select_for_update().get(pk=event.pk)
            moment = now or timezone.now()
            if not event_is_open(locked, moment):
                raise _closed(locked)
            replaced = Registration.objects.filter(event=locked, player=player, active=True)
            # A handicap is the organiser's word on the player, not on a deck: it goes on with the new list.
            handicap = replaced.values_list("handicap", flat=True).first()
            replaced.update(active=False, replaced=moment)
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
                handicap=handicap,
            )
    except IntegrityError as exc:
        # Another submit of the same player committed first (the constraint's backstop).
        raise EventError("deck", "Another registration of yours was saved at the same moment; reload.") from exc
    return registration


def registration_withdraw(*, registration: Registration, now: datetime | None = None) -> Registration:
    """Withdraw an active registration before the deadline and the start (the row stays, inactive, for the record)."""
    event = registration.event
    if not registration.active:
        raise EventError("registration", "This registration was already replaced or withdrawn.")
    if not event_is_open(event, now):
        raise _closed(event)
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        moment = now or timezone.now()
        if not event_is_open(locked, moment):
            raise _closed(locked)
        changed = Registration.objects.filter(pk=registration.pk, active=True).update(active=False, replaced=moment)
    if not changed:
        raise EventError("registration", "This registration was already replaced or withdrawn.")
    registration.active, registration.replaced = False, moment
    return registration


# ---------------------------------------------------------------- re-checks
def _stale_before() -> datetime:
    """A check started before this has outlived its task's own time limit (its worker is gone)."""
    return job_stale_before(EventCheck)


def event_check_create(*, event: Event, requested_by: User, queue: str | None = None) -> EventCheck:
    """Queue a re-check of every active registration against the event's format (the organiser's call).

    A check already queued or running (and not stale) is answered instead of a second one.
    """
    with budget_lock(f"event-check:{requested_by.pk}"), transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        busy = (
            EventCheck.objects.filter(event=event, status__in=[EventCheckStatus.QUEUED, EventCheckStatus.RUNNING])
            .filter(created__gte=_stale_before())
            .first()
        )
        if busy is not None:
            return busy
        total = Registration.objects.filter(event=event, active=True).count()
        _check_budget(requested_by=requested_by, seconds=total * CHECK_SECONDS_PER_LIST)
        check = EventCheck.objects.create(event=event, requested_by=requested_by, total=total)
        target = queue or settings.EVENT_CHECK_QUEUE or work_queue(total * CHECK_SECONDS_PER_LIST)
        check_id = str(check.pk)
        transaction.on_commit(lambda: _enqueue(check_id, target))
    return check


def _check_budget(*, requested_by: User, seconds: float) -> None:
    """The organiser's unfinished re-checks (of all their events) must leave room for this one (a 429 if not)."""
    try:
        job_budget_check(
            model=EventCheck,
            caller=requested_by,
            seconds=seconds,
            busy=EventCheck.objects.filter(created__gte=_stale_before()),
        )
    except TooBig as exc:
        raise EventError("event", exc.message) from exc


def events_checks_reap() -> int:
    """Fail the re-checks whose work died; how many (the re-checks' share of `cardcollections.reap_jobs`).

    One running for longer than its task may (its worker is gone) or still queued
    after JOB_QUEUED_HOURS (no worker serves its queue): the manage page then
    says so and offers to start it again.
    """
    return job_kind_reap(EventCheck)


def _enqueue(check_id: str, queue: str | None) -> None:
    options: dict[str, Any] = {"queue": queue} if queue else {}
    try:
        current_app.send_task(CHECK_TASK, args=[check_id], **options)
    except Exception as exc:
        logger.exception("event check %s could not be queued", check_id)
        event_check_fail(check_id=check_id, message=f"the check could not be queued: {type(exc).__name__}")


def registration_recheck_result(*, registration: Registration, event: Event) -> dict[str, Any]:
    """The engine's verdict on a registration's snapshot list against the event's format (its version) now."""
    _read, result = _verdict_for_event(event, registration)
    return result


def event_check_run(*, check_id: str, task_id: str | None = None) -> EventCheck | None:
    """Run one re-check job (the body of its task). None when there is nothing to claim (a duplicate)."""
    token = claim_token(task_id)
    if not job_claim(model=EventCheck, pk=check_id, token=token):
        return None
    check = EventCheck.objects.select_related("event__game", "event__format_version").get(pk=check_id)
    event = check.event
    mine = job_mine(model=EventCheck, pk=check_id, token=token)
    registrations = list(
        Registration.objects.filter(event=event, active=True)
        .only("id", "cards", "card_count", "player", "deck_name", "recheck_legal")
        .select_related("player")
        .order_by("created")
    )
    total = len(registrations)
    if not mine.update(total=total):
        return None
    legal = illegal = done = 0
    last = time.monotonic()
    for registration in registrations:
        result = registration_recheck_result(registration=registration, event=event)
        with transaction.atomic():
            # Only the re-check columns: the snapshot is never written.
            rows = Registration.objects.filter(pk=registration.pk)
            columns = {"recheck": result, "rechecked": timezone.now()}
            # Newly illegal: told once. The update that turns the registration illegal is the one that tells, so
            # a delivery of the same message running beside this one (or after it) finds it illegal already.
            newly_illegal = not result["legal"] and rows.exclude(recheck_legal=False).update(
                recheck_legal=False, **columns
            )
            if not newly_illegal:
                rows.update(recheck_legal=result["legal"], **columns)
            else:
                notify(
                    registration.player,
                    kind=NotificationKind.REGISTRATION_ILLEGAL,
                    message=f"{event.name}: your list {registration.deck_name} is not legal on the organiser's "
                    f"re-check: {_first_finding(result)}",
                    url=reverse("event-detail", args=[event.pk]),
                )
        done += 1
        legal += result["legal"]
        illegal += not result["legal"]
        if done % PROGRESS_EVERY == 0 or time.monotonic() - last >= PROGRESS_SECONDS:
            last = time.monotonic()
            if not mine.update(done=done, legal=legal, illegal=illegal):
                return None  # taken over or failed meanwhile
    job_finish(model=EventCheck, pk=check_id, token=token, done=done, legal=legal, illegal=illegal, total=total)
    return EventCheck.objects.get(pk=check_id)


def event_check_fail(*, check_id: str, message: str) -> bool:
    """Fail an unfinished check (a task that failed for good); True if it was unfinished."""
    return job_fail(model=EventCheck, pk=check_id, message=message)


# ---------------------------------------------------------------- staff: co-organisers and judges
StaffRow = TypeVar("StaffRow", bound=models.Model)


def event_staff_add(
    *, owner: User, event: Event, username: str, model: type[StaffRow], most: int, role: str, yourself: str
) -> StaffRow:
    """The one way the organiser names staff (co-organisers here, judges in decks/judging): by username, never a
    guest's account, never themselves, at most `most` of a `role` an event (counted under the event's lock)."""
    if not event_is_owner(event=event, user=owner):
        raise NotAllowed("event", f"Only the organiser who made the event names {role}s.")
    user = User.objects.filter(username__iexact=username.strip()[:150]).first()
    if user is None or not user.has_usable_password():  # a guest player's account is no one's to sign in to
        raise EventError("username", "No player has that username.")
    if user.pk == owner.pk:
        raise EventError("username", yourself)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        if model._default_manager.filter(event=event).count() >= most:
            raise EventError("username", f"An event has at most {most} {role}s.")
        row, _ = model._default_manager.get_or_create(event=event, user=user)
    return row


def event_staff_remove(*, owner: User, event: Event, model: type[models.Model], pk: int, role: str) -> None:
    if not event_is_owner(event=event, user=owner):
        raise NotAllowed("event", f"Only the organiser who made the event removes {role}s.")
    model._default_manager.filter(event=event, pk=pk).delete()


def co_organiser_add(*, owner: User, event: Event, username: str) -> EventCoOrganiser:
    """The organiser names a co-organiser by username: they run the event too, but cannot change its staff."""
    return event_staff_add(
        owner=owner,
        event=event,
        username=username,
        model=EventCoOrganiser,
        most=MAX_CO_ORGANISERS,
        role="co-organiser",
        yourself="You organise the event already.",
    )


def co_organiser_remove(*, owner: User, event: Event, co_organiser_id: int) -> None:
    event_staff_remove(owner=owner, event=event, model=EventCoOrganiser, pk=co_organiser_id, role="co-organiser")
