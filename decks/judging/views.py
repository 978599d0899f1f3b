"""Judge calls' pages: a player calls a judge from their table page; the staff (organiser and judges) see the open
calls at /events/<id>/calls/, refreshed every 2 s, and answer them; the organiser names the judges there.
A page of calls is the 404 page for anyone who is not staff of the event."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_http_methods

from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import page_refusal
from cardsite.page_writes import signed_in_post
from decks.events.models import Event
from decks.events.selectors import event_is_owner
from decks.events.services import EventError
from decks.judging.models import PenaltyKind
from decks.judging.selectors import is_staff
from decks.judging.selectors import judges_of
from decks.judging.selectors import open_calls
from decks.judging.selectors import penalties_of
from decks.judging.services import judge_add
from decks.judging.services import judge_call
from decks.judging.services import judge_call_answer
from decks.judging.services import judge_remove
from decks.judging.services import penalty_record
from decks.tournaments.lookups import event_match_or_404
from rules.numbers import ID_MAX


def _event(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first() if event_id <= ID_MAX else None
    if event is None:
        raise Http404("No such event.")
    return event


def _staff_event(request: HttpRequest, event_id: int) -> Event:
    event = _event(event_id)
    if not is_staff(event=event, user=request.user):
        raise Http404("No such event of yours.")
    return event


@require_GET
def calls_page(request: HttpRequest, event_id: int) -> HttpResponse:
    return _calls_page(request, _staff_event(request, event_id))


def _calls_page(request: HttpRequest, event: Event, status: int = 200) -> HttpResponse:
    """The calls page; again, with the refusal's status and its message, when a change to the judges was refused."""
    context = {
        "event": event,
        "calls": open_calls(event=event),
        "judges": judges_of(event=event),
        "organiser": event_is_owner(event=event, user=request.user),  # names the judges
    }
    return render(request, "decks/judging/calls.html", context, status=status)


@require_GET
def calls_live(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    return render(request, "decks/judging/_calls_list.html", {"event": event, "calls": open_calls(event=event)})


@signed_in_post
def call_answer(request: SignedInHttpRequest, event_id: int, call_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    try:
        call = judge_call_answer(event=event, user=request.user, call_id=call_id)
    except EventError as exc:
        raise Http404(exc.message) from None
    messages.success(request, f"Table {call.table}: answered.")
    return redirect("event-calls", event_id=event.pk)


@signed_in_post
def call_judge(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    try:
        call = judge_call(event=event, user=request.user, note=request.POST.get("note", ""))
    except EventError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"A judge is called to table {call.table}: stay at your table.")
    return redirect("event-play", event.pk)


@signed_in_post
def judges_add(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    try:
        judge = judge_add(organiser=request.user, event=event, username=request.POST.get("username", ""))
    except EventError as exc:  # 400 a name that is no player's, 403 anyone but the owner
        return _calls_page(request, event, status=page_refusal(request, exc))
    messages.success(request, f"{judge.user.get_username()} judges {event.name}: they see its calls.")
    return redirect("event-calls", event_id=event.pk)


@signed_in_post
def judges_remove(request: SignedInHttpRequest, event_id: int, judge_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    try:
        judge_remove(organiser=request.user, event=event, judge_id=judge_id)
    except EventError as exc:  # 403: only the owner removes a judge
        return _calls_page(request, event, status=page_refusal(request, exc))
    return redirect("event-calls", event_id=event.pk)


@require_http_methods(["GET"])
def match_penalties(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """A match's page for the staff: its players and result, its penalties, and a form to give one."""
    event = _staff_event(request, event_id)
    match = event_match_or_404(event=event, match_id=match_id)
    context = {
        "event": event,
        "match": match,
        "penalties": penalties_of(match_id=match.pk),
        "kinds": PenaltyKind.choices,
    }
    return render(request, "decks/judging/match.html", context)


@signed_in_post
def penalty_add(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    match = event_match_or_404(event=event, match_id=match_id)
    try:
        penalty = penalty_record(
            event=event,
            user=request.user,
            match=match,
            player=request.POST.get("player", ""),
            kind=request.POST.get("kind", ""),
            reason=request.POST.get("reason", ""),
        )
    except EventError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, f"{penalty.get_kind_display().capitalize()} for {penalty.player.user.get_username()}."
        )
    return redirect("event-match", event_id=event.pk, match_id=match_id)
