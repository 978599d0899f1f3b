"""A table's position: its log replayed through the game's engine (docs/tables.md, "The log").

Each process keeps the last positions it computed, by (table, seq): a table's log only grows, so the position
after move n never changes, and every connection of a table shares one replay per move instead of one each.
A position taken out to be moved on (`position_take`) leaves the cache, so nobody reads it half-changed.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from play.games.services import game_replay
from rules.play.log import Played
from tables.models import Move
from tables.models import MoveKind
from tables.models import Seat
from tables.models import SeatKind
from tables.models import Table

# A live table keeps one position (its last; a tournament table's spectators, some moves behind, one more), so
# past KEPT tables moving in one process each move would replay its whole log. About 100 KiB each (a Book of
# Mormon Battles game, traced): 1,024 is some 100 MiB at most, for 500 tables (the goal of #31) with spectators.
KEPT = 1024
# The past steps of finished games, read by their replays: kept apart, so a visitor stepping through a long replay
# never pushes the live tables' positions out (each would then replay its whole log on its next read).
KEPT_REPLAY_STEPS = 64
# A take-back looks this far back for the asker's move behind the computer's answers.
MAX_UNDO = 64
_lock = threading.Lock()


class _Kept:
    """The last positions computed, by (table, seq), the oldest dropped past `size`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.found: OrderedDict[tuple[UUID, int], Played] = OrderedDict()

    def get(self, key: tuple[UUID, int]) -> Played | None:
        with _lock:
            played = self.found.get(key)
            if played is not None:
                self.found.move_to_end(key)
            return played

    def pop(self, key: tuple[UUID, int]) -> Played | None:
        with _lock:
            return self.found.pop(key, None)

    def put(self, key: tuple[UUID, int], played: Played) -> None:
        with _lock:
            self.found[key] = played
            self.found.move_to_end(key)
            while len(self.found) > self.size:
                self.found.popitem(last=False)

    def clear(self) -> None:
        with _lock:
            self.found.clear()


_positions = _Kept(KEPT)
_replay_steps = _Kept(KEPT_REPLAY_STEPS)


@dataclass(frozen=True)
class Committed:
    """A table as the transaction of its move `table.seq` committed it: its row, its seats and the moves that
    transaction appended (the player's, then the computer's). Kept by the process that made the move, so its
    sockets of the table catch up after that move from here instead of each reading the database again: the
    same rows they would read, as of that commit (a later change sends its own nudge)."""

    table: Table
    seats: list[Seat]
    moves: list[Move]


class _Committed:
    """The last moves' commits, by (table, seq), the oldest dropped past `size`: only a move's own transaction
    makes the entry for its seq, so an entry is never another commit's."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.found: OrderedDict[tuple[UUID, int], Committed] = OrderedDict()

    def get(self, key: tuple[UUID, int]) -> Committed | None:
        with _lock:
            return self.found.get(key)

    def put(self, key: tuple[UUID, int], committed: Committed) -> None:
        with _lock:
            self.found[key] = committed
            while len(self.found) > self.size:
                self.found.popitem(last=False)

    def clear(self) -> None:
        with _lock:
            self.found.clear()


_committed = _Committed(KEPT)


def commit_remember(table: Table, seats: list[Seat], moves: list[Move]) -> None:
    """After the commit of a move's transaction: copies, so nothing the caller does later changes them."""
    kept = copy.copy(table)
    kept.offers, kept.result = copy.deepcopy(table.offers), copy.deepcopy(table.result)
    _committed.put((table.pk, table.seq), Committed(kept, [copy.copy(s) for s in seats], list(moves)))


def committed(table_id: UUID, seq: int) -> Committed | None:
    """The table as move `seq`'s transaction committed it, if this process made that move (and still keeps it).
    Read only: shared by every socket of the table."""
    return _committed.get((table_id, seq))


def seat_specs(seats: Iterable[Seat]) -> list[dict[str, Any]]:
    # A seat's deck list (an event's registered deck) is dealt with the seed; a fixed-deck game's seats have none.
    return [
        {"name": seat.name or f"Seat {seat.index + 1}", **({"deck": seat.deck} if seat.deck else {})} for seat in seats
    ]


def replay_moves(table: Table, seats: Iterable[Seat], moves: Iterable[Move]) -> Played:
    """The game after `moves` (the log's actions, in order; resignations and time-outs are not the engine's).
    A take-back's move names the moves it undoes: they stay in the log and are not replayed."""
    moves = list(moves)
    undone = {seq for m in moves if m.kind == MoveKind.TAKEBACK for seq in m.action.get("undo", [])}
    actions = [{"seat": m.seat, **m.action} for m in moves if m.kind == MoveKind.ACTION and m.seq not in undone]
    return game_replay(
        game=table.game, seats=seat_specs(seats), options=table.options, seed=table.seed, actions=actions
    )


def position(table: Table, seats: list[Seat], seq: int | None = None) -> Played:
    """The game after move `seq` (default: the table's last), from this process's cache or the log."""
    seq = table.seq if seq is None else seq
    found = _positions.get((table.pk, seq))
    if found is not None:
        return found
    played = replay_moves(table, seats, Move.objects.filter(table=table, seq__lte=seq).order_by("seq"))
    remember(table.pk, seq, played)
    return played


def replay_position(table: Table, seats: list[Seat], seq: int) -> Played:
    """A finished game after move `seq`, for its replay: kept apart from the live tables' positions. Never moved
    on (a replay only reads)."""
    if seq == table.seq:
        return position(table, seats)
    found = _replay_steps.get((table.pk, seq))
    if found is None:
        found = replay_moves(table, seats, Move.objects.filter(table=table, seq__lte=seq).order_by("seq"))
        _replay_steps.put((table.pk, seq), found)
    return found


def position_take(table: Table, seats: list[Seat]) -> Played:
    """The table's current position to be moved on: out of the cache (or replayed), no longer shared."""
    found = _positions.pop((table.pk, table.seq))
    if found is not None:
        return found
    return replay_moves(table, seats, Move.objects.filter(table=table).order_by("seq"))


def remember(table_id: UUID, seq: int, played: Played) -> None:
    _positions.put((table_id, seq), played)


def forget_positions() -> None:
    """Tests: start with an empty cache."""
    _positions.clear()
    _replay_steps.clear()
    _committed.clear()


def undoable_moves(table: Table, seats: list[Seat], index: int, recent: list[Move] | None = None) -> list[int]:
    """The moves a take-back by seat `index` would undo: its last move and the computer's answers after it, while
    nobody else has moved since (docs/tables.md, "Take-backs"); [] when there is none. `recent`: the log's last
    moves already read, in order, up to the table's last (a socket's catch-up reads them for what it sends); they
    answer when they reach back far enough, otherwise the last MAX_UNDO are read here."""
    computers = {s.index for s in seats if s.kind == SeatKind.COMPUTER}
    if recent and recent[-1].seq == table.seq:
        found = _undoable(reversed(recent[-MAX_UNDO:]), computers, index)
        if found is not None or recent[0].seq <= max(1, table.seq - MAX_UNDO + 1):
            return found or []
    return _undoable(Move.objects.filter(table=table).order_by("-seq")[:MAX_UNDO], computers, index) or []


def _undoable(last: Iterable[Move], computers: set[int], index: int) -> list[int] | None:
    """The last moves, newest first: what a take-back by `index` undoes ([]: nothing), or None: they end first."""
    undo: list[int] = []
    for move in last:
        if move.kind != MoveKind.ACTION:
            return []
        if move.seat in computers:
            undo.append(move.seq)
            continue
        return sorted([*undo, move.seq]) if move.seat == index else []
    return None
