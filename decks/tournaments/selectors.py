"""Reading a running event: its players, rounds and matches, and the standings.

Events are public, and so is what happens at them: anyone who may see the event reads
its pairings, results, standings and bracket. `event_standings` is the one place the
standings are computed (rules.tournament.standings) for the pages, the API and the CSV.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from cardcollections.spreadsheets import spreadsheet_cell
from decks.adapters import match_record
from decks.events.selectors import User
from decks.models import Event, EventState, Match, Player, Registration, Round, RoundKind
from rules.tournament import Standing, standings

STANDINGS_CSV_HEADER = ["rank", "player", "points", "record", "omw", "gwp", "ogw", "dropped"]
# How many decks the finished event shows when its organiser made the lists public (at least the top cut).
TOP_DECKS = 8


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
    """A match by id, of any event (the caller checks it is the event's)."""
    try:
        return _matches().select_related("round__event").filter(pk=int(match_id)).first()
    except (TypeError, ValueError, OverflowError):
        return None


def round_complete(round_: Round) -> bool:
    return all(m.confirmed for m in round_.matches.all())


@dataclass(frozen=True)
class EventStandings:
    """The standings after `round` (the last Swiss round with every result in), best first."""

    round: int
    rows: list[Standing]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "standings": [row.to_dict() for row in self.rows]}


def event_standings(*, event: Event, rounds: list[Round] | None = None) -> EventStandings:
    """The Swiss standings: every player fixed at the start, from the confirmed results of complete Swiss rounds."""
    rounds = rounds_of(event=event) if rounds is None else rounds
    players = list(players_of(event=event))
    swiss = [r for r in rounds if r.kind == RoundKind.SWISS and round_complete(r)]
    rows = standings(
        players=[p.user.get_username() for p in players],
        matches=[match_record(m) for r in swiss for m in r.matches.all()],
        dropped=[p.user.get_username() for p in players if p.dropped],
    )
    return EventStandings(round=max((r.number for r in swiss), default=0), rows=rows)


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


def top_decks(*, event: Event) -> list[tuple[Standing, Registration]]:
    """The finished event's best decks with their standing, if the organiser made the lists public; else none."""
    if event.state != EventState.FINISHED or not event.decklists_public:
        return []
    registrations = {p.user.get_username(): p.registration for p in players_of(event=event)}
    rows = event_standings(event=event).rows[: max(TOP_DECKS, event.top_cut)]
    return [(row, registrations[row.player]) for row in rows]


def public_registration(*, event: Event, registration_id: Any) -> Registration | None:
    """A player's registered list, for anyone, once the event is finished with its lists public."""
    if event.state != EventState.FINISHED or not event.decklists_public:
        return None
    player = players_of(event=event).filter(registration_id=registration_id).first()
    return player.registration if player is not None else None
