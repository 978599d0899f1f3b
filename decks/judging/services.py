"""Judge calls' writes: the organiser names and removes judges; a player of the current round calls a judge from
their table (one open call a match); the organiser or a judge answers it."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.utils import timezone

from decks.events.models import Event
from decks.events.models import EventState
from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.events.services import OutOfTurn
from decks.events.services import event_staff_add
from decks.events.services import event_staff_remove
from decks.judging.models import MAX_CALL_NOTE
from decks.judging.models import MAX_JUDGES
from decks.judging.models import MAX_PENALTY_REASON
from decks.judging.models import EventJudge
from decks.judging.models import JudgeCall
from decks.judging.models import Penalty
from decks.judging.models import PenaltyKind
from decks.judging.selectors import is_staff
from decks.tournaments.models import Match
from decks.tournaments.models import RoundKind
from decks.tournaments.selectors import current_match_of
from decks.tournaments.selectors import seat_of


def judge_add(*, organiser: User, event: Event, username: str) -> EventJudge:
    return event_staff_add(
        owner=organiser,
        event=event,
        username=username,
        model=EventJudge,
        most=MAX_JUDGES,
        role="judge",
        yourself="You organise the event: you see its calls already.",
    )


def judge_remove(*, organiser: User, event: Event, judge_id: int) -> None:
    event_staff_remove(owner=organiser, event=event, model=EventJudge, pk=judge_id, role="judge")


def judge_call(*, event: Event, user: User, note: str = "", now: datetime | None = None) -> JudgeCall:
    """`user` calls a judge to their table of the current round; a second call while one is open is that call."""
    if event.state not in (EventState.RUNNING, EventState.TOP_CUT):
        raise OutOfTurn("event", f"{event.name} is not running: there is no table to call a judge to.")
    match = current_match_of(event=event, user=user)
    if match is None or match.player_b_id is None:
        raise EventError("match", "You have no table this round.")
    note = " ".join(note.split())[:MAX_CALL_NOTE]
    open_call = JudgeCall.objects.filter(match=match, answered__isnull=True).first()
    if open_call is not None:
        return open_call
    try:
        with transaction.atomic():
            return JudgeCall.objects.create(
                event=event,
                match=match,
                table=match.table,
                round=event.current_round,
                caller=user,
                note=note,
                created=now or timezone.now(),
            )
    except IntegrityError:  # the opponent called at the same moment: theirs is the call
        found = JudgeCall.objects.filter(match=match, answered__isnull=True).first()
        assert found is not None
        return found


def judge_call_answer(*, event: Event, user: User, call_id: int, now: datetime | None = None) -> JudgeCall:
    if not is_staff(event=event, user=user):
        raise EventError(
            "call",
            "No such call.",
        )
    with transaction.atomic():
        call = JudgeCall.objects.select_for_update().filter(event=event, pk=call_id).first()
        if call is None:
            raise EventError("call", "No such call.")
        if call.answered is None:
            call.answered, call.answered_by = now or timezone.now(), user
            call.save(update_fields=["answered", "answered_by"])
    return call


def penalty_record(
    *, event: Event, user: User, match: Match, player: str, kind: str, reason: str, now: datetime | None = None
) -> Penalty:
    """The organiser (a co-organiser) or a judge gives `player` of `match` (the event's: event_match_or_404) a
    penalty with a reason (docs/decks.md, "Penalties"); a game loss or a match loss changes the match's points as
    the standings count them."""
    if not is_staff(event=event, user=user):
        raise NotAllowed("match", "Only the event's organisers and judges give penalties.")
    if match.bye:
        raise EventError("match", "A bye is not played: there is no one to penalise.")
    if seat_of(match=match, user=user) is not None:
        # A judge or co-organiser who plays in the match does not penalise their own opponent.
        raise NotAllowed("match", "You play in this match: another of the event's staff gives its penalties.")
    if kind not in PenaltyKind.values:
        raise EventError("kind", "A penalty is a warning, a game loss or a match loss.")
    if kind != PenaltyKind.WARNING and match.round.kind == RoundKind.TOP_CUT:
        # The bracket moves on its results (the winner of a match goes on): a loss given there would change the
        # points and not who goes on. The organiser enters the result the loss means instead.
        raise EventError("kind", "In the top cut a penalty is a warning; a game or match lost there is its result.")
    reason = " ".join(reason.split())
    if not reason:
        raise EventError("reason", "Give the reason for the penalty.")
    if len(reason) > MAX_PENALTY_REASON:
        raise EventError("reason", f"A reason is at most {MAX_PENALTY_REASON} characters.")
    seats = [p for p in (match.player_a, match.player_b) if p is not None]
    target = next((p for p in seats if p.user.get_username() == player), None)
    if target is None:
        raise EventError("player", f"{player} does not play table {match.table}.")
    return Penalty.objects.create(
        match=match, player=target, kind=kind, reason=reason, given_by=user, created=now or timezone.now()
    )
