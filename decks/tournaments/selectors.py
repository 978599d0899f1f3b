"""Reading a running event: its players, rounds and matches, and the standings.

Events are public, and so is what happens at them: anyone who may see the event reads
its pairings, results, standings and bracket. `event_standings` is the one place the
standings are computed (rules.tournament.standings) for the pages, the API and the CSV.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import datetime
from typing import Any
from typing import cast

from django.contrib.auth import models as auth_models
from django.db.models import Prefetch
from django.db.models import Q
from django.db.models import QuerySet

from cardcollections.spreadsheets import spreadsheet_cell
from decks.adapters import match_record
from decks.events.selectors import User
from decks.judging.models import Penalty
from decks.judging.models import PenaltyKind
from decks.judging.selectors import is_staff
from decks.models import ClockState
from decks.models import Event
from decks.models import EventState
from decks.models import Match
from decks.models import Player
from decks.models import Registration
from decks.models import Round
from decks.models import RoundKind
from decks.tournaments.models import SCORED_KINDS
from rules.tournament import Standing
from rules.tournament import standings
from rules.tournament.scoring import MatchRecord
from rules.tournament.scoring import penalised

STANDINGS_CSV_HEADER = ["rank", "player", "points", "record", "omw", "gwp", "ogw", "dropped"]
# How many decks the finished event shows when its organiser made the lists public (at least the top cut).
TOP_DECKS = 8


def standings_visible(*, event: Event, user: User) -> bool:
    """Whether `user` may see the event's standings: anyone's, unless the event is casual (docs/decks.md, "Casual
    events"): then only its staff (organiser, co-organisers, judges) and its players."""
    return not event.casual or event_insider(event=event, user=user)


def event_insider(*, event: Event, user: User | None) -> bool:
    """Is `user` one of the event's staff (organiser, co-organisers, judges) or its players? They see a casual
    event's standings, and the reasons of its penalties (docs/decks.md, "Penalties")."""
    if user is None or not user.is_authenticated:
        return False
    return is_staff(event=event, user=user) or Player.objects.filter(event=event, user_id=user.pk).exists()


def players_of(*, event: Event) -> QuerySet[Player]:
    return Player.objects.filter(event=event).select_related("user", "registration").order_by("id")


def player_of(*, event: Event, user: User) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return players_of(event=event).filter(user=user).first()


def _matches() -> QuerySet[Match]:
    return Match.objects.select_related("player_a__user", "player_b__user", "player_a__registration").select_related(
        "player_b__registration"
    )


def rounds_of(*, event: Event) -> list[Round]:
    """Every round of the event with its matches (two queries)."""
    return list(
        Round.objects.filter(event=event)
        .order_by("number")
        .prefetch_related(Prefetch("matches", queryset=_matches().order_by("table")))
    )


def round_of(*, event: Event, number: Any) -> Round | None:
    try:
        number = int(number)
    except (TypeError, ValueError):
        return None
    return (
        Round.objects.filter(event=event, number=number)
        .prefetch_related(Prefetch("matches", queryset=_matches().order_by("table")))
        .first()
    )


def match_of(*, match_id: Any) -> Match | None:
    """A match by id, of any event (a match just saved, read again); one a URL names is `event_match`'s."""
    try:
        return _matches().select_related("round__event").filter(pk=int(match_id)).first()
    except (TypeError, ValueError, OverflowError):
        return None


def event_match(*, event: Event, match_id: Any) -> Match | None:
    """The match of `event` with that id; None when there is none, another event's included: the one check that a
    match belongs to the event, for its pages, its API and its services (decks.tournaments.lookups)."""
    try:
        return _matches().select_related("round__event").filter(pk=int(match_id), round__event_id=event.pk).first()
    except (TypeError, ValueError, OverflowError):
        return None


def seat_of(*, match: Match, user: auth_models.User) -> int | None:
    """The user's seat in the match: 0 (first listed), 1 (second), None when they do not play it."""
    seats = (match.player_a, match.player_b)
    return next((i for i, p in enumerate(seats) if p is not None and p.user_id == user.pk), None)


def round_complete(round_: Round) -> bool:
    return all(m.confirmed for m in round_.matches.all())


@dataclass(frozen=True)
class EventStandings:
    """The standings after `round` (the last Swiss round with every result in), best first."""

    round: int
    rows: list[Standing]
    # event_final_standings: a finished event's places, the top cut first (the winner first), records with it.
    final: bool = False
    # Each player whose points a penalty changed: what it was and why ("round 2, game loss: slow play").
    marks: dict[str, list[str]] = field(default_factory=dict)
    # The same marks without the reasons ("round 2, game loss"): what the public reads (`for_viewer`).
    public_marks: dict[str, list[str]] = field(default_factory=dict)

    def for_viewer(self, *, insider: bool) -> EventStandings:
        """The standings as a viewer reads them: a penalty's reason only for the event's staff and players
        (`event_insider`); everyone else sees what it was and when."""
        return self if insider else replace(self, marks=self.public_marks)

    def to_dict(self) -> dict[str, Any]:
        rows = [{**row.to_dict(), "penalties": self.marks.get(row.player, [])} for row in self.rows]
        return {"round": self.round, "standings": rows}


def _scored_records(
    event: Event, matches: list[Match], marks: dict[str, list[str]], public: dict[str, list[str]]
) -> list[MatchRecord]:
    """The matches as the standings count them: each with its penalties applied (rules.tournament.penalised);
    a penalty that changed its player's match points is written into `marks` (docs/decks.md, "Penalties")."""
    given: dict[int, list[Penalty]] = {}
    for penalty in (
        Penalty.objects.filter(match__round__event=event).exclude(kind=PenaltyKind.WARNING).order_by("created", "id")
    ):
        given.setdefault(penalty.match_id, []).append(penalty)
    records = []
    for m in matches:
        record = match_record(m)
        for penalty in given.get(m.pk, []):
            side = 0 if penalty.player_id == m.player_a_id else 1
            before = record.match_points(side)
            record = penalised(record, side, penalty.kind, event.games_per_match)
            if record.match_points(side) != before:
                name = record.players[side] or ""
                label = PenaltyKind(penalty.kind).label
                marks.setdefault(name, []).append(f"round {m.round.number}, {label}: {penalty.reason}")
                public.setdefault(name, []).append(f"round {m.round.number}, {label}")
        records.append(record)
    return records


def event_standings(*, event: Event, rounds: list[Round] | None = None) -> EventStandings:
    """The Swiss standings: every player fixed at the start, from the confirmed results of complete Swiss rounds,
    with the penalties given on them."""
    rounds = rounds_of(event=event) if rounds is None else rounds
    players = list(players_of(event=event))
    swiss = [r for r in rounds if r.kind in SCORED_KINDS and round_complete(r)]
    marks: dict[str, list[str]] = {}
    public: dict[str, list[str]] = {}
    rows = standings(
        players=[p.user.get_username() for p in players],
        matches=_scored_records(event, [m for r in swiss for m in r.matches.all()], marks, public),
        dropped=[p.user.get_username() for p in players if p.dropped],
    )
    number = max((r.number for r in swiss), default=0)
    return EventStandings(round=number, rows=rows, marks=marks, public_marks=public)


def event_standings_csv(*, event: Event) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_CSV_HEADER)
    for row in event_standings(event=event).rows:
        values = row.to_dict()
        writer.writerow(
            [spreadsheet_cell(str(values[k])) if k == "player" else values[k] for k in STANDINGS_CSV_HEADER]
        )
    return out.getvalue()


def current_match_of(*, event: Event, user: User) -> Match | None:
    """The user's match in the event's latest round (None: not playing it, or not signed in)."""
    player = player_of(event=event, user=user)
    if player is None or not event.current_round:
        return None
    mine = Q(player_a=player) | Q(player_b=player)
    return _matches().filter(mine, round__event=event, round__number=event.current_round).first()


def _top_cut_order(rounds: list[Round], seed: dict[str, int]) -> list[str]:
    """The top cut's players in their final order: the later a player went out the better (the winner,
    never out, first), and those out in the same round in their Swiss order (`seed`)."""
    out: dict[str, float] = {}
    for round_ in (r for r in rounds if r.kind == RoundKind.TOP_CUT):
        for m in round_.matches.all():
            a = m.player_a.user.get_username()
            b = m.player_b.user.get_username() if m.player_b is not None else None
            for name in (a, b):
                if name is not None:
                    out[name] = math.inf
            if b is not None and m.wins_a is not None and m.wins_a != m.wins_b:
                out[b if m.wins_a > cast(int, m.wins_b) else a] = round_.number  # a result sets both
    return sorted(out, key=lambda name: (-out[name], seed.get(name, len(seed))))


def event_final_standings(*, event: Event, rounds: list[Round] | None = None) -> EventStandings:
    """What the event's pages show as its standings: the Swiss standings while it runs, or when no top cut was
    played; once a top cut is played and the event is finished, its final places (#36: the standings still
    ranked the Swiss leader first after another player won the final): the top cut's players in their final
    order (the winner first), then the others in their Swiss order, each record counting the top cut's
    matches too."""
    rounds = rounds_of(event=event) if rounds is None else rounds
    swiss = event_standings(event=event, rounds=rounds)
    cut_rounds = [r for r in rounds if r.kind == RoundKind.TOP_CUT]
    if event.state != EventState.FINISHED or not cut_rounds:
        return swiss
    seed = {row.player: i for i, row in enumerate(swiss.rows)}
    cut = _top_cut_order(rounds, seed)
    players = list(players_of(event=event))
    counted = [r for r in rounds if round_complete(r)]
    with_cut = {
        row.player: row
        for row in standings(
            players=[p.user.get_username() for p in players],
            matches=_scored_records(event, [m for r in counted for m in r.matches.all()], {}, {}),
            dropped=[p.user.get_username() for p in players if p.dropped],
        )
    }
    rest = [row.player for row in swiss.rows if row.player not in cut]
    rows = [replace(with_cut[name], rank=place) for place, name in enumerate(cut + rest, start=1)]
    return EventStandings(round=swiss.round, rows=rows, final=True, marks=swiss.marks, public_marks=swiss.public_marks)


def top_decks(*, event: Event) -> list[tuple[Standing, Registration]]:
    """The finished event's best decks by final place, if the organiser made the lists public; else none.

    The final places go to the players who saw the event through (dropped players are left out, as
    they are from the top cut): first, if a top cut was played, its players in their final order (the
    winner, the finalist, then each earlier cut round's losers, those of one round in their Swiss
    order); then everyone else in the order of the Swiss standings. The first max(TOP_DECKS, cut size)
    are shown, each as its Swiss standing (record, points) with `rank` set to the final place.
    """
    if event.state != EventState.FINISHED or not event.decklists_public or event.casual:
        return []  # a casual event ranks no decks in public
    registrations = {p.user.get_username(): p.registration for p in players_of(event=event)}
    rounds = rounds_of(event=event)
    cut = len(_top_cut_order(rounds, {}))
    # The final standings' places and records (the top cut's matches counted), as the standings page shows them.
    rows = [row for row in event_final_standings(event=event, rounds=rounds).rows if not row.dropped]
    places = rows[: max(TOP_DECKS, cut)]
    return [(replace(row, rank=place), registrations[row.player]) for place, row in enumerate(places, start=1)]


def public_registration(*, event: Event, registration_id: Any) -> Registration | None:
    """A player's registered list, for anyone, once the event is finished with its lists public."""
    if event.state != EventState.FINISHED or not event.decklists_public:
        return None
    player = players_of(event=event).filter(registration_id=registration_id).first()
    return player.registration if player is not None else None


# ---------------------------------------------------------------- the round's clock, for the projector and phones
@dataclass(frozen=True)
class ClockView:
    """The round's clock at one moment, as the pages send it: the browser counts down from `remaining`."""

    state: str  # ready, running, paused
    remaining: float  # seconds; negative once time is up
    minutes: int  # the round's length
    extended: int  # seconds the organiser added
    extra: int = 0  # seconds one table has beyond the round's (counted in `remaining`)

    @property
    def running(self) -> bool:
        return self.state == ClockState.RUNNING

    @property
    def seconds(self) -> int:
        """Whole seconds left (rounded up, so the clock reads 0:00 only once time is up); never below 0."""
        return max(0, math.ceil(self.remaining))

    @property
    def text(self) -> str:
        seconds = self.seconds
        return f"{seconds // 60}:{seconds % 60:02d}"


def round_clock(round_: Round, *, now: datetime, extra: int = 0) -> ClockView:
    """The clock of `round_` at `now`; `extra`: a table's time beyond the round's."""
    return ClockView(
        state=round_.clock_state,
        remaining=round_.clock_remaining(now) + extra,
        minutes=round_.clock_minutes,
        extended=round_.clock_extended,
        extra=extra,
    )


@dataclass(frozen=True)
class TableView:
    match: Match
    clock: ClockView | None  # its own clock when the table has extra time


@dataclass(frozen=True)
class ProjectorView:
    """What the projector shows: the current round's clock, its tables, and the standings."""

    round: Round | None
    clock: ClockView | None
    tables: list[TableView]
    standings: EventStandings


def projector_view(*, event: Event, now: datetime) -> ProjectorView:
    """The event's current round as the wall shows it (three queries: rounds, matches, players)."""
    rounds = rounds_of(event=event)
    current = rounds[-1] if rounds else None
    clock = round_clock(current, now=now) if current is not None else None
    tables = []
    if current is not None:
        for m in current.matches.all():
            extra = round_clock(current, now=now, extra=m.extra_seconds) if m.extra_seconds and not m.bye else None
            tables.append(TableView(match=m, clock=extra))
    return ProjectorView(
        round=current, clock=clock, tables=tables, standings=event_standings(event=event, rounds=rounds)
    )


def round_clock_of(*, event: Event, now: datetime, match: Match | None = None) -> ClockView | None:
    """The current round's clock (a player's: with their table's extra time), None before round 1."""
    current = Round.objects.filter(event=event, number=event.current_round).first() if event.current_round else None
    if current is None:
        return None
    extra = match.extra_seconds if match is not None and match.round_id == current.pk else 0
    return round_clock(current, now=now, extra=extra)
