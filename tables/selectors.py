"""Reading tables: the lobby, one table, and what each seat (or a spectator) may see of it (docs/tables.md).

A seat's view comes from the engine's `view(state, seat)`; a spectator's from `view(state, None)`, at a tournament
table some moves behind. A move's message names its cards only when the viewer's view shows them."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import QuerySet
from django.utils import timezone

from decks.events.selectors import event_is_organiser
from decks.models import Match
from play.games.board import view_titles
from rules.play.log import Played
from tables.clocks import clock_kind
from tables.clocks import seconds_left
from tables.models import MatchTable
from tables.models import Move
from tables.models import MoveKind
from tables.models import Seat
from tables.models import SeatKind
from tables.models import Table
from tables.models import TableRules
from tables.models import TableStatus
from tables.positions import position
from tables.positions import undoable_moves

LOBBY_SIZE = 50


def lobby_tables() -> QuerySet[Table]:
    """Open tables listed in the lobby, newest first, with their seats."""
    return (
        Table.objects.filter(status=TableStatus.OPEN, listed=True)
        .select_related("host")
        .prefetch_related("seats")
        .order_by("-created")[:LOBBY_SIZE]
    )


def tables_of(*, user: Any) -> QuerySet[Table]:
    """The tables where `user` has a seat, newest first."""
    return Table.objects.filter(seats__user_id=user.pk).distinct().prefetch_related("seats").order_by("-updated")[:50]


def table_get(*, table_id: UUID | str) -> Table | None:
    """A table by id: anyone with its link may watch it (the id is a random UUID)."""
    try:
        return Table.objects.select_related("host").filter(pk=table_id).first()
    except (ValueError, TypeError):
        return None


def table_seats(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).order_by("index"))


def table_with_seats(*, table_id: UUID) -> tuple[Table, list[Seat]] | None:
    """A table and its seats in one query (a socket reads them at every move of its table), or None: no table."""
    seats = list(Seat.objects.filter(table_id=table_id).select_related("table").order_by("index"))
    if not seats:  # a table has its seats from its making; this only answers "no table" the same way
        table = Table.objects.filter(pk=table_id).first()
        return None if table is None else (table, [])
    table = seats[0].table
    for seat in seats[1:]:
        seat.table = table  # one table object, as table_seats(table) gives
    return table, seats


def log_since(table: Table, after: int) -> list[Move]:
    """One read of the log for a catch-up: the moves after `after` up to the table's last, in order, what
    `move_messages` and `seat_state` (its take-back check) take as `moves`."""
    return list(Move.objects.filter(table=table, seq__gt=after, seq__lte=table.seq).order_by("seq"))


def shown_seq(table: Table, seat: int | None) -> int:
    """The last move `seat` may know of: all of them for a seat, the delayed one for a spectator while playing."""
    if seat is None and table.status == TableStatus.PLAYING:
        return max(0, table.seq - table.spectator_delay)
    return table.seq


def seat_state(table: Table, seats: list[Seat], seat: int | None, *, moves: list[Move] | None = None) -> dict[str, Any]:
    """The whole table as `seat` (None: a spectator) may see it now: never the seed, never a hidden card.
    `moves`: the log as `log_since` read it, or None to read what is needed here."""
    seq = shown_seq(table, seat)
    played = position(table, seats, seq)
    engine, state = played.engine, played.state
    result = engine.result(state)
    legal = engine.legal(state) if result is None and table.status == TableStatus.PLAYING else {}
    now = timezone.now()
    playing = table.status == TableStatus.PLAYING

    def ticking(s: Seat) -> bool:
        return playing and s.kind == SeatKind.PERSON and s.index in legal

    offers = {k: table.offers.get(k) for k in ("takeback", "rematch")}
    rematch = table_rematch_of(table) if table.status == TableStatus.OVER else None
    return {
        "type": "state",
        "table": str(table.pk),
        "game": table.game,
        "seq": seq,
        "status": table.status,
        "rules": table.rules,
        "you": seat,
        "seats": [
            {
                "index": s.index,
                "name": s.name,
                "kind": s.kind,
                "taken": s.taken,
                "to_act": s.index in legal,
                "clock": seconds_left(table, s, ticking(s), now) if playing else None,
                "clock_runs": ticking(s) and clock_kind(table) is not None,
            }
            for s in seats
        ],
        "view": engine.view(state, seat),
        "legal": legal.get(seat, []) if seat is not None else [],
        "result": table.result if table.status == TableStatus.OVER else None,
        "clock": clock_settings(table),
        "offers": offers,
        "offers_tag": offers_tag(offers, rematch),
        "can_take_back": seat is not None
        and playing
        and table.rules == TableRules.FRIENDLY
        and not offers["takeback"]
        and seq == table.seq
        and bool(undoable_moves(table, seats, seat, moves)),
        "rematch": str(rematch.pk) if rematch is not None else None,
        "rematch_of": str(table.rematch_of_id) if table.rematch_of_id else None,
    }


def clock_settings(table: Table) -> dict[str, Any] | None:
    """The table's clock as chosen at its making (docs/tables.md, "Clocks"), or None: no clock."""
    kind = clock_kind(table)
    if kind is None:
        return None
    return {
        "kind": kind,
        "minutes": table.clock_initial // 60,
        "increment_seconds": table.clock_increment,
        "move_hours": table.move_hours,
    }


def offers_tag(offers: dict[str, Any], rematch: Table | None) -> str:
    """A short mark of the open offers: the client redraws the board when it changes."""
    takeback, again = offers.get("takeback") or {}, offers.get("rematch") or {}
    return f"t{takeback.get('agreed', '')}r{again.get('agreed', '')}m{rematch.pk if rematch else ''}".replace(" ", "")


def table_rematch_of(table: Table) -> Table | None:
    """The rematch opened from a finished table, if any."""
    return Table.objects.filter(rematch_of=table).first()


MOVE_WORDS: dict[str, str] = {
    MoveKind.RESIGN: "resigned",
    MoveKind.TIMEOUT: "ran out of time",
    MoveKind.AWAY: "was away too long",
    MoveKind.TAKEBACK: "took back move",
}


def move_messages(
    table: Table, seats: list[Seat], seat: int | None, after: int, *, moves: list[Move] | None = None
) -> list[dict[str, Any]]:
    """The moves after `after` that `seat` may know of, each with its words; cards named only where the viewer
    sees them now (a card played face down stays unnamed). `moves`: the log as `log_since(table, after)` read it,
    or None to read it here."""
    upto = shown_seq(table, seat)
    if after >= upto:
        return []
    if moves is None or not moves or moves[0].seq > after + 1:  # not read, or not from `after`: read it here
        moves = list(Move.objects.filter(table=table, seq__gt=after, seq__lte=upto).order_by("seq"))
    played: Played = position(table, seats, upto)
    visible = view_titles(played.engine.view(played.state, seat))
    names = {s.index: s.name for s in seats}
    out = []
    for move in moves:
        if not after < move.seq <= upto:
            continue
        cards = [c for c in move.action.get("cards", []) if isinstance(c, str)]
        shown = cards if cards and all(c in visible for c in cards) else []
        kind = MOVE_WORDS.get(move.kind) or str(move.action.get("type", "")).replace("-", " ")
        if move.kind == MoveKind.TAKEBACK:
            kind += " " + ", ".join(str(n) for n in move.action.get("undo", []))
        words = f"{names.get(move.seat, 'A player')}: {kind}"
        if shown:
            words += " " + ", ".join(shown)
        elif cards:
            words += f" ({len(cards)} card{'s' if len(cards) != 1 else ''})"
        out.append(
            {
                "type": "move",
                "seq": move.seq,
                "seat": move.seat,
                "kind": move.kind,
                "action": move.action.get("type", "") if move.kind == MoveKind.ACTION else move.kind,
                "cards": shown,
                "words": words,
            }
        )
    return out


def replay_allowed(seats: list[Seat]) -> bool:
    """A finished game's replay is public only where every person at the table allows it."""
    return all(s.allow_replay for s in seats if s.kind == SeatKind.PERSON)


def match_tables_of(*, match_id: int, user: Any) -> list[MatchTable] | None:
    """The tables of an event's match played online, game by game, for one of its players or the people who run the
    event (`event_is_organiser`: its organiser and co-organisers); None for anyone else (and for no such match), so
    a stranger learns nothing (docs/tables.md)."""
    if user is None or not user.is_authenticated:
        return None
    match = Match.objects.filter(pk=match_id).select_related("round__event", "player_a", "player_b").first()
    if match is None:
        return None
    plays = user.pk in (match.player_a.user_id, match.player_b.user_id if match.player_b else None)
    if not plays and not event_is_organiser(event=match.round.event, user=user):
        return None
    return list(MatchTable.objects.filter(match=match).select_related("table").order_by("game_number"))


def table_is_event_match(table: Table) -> bool:
    """Is this table a game of an event's match (tables/matches.py)? Its next game opens by itself: no rematch."""
    return MatchTable.objects.filter(table=table).exists()
