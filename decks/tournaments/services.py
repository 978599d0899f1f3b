"""Running an event (docs/contracts/tournaments.md): start it, pair rounds, take results, drop players,
cut to the top players, finish; run the round's clock (start, pause, extend, a table's extra time).

- Every write runs in one transaction under a lock on the event row, so a double click,
  two organiser tabs or two players reporting at once are serialised.
- Pairing claims the next round number with a conditional update of `Event.current_round`
  (`filter(current_round=n).update(current_round=n + 1) == 1`); the unique (event, number)
  of rounds is the backstop. A second click finds the round already claimed: OutOfTurn.
- A player's report goes to their own column of the (locked) match row; the result is
  confirmed when both columns agree, and flagged as disputed for the organiser when they
  differ. The organiser's result is final.
- Refusals: EventError (400, naming the field), OutOfTurn (409, saying why), NotAllowed (403).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import cast

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.utils import timezone

from decks.adapters import match_record
from decks.events.selectors import event_is_organiser
from decks.events.selectors import registrations_active
from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.events.services import OutOfTurn
from decks.events.services import registration_recheck_result
from decks.models import ClockState
from decks.models import Event
from decks.models import EventState
from decks.models import Match
from decks.models import Player
from decks.models import Registration
from decks.models import Round
from decks.models import RoundKind
from decks.tournaments.selectors import event_standings
from decks.tournaments.selectors import match_of
from decks.tournaments.selectors import players_of
from decks.tournaments.selectors import round_complete
from decks.tournaments.selectors import round_of
from decks.tournaments.selectors import seat_of
from decks.tournaments.signals import round_paired
from rules.tournament import bracket_first_round
from rules.tournament import bracket_next_round
from rules.tournament import check_result
from rules.tournament import default_rounds
from rules.tournament import pair_swiss
from rules.tournament.round_robin import MAX_ROUND_ROBIN_PLAYERS
from rules.tournament.round_robin import round_robin_rounds
from rules.tournament.round_robin import round_robin_tables
from rules.tournament.scoring import TOP_CUT_SIZES
from rules.tournament.scoring import bye_record


@dataclass
class StartList:
    """Who plays (active registrations legal now) and who is left out, with the reason."""

    players: list[Registration] = field(default_factory=list)
    left_out: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"players": [r.player.get_username() for r in self.players], "left_out": self.left_out}


def _lock(event: Event) -> Event:
    # Only the event row is locked: PostgreSQL locks no outer join's nullable side (the format version).
    locked = Event.objects.select_for_update(of=("self",)).select_related("game", "format_version", "organiser")
    return locked.get(pk=event.pk)


def event_start_list(*, event: Event) -> StartList:
    """The players the event would start with: every active registration whose list is legal in its format now."""
    start = StartList()
    for registration in registrations_active(event=event):
        verdict = registration_recheck_result(registration=registration, event=event)
        if verdict.get("legal"):
            start.players.append(registration)
        else:
            errors = verdict.get("errors") or [{"message": "the list is not legal in the event's format"}]
            reason = f"{registration.deck_name} is not legal in {event.format} now: {errors[0]['message']}"
            start.left_out.append({"player": registration.player.get_username(), "reason": reason})
    return start


def event_start(*, event: Event) -> StartList:
    """Close registration and fix the players (the organiser's call, checked by the caller)."""
    with transaction.atomic():
        locked = _lock(event)
        if locked.state != EventState.REGISTRATION:
            raise OutOfTurn("event", f"{locked.name} has already started.")
        start = event_start_list(event=locked)
        if len(start.players) < 2:
            raise OutOfTurn("event", f"An event needs two players with a legal list; it has {len(start.players)}.")
        Player.objects.bulk_create(Player(event=locked, user=r.player, registration=r) for r in start.players)
        now = timezone.now()
        locked.state, locked.seed, locked.started = EventState.RUNNING, secrets.token_hex(8), now
        locked.deadline = min(locked.deadline, now)
        if locked.pairing == "round_robin":
            if len(start.players) > MAX_ROUND_ROBIN_PLAYERS:
                raise OutOfTurn(
                    "pairing",
                    f"A round robin takes at most {MAX_ROUND_ROBIN_PLAYERS} players; {len(start.players)} would play "
                    f"{len(start.players) - 1} rounds or more. Choose Swiss pairing for this event.",
                )
            locked.rounds = round_robin_rounds(len(start.players))
        else:
            locked.rounds = locked.rounds or default_rounds(len(start.players))
        locked.save()
    return start


def _current_round_complete(event: Event, doing: str) -> None:
    if event.current_round:
        current = round_of(event=event, number=event.current_round)
        assert current is not None  # the event's current round exists
        if not round_complete(current):
            raise OutOfTurn("round", f"Round {event.current_round} still has matches without a result: {doing} after.")


def _winners(round_: Round) -> list[Player]:
    # A complete top-cut round: every result is in, and no table is a bye.
    return [
        m.player_a if cast(int, m.wins_a) > cast(int, m.wins_b) else cast(Player, m.player_b)
        for m in round_.matches.all()
    ]


def _create_round(event: Event, kind: str, tables: Sequence[tuple[Player, Player | None]]) -> Round:
    """Claim the next round number and write its matches (byes with their result), in the caller's transaction."""
    number = event.current_round + 1
    if not Event.objects.filter(pk=event.pk, current_round=event.current_round).update(current_round=number):
        raise OutOfTurn("round", f"Round {number} was paired a moment ago.")
    event.current_round = number
    try:
        round_ = Round.objects.create(event=event, number=number, kind=kind)
    except IntegrityError as exc:
        raise OutOfTurn("round", f"Round {number} was paired a moment ago.") from exc
    matches = []
    for table, (a, b) in enumerate(tables, start=1):
        match = Match(round=round_, table=table, player_a=a, player_b=b)
        if b is None:
            bye = bye_record(a.user.get_username(), event.games_per_match)
            match.wins_a, match.wins_b, match.draws, match.confirmed = *bye.wins, 0, True
        matches.append(match)
    Match.objects.bulk_create(matches)
    # In this transaction: an event played online opens its tables with the round (tables/matches.py receives it;
    # decks never imports tables).
    round_paired.send(sender=Round, round=round_, event=event)
    return round_


def round_pair_next(*, event: Event) -> Round:
    """Pair the next round: Swiss until the event's rounds are paired, then the top cut's next round."""
    with transaction.atomic():
        locked = _lock(event)
        if locked.state in (EventState.REGISTRATION, EventState.FINISHED):
            raise OutOfTurn("event", f"{locked.name} is not running: {locked.state}.")
        _current_round_complete(locked, "pair the next round")
        if locked.state == EventState.TOP_CUT:
            current = round_of(event=locked, number=locked.current_round)
            assert current is not None  # the event's current round exists
            winners = _winners(current)
            if len(winners) < 2:
                raise OutOfTurn("round", "The final is played: finish the event.")
            return _create_round(locked, RoundKind.TOP_CUT, bracket_next_round(winners))
        if locked.current_round >= cast(int, locked.rounds):  # set when the event started
            kind = "round robin" if locked.pairing == "round_robin" else "Swiss"
            raise OutOfTurn("round", f"All {locked.rounds} {kind} rounds are paired: start the top cut or finish.")
        if locked.pairing == "round_robin":
            return _create_round(locked, RoundKind.ROUND_ROBIN, _round_robin_tables(locked))
        return _create_round(locked, RoundKind.SWISS, _swiss_tables(locked))


def _round_robin_tables(event: Event) -> list[tuple[Player, Player | None]]:
    """The next round of the circle: the players in an order drawn once from the event's seed, by their ids."""
    players = {p.user.get_username(): p for p in players_of(event=event)}
    if sum(1 for p in players.values() if not p.dropped) < 2:
        raise OutOfTurn("round", "Nothing is left to pair: fewer than two players are still in. Finish the event.")
    order = sorted(players, key=lambda name: players[name].pk)
    random.Random(event.seed).shuffle(order)
    dropped = {name for name, p in players.items() if p.dropped}
    tables = round_robin_tables(order, event.current_round + 1, dropped)
    return [(players[a], players[b] if b is not None else None) for a, b in tables]


def _swiss_tables(event: Event) -> list[tuple[Player, Player | None]]:
    players = {p.user.get_username(): p for p in players_of(event=event)}
    still_in = [name for name, p in players.items() if not p.dropped]
    if len(still_in) < 2:
        # A round needs a match: with no one left it would be empty, and with one player only a bye,
        # handing out 3 points for a round no one played (docs/contracts/tournaments.md: 409, nothing left to pair).
        who = f"only {still_in[0]} is still in" if still_in else "every player has dropped"
        then = ": finish the event." if event.current_round else "."
        raise OutOfTurn("round", f"Nothing is left to pair: {who}{then}")
    swiss = Match.objects.filter(round__event=event, round__kind=RoundKind.SWISS).select_related(
        "player_a__user", "player_b__user"
    )
    tables = pair_swiss(
        players=list(players),
        matches=[match_record(m) for m in swiss],
        dropped=[name for name, p in players.items() if p.dropped],
        round_number=event.current_round + 1,
        seed=event.seed,
    )
    return [(players[a], players[b] if b is not None else None) for a, b in tables]


def top_cut_start(*, event: Event, size: int | None = None) -> Round:
    """After the last Swiss round: the top `size` (the event's top_cut when None) in bracket order."""
    with transaction.atomic():
        locked = _lock(event)
        size = size or locked.top_cut
        if size not in TOP_CUT_SIZES or not size:
            raise EventError("size", "A top cut is 2, 4 or 8 players.")
        # A running event's rounds were set when it started.
        if locked.state != EventState.RUNNING or locked.current_round < cast(int, locked.rounds):
            raise OutOfTurn("event", f"The top cut starts after the last Swiss round ({locked.rounds}) is paired.")
        _current_round_complete(locked, "start the top cut")
        players = {p.user.get_username(): p for p in players_of(event=locked)}
        seeds = [players[row.player] for row in event_standings(event=locked).rows if not row.dropped][:size]
        if len(seeds) < size:
            raise EventError("size", f"Only {len(seeds)} players are still in: a top {size} needs {size}.")
        locked.state, locked.top_cut = EventState.TOP_CUT, size
        locked.save(update_fields=["state", "top_cut"])
        return _create_round(locked, RoundKind.TOP_CUT, bracket_first_round(seeds))


def event_finish(*, event: Event) -> Event:
    """End the event once the current round's results are in (in a top cut: once the final is played)."""
    with transaction.atomic():
        locked = _lock(event)
        if locked.state not in (EventState.RUNNING, EventState.TOP_CUT) or not locked.current_round:
            raise OutOfTurn("event", f"{locked.name} has no round played to finish with.")
        _current_round_complete(locked, "finish the event")
        current = round_of(event=locked, number=locked.current_round)
        assert current is not None  # the event's current round exists
        if locked.state == EventState.TOP_CUT and len(current.matches.all()) > 1:
            raise OutOfTurn("event", "The top cut is not over: pair its next round.")
        Event.objects.filter(pk=locked.pk, state=locked.state).update(state=EventState.FINISHED)
        locked.state = EventState.FINISHED
    return locked


def player_drop(*, event: Event, user: User, player: str | None = None) -> Player:
    """Drop `user` from the event, or (the organiser) the player named `player`; they are not paired again."""
    organiser = event_is_organiser(event=event, user=user)
    if player is not None and not organiser and player != user.get_username():
        raise NotAllowed("player", "Only the organiser drops another player.")
    with transaction.atomic():
        locked = _lock(event)
        if locked.state == EventState.REGISTRATION:
            # Before the start there are no players yet, only registrations: "not playing" would be untrue.
            raise OutOfTurn(
                "event", f"{locked.name} has not started: a registered player withdraws their registration instead."
            )
        name = player if player is not None else user.get_username()
        target = players_of(event=locked).filter(user__username=name).select_for_update(of=("self",)).first()
        if target is None:
            if player is None:
                raise NotAllowed("player", "You are not playing in this event.")
            raise EventError("player", f"{player} is not playing in {locked.name}.")
        if locked.state != EventState.RUNNING:
            raise OutOfTurn("event", f"Players drop during the Swiss rounds; {locked.name} is {locked.state}.")
        if target.dropped:
            raise OutOfTurn("player", f"{name} has already dropped.")
        target.dropped, target.dropped_after = True, locked.current_round
        target.save(update_fields=["dropped", "dropped_after"])
    return target


# The body field a result problem names (the rest are about `wins`).
_FIELD_OF = {"too-many-games": "draws"}


def match_result_set(
    *,
    event: Event,
    match: Match,
    user: User,
    wins: list[int],
    draws: int,
    as_player: bool = False,
) -> Match:
    """A result for one match of the event (the caller found it by the event: event_match_or_404), `wins` in the
    order of its players.

    From the organiser: final (a correction too). From one of its players: a report, for the
    current round only; the match is confirmed when the opponent reports the same, disputed
    when they differ (the organiser then decides). `as_player`: the user reports as one of the
    match's players even if they organise the event (an organiser playing in their own event,
    from the player's page); they must then play the match.
    """
    side = seat_of(match=match, user=user)
    if as_player and side is None:
        raise NotAllowed("match", "You are not playing this match.")
    organiser = event_is_organiser(event=event, user=user) and not as_player
    if not organiser and side is None:
        raise NotAllowed("match", "Only the match's players and the organiser give its result.")
    top_cut = match.round.kind == RoundKind.TOP_CUT
    problems = check_result(wins, draws, games_per_match=event.games_per_match, top_cut=top_cut)
    if problems:
        raise EventError(_FIELD_OF.get(problems[0].code, "wins"), problems[0].message)
    result = {"wins": [wins[0], wins[1]], "draws": draws}
    with transaction.atomic():
        locked = _lock(event)
        row = Match.objects.select_for_update(of=("self",)).select_related("round").get(pk=match.pk)
        _check_result_turn(locked, row, organiser)
        if organiser:
            _set_result(row, result, confirmed=True)
        else:
            assert side is not None  # a player's report: refused above when not one of the match's players
            _report(row, side, result)
        row.save()
    answer = match_of(match_id=row.pk)
    assert answer is not None  # the row just saved
    return answer


def match_report_withdraw(*, event: Event, match: Match, user: User) -> Match:
    """A player takes back their report while its round is the latest (#36: a tap on the wrong button locked a
    result only the organiser could undo), even once it confirmed the match with the opponent's: the match goes
    back to the opponent's report alone. A result the organiser entered stays theirs to change."""
    side = seat_of(match=match, user=user)
    if side is None:
        raise NotAllowed("match", "You are not playing this match.")
    with transaction.atomic():
        locked = _lock(event)
        row = Match.objects.select_for_update(of=("self",)).select_related("round").get(pk=match.pk)
        if locked.state not in (EventState.RUNNING, EventState.TOP_CUT):
            raise OutOfTurn("event", f"{locked.name} is not running: {locked.state}.")
        if row.round.number != locked.current_round:
            raise OutOfTurn("match", f"Round {row.round.number} is over: ask the organiser to correct its result.")
        mine, other = (row.report_a, row.report_b) if side == 0 else (row.report_b, row.report_a)
        if mine is None:
            raise OutOfTurn("match", "You have not reported a result to take back.")
        agreed = row.confirmed and mine == other == row.result
        if row.confirmed and not agreed:
            raise OutOfTurn("match", "The organiser entered this result: ask them to change it.")
        setattr(row, "report_a" if side == 0 else "report_b", None)
        _set_result(row, other, confirmed=False)
        row.save()
    answer = match_of(match_id=row.pk)
    assert answer is not None  # the row just saved
    return answer


def _check_result_turn(event: Event, match: Match, organiser: bool) -> None:
    if event.state not in (EventState.RUNNING, EventState.TOP_CUT):
        raise OutOfTurn("event", f"{event.name} is not running: {event.state}.")
    if match.bye:
        raise OutOfTurn("match", "A bye's result is fixed.")
    latest = match.round.number == event.current_round
    if not latest and (match.round.kind == RoundKind.TOP_CUT or event.state == EventState.TOP_CUT):
        raise OutOfTurn("match", "Later rounds were paired from this result: it can no longer change.")
    if not organiser and not latest:
        raise OutOfTurn("match", f"Round {match.round.number} is over: ask the organiser to correct its result.")
    if not organiser and match.confirmed:
        raise OutOfTurn("match", "This result is confirmed: ask the organiser to correct it.")


def _set_result(match: Match, result: dict[str, Any] | None, *, confirmed: bool) -> None:
    if result is None:
        match.wins_a = match.wins_b = match.draws = None
    else:
        (match.wins_a, match.wins_b), match.draws = result["wins"], result["draws"]
    match.confirmed = confirmed


def _report(match: Match, side: int, result: dict[str, Any]) -> None:
    """A player's report in their own column; agreeing reports confirm, differing ones leave no result."""
    setattr(match, "report_a" if side == 0 else "report_b", result)
    other = match.report_b if side == 0 else match.report_a
    if other is None or other == result:
        _set_result(match, result, confirmed=other == result)
    else:
        _set_result(match, None, confirmed=False)


# ---------------------------------------------------------------- the round's clock
ROUND_MINUTES = (1, 240)  # a round's length, the least and the most
EXTEND_MINUTES = (1, 60)  # one extension of the round or of a table


def _clock_round(event: Event, user: User) -> tuple[Event, Round]:
    """The event (locked) and its current round (locked), for the organiser only; in the caller's transaction."""
    locked = _lock(event)
    if not event_is_organiser(event=locked, user=user):
        raise NotAllowed("event", "Only the organiser runs the round's clock.")
    if locked.state not in (EventState.RUNNING, EventState.TOP_CUT):
        raise OutOfTurn("event", f"{locked.name} is not running: {locked.state}.")
    current = Round.objects.select_for_update().filter(event=locked, number=locked.current_round).first()
    if current is None:
        raise OutOfTurn("round", "No round is paired yet: pair one, then start its clock.")
    return locked, current


def _minutes(value: int, bounds: tuple[int, int]) -> int:
    if not bounds[0] <= value <= bounds[1]:
        raise EventError("minutes", f"minutes must be a whole number from {bounds[0]} to {bounds[1]}.")
    return value


def round_clock_start(*, event: Event, user: User, minutes: int | None = None) -> Round:
    """Start the current round's clock (its length `minutes`, when given, before it first starts), or resume it."""
    if minutes is not None:
        _minutes(minutes, ROUND_MINUTES)
    with transaction.atomic():
        _locked, current = _clock_round(event, user)
        if current.clock_state == ClockState.RUNNING:
            raise OutOfTurn("clock", f"Round {current.number}'s clock is already running.")
        if minutes is not None:
            if current.clock_state != ClockState.READY:
                raise OutOfTurn("minutes", "The round has started: extend it rather than change its length.")
            current.clock_minutes = minutes
        current.clock_state, current.clock_started_at = ClockState.RUNNING, timezone.now()
        current.save(update_fields=["clock_state", "clock_minutes", "clock_started_at"])
    return current


def round_clock_pause(*, event: Event, user: User) -> Round:
    """Pause the current round's clock: the time it ran is kept, the time paused never counts."""
    with transaction.atomic():
        _locked, current = _clock_round(event, user)
        if current.clock_state != ClockState.RUNNING or current.clock_started_at is None:
            raise OutOfTurn("clock", f"Round {current.number}'s clock is not running.")
        ran = (timezone.now() - current.clock_started_at).total_seconds()
        current.clock_used += max(0, round(ran))
        current.clock_state, current.clock_started_at = ClockState.PAUSED, None
        current.save(update_fields=["clock_state", "clock_used", "clock_started_at"])
    return current


def round_clock_extend(*, event: Event, user: User, minutes: int) -> Round:
    """Give the whole round `minutes` more, running, paused or not yet started."""
    _minutes(minutes, EXTEND_MINUTES)
    with transaction.atomic():
        _locked, current = _clock_round(event, user)
        current.clock_extended += minutes * 60
        current.save(update_fields=["clock_extended"])
    return current


def match_extra_time(*, event: Event, user: User, match: Match, minutes: int) -> Match:
    """Give one table of the current round `minutes` beyond the round's clock (a late start, a judge's ruling)."""
    _minutes(minutes, EXTEND_MINUTES)
    with transaction.atomic():
        _locked, current = _clock_round(event, user)
        row = Match.objects.select_for_update().filter(pk=match.pk, round=current).first()
        if row is None:
            raise EventError("match", f"That is not a match of round {current.number} of {event.name}.")
        if row.bye:
            raise OutOfTurn("match", "A bye is not played: it needs no time.")
        row.extra_seconds += minutes * 60
        row.save(update_fields=["extra_seconds"])
    return row
