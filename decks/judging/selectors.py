"""Judge calls' reads: who is staff of an event (its organiser and its judges), the open calls."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.db.models import QuerySet

from decks.events.models import Event
from decks.events.selectors import event_is_organiser
from decks.judging.models import EventJudge
from decks.judging.models import JudgeCall
from decks.judging.models import Penalty


def is_staff(*, event: Event, user: User | AnonymousUser) -> bool:
    if not user.is_authenticated:
        return False
    return (
        event_is_organiser(event=event, user=user) or EventJudge.objects.filter(event=event, user_id=user.pk).exists()
    )


def judges_of(*, event: Event) -> QuerySet[EventJudge]:
    return EventJudge.objects.filter(event=event).select_related("user").order_by("user__username")


def open_calls(*, event: Event) -> QuerySet[JudgeCall]:
    return JudgeCall.objects.filter(event=event, answered__isnull=True).select_related("caller").order_by("created")


def my_open_call(*, event: Event, user: User) -> JudgeCall | None:
    return JudgeCall.objects.filter(event=event, caller_id=user.pk, answered__isnull=True).first()


def penalties_of(*, match_id: int) -> QuerySet[Penalty]:
    """A match's penalties, first given first (its players and staff see them)."""
    return (
        Penalty.objects.filter(match_id=match_id).select_related("player__user", "given_by").order_by("created", "id")
    )
