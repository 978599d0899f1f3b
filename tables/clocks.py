"""A table's clock, in arithmetic (docs/tables.md, "Clocks"): who it runs for, what each seat has left, and when
the first flag falls. The writes that charge it are in tables/services.py, in the move's transaction.

The clock runs only for the people to act (the engine's `legal`): never for the computer, which moves in the
transaction that gave it the turn. A live clock keeps each seat's seconds (`Seat.clock_left`, charged at each
move since `Table.clock_since`, plus the increment for the mover); a correspondence table gives each move
`move_hours` from `clock_since`. A table with neither lets the players who wait claim the win once the people to
act have been away `TABLES_AWAY_HOURS` (docs/tables.md, "Away").
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from datetime import datetime
from datetime import timedelta
from typing import Any

from django.conf import settings

from tables.models import Move
from tables.models import Seat
from tables.models import SeatKind
from tables.models import Table
from tables.models import TableStatus

LIVE = "live"
CORRESPONDENCE = "correspondence"


def clock_kind(table: Table) -> str | None:
    if table.clock_initial:
        return LIVE
    if table.move_hours:
        return CORRESPONDENCE
    return None


def running(seats: Iterable[Seat], legal: Mapping[int, Any]) -> list[Seat]:
    """The seats whose clock runs now: the people who must act."""
    return [s for s in seats if s.kind == SeatKind.PERSON and s.index in legal]


def elapsed(table: Table, now: datetime) -> float:
    return max(0.0, (now - table.clock_since).total_seconds()) if table.clock_since else 0.0


def seconds_left(table: Table, seat: Seat, ticking: bool, now: datetime) -> float | None:
    """What `seat` has left now (None: no clock for it); `ticking`: its clock runs."""
    kind = clock_kind(table)
    if kind == LIVE and seat.kind == SeatKind.PERSON:
        left = seat.clock_left if seat.clock_left is not None else float(table.clock_initial)
        return max(0.0, left - (elapsed(table, now) if ticking else 0.0))
    if kind == CORRESPONDENCE and ticking:
        return max(0.0, table.move_hours * 3600 - elapsed(table, now))
    return None


def fallen(table: Table, seats: Iterable[Seat], legal: Mapping[int, Any], now: datetime) -> Seat | None:
    """The seat whose flag has fallen (the first to fall, when several ran at once), or None."""
    if clock_kind(table) is None or table.clock_since is None:
        return None
    out = [(seconds_left(table, s, True, now) or 0.0, s.index, s) for s in running(seats, legal)]
    out = [o for o in out if o[0] <= 0]
    if not out:
        return None
    if clock_kind(table) == LIVE:
        # All at 0 now: the one that had least at the last charge fell first.
        out.sort(key=lambda o: (o[2].clock_left or 0.0, o[1]))
    return out[0][2]


def deadline(table: Table, seats: Iterable[Seat], legal: Mapping[int, Any]) -> datetime | None:
    """When the first running flag falls, counted from `clock_since` (None: no clock, or nobody's runs)."""
    ticking = running(seats, legal)
    if not ticking or table.clock_since is None:
        return None
    kind = clock_kind(table)
    if kind == LIVE:
        least = min(s.clock_left if s.clock_left is not None else float(table.clock_initial) for s in ticking)
        return table.clock_since + timedelta(seconds=max(0.0, least))
    if kind == CORRESPONDENCE:
        return table.clock_since + timedelta(hours=table.move_hours)
    return None


def away_since(table: Table) -> Any:
    """When the seats to act were given the turn at a table without a clock: its last move (a take-back is one),
    or, before any, the start (the table's row changes during play only when a move is made or an offer is)."""
    last = Move.objects.filter(table=table).order_by("-seq").values_list("at", flat=True).first()
    return last or table.updated


def away_claimable_at(table: Table) -> Any:
    """From when the others may claim the win at a table without a clock (None: the table has a clock, or is
    not being played)."""
    if table.status != TableStatus.PLAYING or clock_kind(table) is not None:
        return None
    return away_since(table) + timedelta(hours=settings.TABLES_AWAY_HOURS)
