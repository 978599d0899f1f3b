"""Reading events, registrations and re-check jobs, with who may see what.

- Events are public: anyone may list and read them (name, game, format, deadline).
- A registration is seen by its player and by the event's organiser, before and
  after the deadline alike; to anyone else it does not exist (None, a 404).
- Re-check jobs are the organiser's alone.
"""

import csv
import io
from datetime import datetime
from typing import TYPE_CHECKING
from typing import Any
from typing import TypedDict

from django.contrib.auth import models as auth_models
from django.contrib.auth.models import AnonymousUser
from django.db.models import Case
from django.db.models import IntegerField
from django.db.models import Q
from django.db.models import QuerySet
from django.db.models import Value
from django.db.models import When
from django.utils import timezone

from cardcollections.spreadsheets import spreadsheet_cell
from decks.models import Deck
from decks.models import Event
from decks.models import EventCheck
from decks.models import EventCoOrganiser
from decks.models import EventState
from decks.models import Registration
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_id

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations
    from typing_extensions import TypeIs  # in typing from Python 3.13

    class _Closed(TypedDict):
        closed: int  # 1 once registration has closed


User = auth_models.User | AnonymousUser | None  # anyone: a signed-in user, an anonymous one, or none


def _is_user(user: User) -> "TypeIs[auth_models.User]":
    return user is not None and user.is_authenticated


def event_list(*, now: datetime | None = None, game: str | None = None) -> "QuerySet[WithAnnotations[Event, _Closed]]":
    """Every event: those still open for registration first (soonest deadline first), then closed ones (latest first).

    Closed as services.event_is_open says: past the deadline, or started (whatever its deadline says)."""
    now = now or timezone.now()
    closed = Q(deadline__lte=now) | ~Q(state=EventState.REGISTRATION)
    qs = Event.objects.select_related("game", "organiser", "format_version__format").annotate(
        closed=Case(When(closed, then=Value(1)), default=Value(0), output_field=IntegerField())
    )
    if game:
        qs = qs.filter(game__slug=game)
    return qs.order_by("closed", "deadline", "name")


def event_list_sorted(*, now: datetime | None = None, game: str | None = None) -> list[Event]:
    """event_list with the closed events latest first (one query)."""
    events = list(event_list(now=now, game=game))
    open_: list[Event] = [e for e in events if not e.closed]
    closed: list[Event] = sorted((e for e in events if e.closed), key=lambda e: e.deadline, reverse=True)
    return open_ + closed


def event_get(*, event_id: Any) -> Event | None:
    try:
        pk = parse_id(event_id, field="event")  # past a bigint, PostgreSQL would refuse the query
    except NotAWholeNumber:
        return None
    return Event.objects.select_related("game", "organiser", "format_version__format").filter(pk=pk).first()


def event_is_owner(*, event: Event, user: User) -> bool:
    """The organiser who made the event, alone: they name and remove its staff (co-organisers, judges)."""
    return _is_user(user) and event.organiser_id == user.pk


def event_is_organiser(*, event: Event, user: User) -> bool:
    """The one check of who runs an event: its organiser or a co-organiser they named (docs/decks.md,
    "Co-organisers"). Everything an organiser does on the event asks this; only the staff's changes ask
    `event_is_owner`. The answer is kept on the event object, so a page asking twice queries once."""
    if not _is_user(user):
        return False
    if event.organiser_id == user.pk:
        return True
    cache: dict[int, bool] = event.__dict__.setdefault("_co_organiser_of", {})
    if user.pk not in cache:
        cache[user.pk] = EventCoOrganiser.objects.filter(event_id=event.pk, user_id=user.pk).exists()
    return cache[user.pk]


def co_organisers_of(*, event: Event) -> QuerySet[EventCoOrganiser]:
    return EventCoOrganiser.objects.filter(event=event).select_related("user").order_by("user__username")


def events_organised_by(*, user: User) -> set[int]:
    """Ids of the events `user` organises or co-organises (the events list's Manage links)."""
    if not _is_user(user):
        return set()
    return set(Event.objects.filter(Q(organiser=user) | Q(co_organisers__user=user)).values_list("pk", flat=True))


def event_get_organised(*, event_id: Any, user: User) -> Event | None:
    """The event if `user` organises it; None (a 404) for anyone else, as for a missing event."""
    event = event_get(event_id=event_id)
    return event if event is not None and event_is_organiser(event=event, user=user) else None


def registrations_active(*, event: Event) -> QuerySet[Registration]:
    """The event's current registrations (replaced and withdrawn ones left out), first registered first."""
    return (
        Registration.objects.filter(event=event, active=True)
        .select_related("player", "event__game")
        .order_by("created", "id")
    )


def registrations_visible(*, event: Event, user: User) -> QuerySet[Registration]:
    """The active registrations `user` may see: all of them for the organiser, their own for a player."""
    qs = registrations_active(event=event)
    if event_is_organiser(event=event, user=user):
        return qs
    if not _is_user(user):
        return qs.none()
    return qs.filter(player=user)


def registration_active_of(*, event: Event, player: User) -> Registration | None:
    if not _is_user(player):
        return None
    return registrations_active(event=event).filter(player=player).first()


def registration_get_visible(*, event: Event, registration_id: Any, user: User) -> Registration | None:
    """One registration (active or not) of `event` if `user` is its player or the organiser; None otherwise."""
    if not _is_user(user):
        return None
    qs = Registration.objects.filter(event=event).select_related("player", "event__game")
    if not event_is_organiser(event=event, user=user):
        qs = qs.filter(player=user)
    try:
        return qs.filter(pk=registration_id).first()
    except Exception:  # a malformed UUID
        return None


def registration_decks(*, event: Event, player: User) -> QuerySet[Deck]:
    """The decks `player` could register for `event`: their own, of its game."""
    if not _is_user(player):
        return Deck.objects.none()
    return Deck.objects.filter(owner=player, game=event.game).select_related("game").order_by("name")


def events_registered(*, user: User) -> set[int]:
    """Ids of the events where `user` has an active registration."""
    if not _is_user(user):
        return set()
    return set(Registration.objects.filter(player=user, active=True).values_list("event_id", flat=True))


CSV_HEADER = [
    "player",
    "deck",
    "deck_version",
    "format",
    "hash",
    "card_count",
    "legal",
    "recheck_legal",
    "registered_at",
    "rechecked_at",
    "list",
]


def _yes_no(value: bool | None) -> str:
    return "" if value is None else ("yes" if value else "no")


def event_registrations_csv(*, event: Event) -> str:
    """Every active registration as CSV (one row each; the list is the canonical text in one cell)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for r in registrations_active(event=event):
        writer.writerow(
            [
                spreadsheet_cell(r.player.get_username()),
                spreadsheet_cell(r.deck_name),
                r.deck_version,
                spreadsheet_cell(r.format),  # a tournament format's slug may start with "-" ("-a1" is =-A1)
                r.list_hash,
                r.card_count,
                _yes_no(bool(r.validation.get("legal"))),
                _yes_no(r.recheck_legal),
                r.created.isoformat(),
                r.rechecked.isoformat() if r.rechecked else "",
                spreadsheet_cell(r.decklist),
            ]
        )
    return out.getvalue()


def event_check_get(*, event: Event, check_id: Any, user: User) -> EventCheck | None:
    """A re-check job of `event`, for its organiser only."""
    if not event_is_organiser(event=event, user=user):
        return None
    try:
        return EventCheck.objects.filter(event=event, pk=check_id).first()
    except Exception:  # a malformed UUID
        return None


def event_check_latest(*, event: Event) -> EventCheck | None:
    return EventCheck.objects.filter(event=event).order_by("-created").first()
