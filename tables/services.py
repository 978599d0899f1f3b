"""Every write to a table, each in one transaction (docs/tables.md). The table's row is locked first
(`select_for_update`), and the log's unique (table, seq) and (table, key) are the last guard: two processes
cannot both append move n, and a move sent twice is applied once.

A move names the seq it follows and carries an idempotency key; it is applied whole or refused with a stable
code and a sentence (`TableRefused`), and a refused move changes nothing. The computer's seats move through the
same append, in the same transaction as the move that gave them the turn.
"""

from __future__ import annotations

import logging
import random
import re
import secrets
import time
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from datetime import timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import IntegrityError
from django.db import transaction
from django.utils import timezone

from cardcollections.blocks.selectors import player_blocks
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import notify
from cardsite.api.errors import CONFLICT
from cardsite.api.errors import INVALID
from cardsite.api.errors import NOT_ALLOWED
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError
from cardsite.cache import count as cache_count
from learning.mastery.models import Signature
from learning.mastery.services import signature_create
from play.games.services import NotPlayable
from rules.play.interface import Refusal
from rules.play.interface import SetupError
from rules.play.interface import refuse_unless_legal
from rules.play.log import MAX_ACTIONS
from rules.play.log import MAX_TEXT_CHARS
from rules.play.log import Played
from rules.play.registry import engine_for
from rules.text import storable
from tables.broadcast import table_moved
from tables.clocks import CORRESPONDENCE
from tables.clocks import LIVE
from tables.clocks import away_claimable_at
from tables.clocks import clock_kind
from tables.clocks import deadline
from tables.clocks import elapsed
from tables.clocks import fallen
from tables.clocks import running
from tables.models import MatchTable
from tables.models import Move
from tables.models import MoveKind
from tables.models import Seat
from tables.models import SeatKind
from tables.models import Table
from tables.models import TableRules
from tables.models import TableStatus
from tables.positions import commit_remember
from tables.positions import position
from tables.positions import position_take
from tables.positions import remember
from tables.positions import replay_moves
from tables.positions import undoable_moves
from tables.quotes import quotes_to_sign

logger = logging.getLogger(__name__)
# A table whose clock could not be decided is looked at again after this long (tables_flag_due).
FLAG_RETRY = timedelta(hours=1)
KEY = re.compile(r"[A-Za-z0-9_.:-]{8,64}")
MAX_ACTION_KEYS = 8
GUEST_NAME = re.compile(r"[\w][\w .'-]{0,28}[\w.]?", re.UNICODE)
# What a write saves of the table's row.
SAVED = ["status", "seq", "result", "updated", "clock_since", "clock_deadline", "offers"]
# Clock choices (docs/tables.md, "Clocks"): a live clock of up to 3 hours, up to a minute more a move; a
# correspondence table of up to a week a move.
MAX_CLOCK_MINUTES = 180
MAX_INCREMENT_SECONDS = 60
MAX_MOVE_HOURS = 168


class TableRefused(ServiceError):
    """A table refused a request: `code` is stable (docs/tables.md, "Refusals"), the message is for a person."""

    def __init__(self, code: str, message: str, *, kind: str = INVALID, field: str = "body") -> None:
        super().__init__(message, field=field, kind=kind)
        self.code = code

    def extra(self) -> dict[str, Any]:
        return {"code": self.code}


@dataclass(frozen=True)
class Actor:
    """Who is asking: a signed-in user, or a guest by the token of their seat's cookie (or nobody)."""

    user: User | None = None
    guest_token: str = ""

    @property
    def budget_key(self) -> str:
        if self.user is not None and self.user.is_authenticated:
            return f"u{self.user.pk}"
        return f"g{self.guest_token}" if self.guest_token else ""


def seat_of(seats: Sequence[Seat], actor: Actor) -> Seat | None:
    """The actor's seat at a table (a person sits at most once), or None: a spectator."""
    for seat in seats:
        if seat.kind != SeatKind.PERSON:
            continue
        if actor.user is not None and actor.user.is_authenticated and seat.user_id == actor.user.pk:
            return seat
        if actor.guest_token and seat.guest_token and secrets.compare_digest(seat.guest_token, actor.guest_token):
            return seat
    return None


@dataclass
class Outcome:
    """What a move did: the moves appended (its own and the computer's after it), or the one it repeats."""

    table: Table
    moves: list[Move] = field(default_factory=list)
    duplicate: bool = False


def _locked(table_id: UUID) -> tuple[Table, list[Seat]]:
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise TableRefused("no-table", "There is no such table.", kind=NOT_FOUND)
    # No join of the seats' users: a move reads only their ids (a seat's user is read where needed: joining, a
    # correspondence turn's notice), and every move of every table takes this lock.
    return table, list(Seat.objects.filter(table=table).order_by("index"))


def _on_commit_moved(
    table: Table,
    played: Played | None,
    *,
    changed: bool = False,
    appended: tuple[list[Seat], list[Move]] | None = None,
) -> None:
    """After commit: keep the new position for this process's readers (and, for a move, the table as committed:
    `appended`, its seats and the moves appended; `tables.positions.committed`), and tell the table's sockets (on
    every ASGI process sharing the channel layer); each then reads what its own seat may see. Best effort: a
    socket that misses it catches up by seq."""
    table_id, seq = table.pk, table.seq

    def after() -> None:
        if played is not None:
            remember(table_id, seq, played)
        if appended is not None:
            commit_remember(table, *appended)
        table_moved(table_id, seq, changed=changed)

    transaction.on_commit(after)


# ------------------------------------------------------------------------------------------------ creating


def table_create(
    *,
    host: User,
    game: str,
    seats: Sequence[str],
    variant: str = "",
    rules: str = TableRules.FRIENDLY,
    listed: bool = True,
    allow_guests: bool = False,
    clock_minutes: Any = 0,
    increment_seconds: Any = 0,
    move_hours: Any = 0,
    seed: int | None = None,
) -> Table:
    """A new table with `seats` ("person" or "computer", in order); the host takes the first person's seat. A
    table of the host and computers starts at once. The deal is checked by the engine before anything is kept.
    A clock is live (`clock_minutes` each, `increment_seconds` more a move) or correspondence (`move_hours` a
    move), or none (all 0)."""
    engine = engine_for(game)
    if engine is None:
        raise TableRefused("not-playable", f"{game!r} cannot be played whole on this site yet.", field="game")
    kinds = list(seats)
    if any(k not in SeatKind.values for k in kinds):
        raise TableRefused("bad-seats", "Each seat is 'person' or 'computer'.", field="seats")
    if SeatKind.PERSON not in kinds:
        raise TableRefused("bad-seats", "At least one seat is a person's.", field="seats")
    if not engine.min_seats <= len(kinds) <= engine.max_seats:
        raise TableRefused(
            "seat-count", f"This game takes {engine.min_seats} to {engine.max_seats} players.", field="seats"
        )
    if variant and variant not in engine.variants:
        raise TableRefused("unknown-variant", f"Variants of this game: {', '.join(engine.variants)}.", field="variant")
    if rules not in TableRules.values:
        raise TableRefused("bad-rules", "Rules are 'friendly' or 'tournament'.", field="rules")
    clock = _check_clock(clock_minutes, increment_seconds, move_hours)
    options = {"variant": variant} if variant else {}
    with transaction.atomic():
        table = Table.objects.create(
            **clock,
            game=game,
            options=options,
            seed=random.SystemRandom().randrange(2**62) if seed is None else seed,
            host=host,
            rules=rules,
            listed=listed,
            allow_guests=allow_guests,
            spectator_delay=settings.TABLES_TOURNAMENT_SPECTATOR_DELAY if rules == TableRules.TOURNAMENT else 0,
        )
        host_seat = kinds.index(SeatKind.PERSON)
        made = [
            Seat(
                table=table,
                index=i,
                kind=kind,
                user=host if i == host_seat else None,
                name=host.get_username() if i == host_seat else (f"Computer {i + 1}" if kind == "computer" else ""),
            )
            for i, kind in enumerate(kinds)
        ]
        Seat.objects.bulk_create(made)
        try:
            replay_moves(table, made, [])  # the deal, checked now: a bad setup keeps nothing
        except (SetupError, NotPlayable) as exc:
            raise TableRefused(getattr(exc, "code", "bad-setup"), str(exc), field="variant") from None
        _start_if_full(table, made)
    return table


def _check_clock(minutes: Any, increment: Any, hours: Any) -> dict[str, int]:
    def number(value: Any, name: str, top: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise TableRefused("bad-clock", f"'{name}' is a whole number from 0 to {top}.", field=name)
        return value

    minutes = number(minutes, "clock_minutes", MAX_CLOCK_MINUTES)
    increment = number(increment, "increment_seconds", MAX_INCREMENT_SECONDS)
    hours = number(hours, "move_hours", MAX_MOVE_HOURS)
    if hours and (minutes or increment):
        raise TableRefused("bad-clock", "A table has a live clock or hours a move, not both.", field="move_hours")
    if increment and not minutes:
        raise TableRefused("bad-clock", "An increment needs a live clock's minutes.", field="clock_minutes")
    return {"clock_initial": minutes * 60, "clock_increment": increment, "move_hours": hours}


def _start_if_full(table: Table, seats: list[Seat]) -> None:
    """Every seat taken: the game starts, the clocks are set, and the computer plays if it has the first turn."""
    if table.status != TableStatus.OPEN or not all(seat.taken for seat in seats):
        return
    table.status = TableStatus.PLAYING
    if clock_kind(table) == LIVE:
        for seat in seats:
            seat.clock_left = float(table.clock_initial) if seat.kind == SeatKind.PERSON else None
        Seat.objects.filter(table=table, kind=SeatKind.PERSON).update(clock_left=float(table.clock_initial))
    played = position_take(table, seats)
    _play_computers(table, seats, played)
    after = played.engine.legal(played.state)
    _restart_clock(table, seats, after, timezone.now())
    _tell_turn(table, seats, {}, after)
    table.save(update_fields=SAVED)
    _on_commit_moved(table, played, changed=True)


def table_create_seated(
    *,
    host: User,
    game: str,
    players: Sequence[tuple[User, str]],
    rules: str = TableRules.TOURNAMENT,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Table:
    """A table whose people the caller chose (an event's pairing: docs/tables.md, "Tournament matches online"):
    seat i is `players[i]`'s, with their deck list ("" in a fixed-deck game), and the engine's `options` (an
    event's handicaps: `seat_blessings`, `seat_wisdom`). Unlisted, no guests; it starts at once. The deal is
    checked by the engine before anything is kept, as in `table_create`."""
    engine = engine_for(game)
    if engine is None:
        raise TableRefused("not-playable", f"{game!r} cannot be played whole on this site yet.", field="game")
    if not engine.min_seats <= len(players) <= engine.max_seats:
        raise TableRefused(
            "seat-count", f"This game takes {engine.min_seats} to {engine.max_seats} players.", field="seats"
        )
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            seed=random.SystemRandom().randrange(2**62) if seed is None else seed,
            host=host,
            rules=rules,
            listed=False,
            spectator_delay=settings.TABLES_TOURNAMENT_SPECTATOR_DELAY if rules == TableRules.TOURNAMENT else 0,
            options=dict(options or {}),
        )
        made = [
            Seat(table=table, index=i, user=user, name=user.get_username(), deck=deck)
            for i, (user, deck) in enumerate(players)
        ]
        Seat.objects.bulk_create(made)
        try:
            replay_moves(table, made, [])
        except (SetupError, NotPlayable) as exc:
            raise TableRefused(getattr(exc, "code", "bad-setup"), str(exc), field="players") from None
        _start_if_full(table, made)
    return table


def table_join(*, table_id: UUID, actor: Actor, guest_name: str = "") -> tuple[Seat, str]:
    """The actor takes the first free seat: a signed-in user, or (where the host allows) a guest by name. Answers
    the seat and, for a guest, the token their cookie must carry. A person already seated gets their seat back."""
    with transaction.atomic():
        table, seats = _locked(table_id)
        mine = seat_of(seats, actor)
        if mine is not None:
            return mine, mine.guest_token
        if table.status != TableStatus.OPEN:
            raise TableRefused("not-open", "This table's game has started: you may watch it.", kind=CONFLICT)
        free = next((seat for seat in seats if not seat.taken), None)
        if free is None:
            raise TableRefused("full", "Every seat at this table is taken.", kind=CONFLICT)
        user = actor.user if actor.user is not None and actor.user.is_authenticated else None
        token = ""
        if user is not None:
            # The link is the table's invitation (docs/social.md, "Blocking"): a player blocked by anyone seated
            # does not sit down with them (they may still watch, as anyone may).
            if any(player_blocks(sender=user, recipient=seat.user) for seat in seats if seat.user_id is not None):
                raise TableRefused(
                    "blocked", "A player at this table does not take invitations from you.", kind=NOT_ALLOWED
                )
            free.user = user
            free.name = user.get_username()
        else:
            if not table.allow_guests:
                raise TableRefused("no-guests", "Sign in to play at this table.", kind=NOT_ALLOWED)
            name = " ".join(guest_name.split())
            if not GUEST_NAME.fullmatch(name):
                raise TableRefused("bad-name", "A name of 1 to 30 letters, digits or spaces.", field="name")
            token = secrets.token_urlsafe(32)
            free.guest_token = token
            free.name = f"{name} (guest)"
        free.save(update_fields=["user", "name", "guest_token"])
        _start_if_full(table, seats)
        if table.status == TableStatus.OPEN:
            _on_commit_moved(table, None, changed=True)
        return free, token


def table_leave(*, table_id: UUID, actor: Actor) -> None:
    """Leave a table before its game starts (the host's seat stays: the host cancels it by leaving it unplayed)."""
    with transaction.atomic():
        table, seats = _locked(table_id)
        mine = seat_of(seats, actor)
        if mine is None:
            raise TableRefused("not-seated", "You have no seat at this table.", kind=NOT_ALLOWED)
        if table.status != TableStatus.OPEN:
            raise TableRefused("not-open", "The game has started: resign instead.", kind=CONFLICT)
        if mine.user_id == table.host_id:
            raise TableRefused("host", "The host keeps their seat.", kind=CONFLICT)
        mine.user, mine.guest_token, mine.name = None, "", ""
        mine.save(update_fields=["user", "guest_token", "name"])
        _on_commit_moved(table, None, changed=True)


def table_remove_guest(*, table_id: UUID, host: User, seat_index: int) -> None:
    """The host frees a guest's seat before the game starts (safe for children: docs/tables.md)."""
    with transaction.atomic():
        table, seats = _locked(table_id)
        if table.host_id != host.pk:
            raise TableRefused("not-host", "Only the table's host may remove a guest.", kind=NOT_ALLOWED)
        seat = next((s for s in seats if s.index == seat_index), None)
        if seat is None or not seat.guest_token:
            raise TableRefused("no-guest", "That seat holds no guest.", field="seat")
        if table.status != TableStatus.OPEN:
            raise TableRefused("not-open", "The game has started.", kind=CONFLICT)
        seat.guest_token, seat.name = "", ""
        seat.save(update_fields=["guest_token", "name"])
        _on_commit_moved(table, None, changed=True)


def seat_replay_allow(*, table_id: UUID, actor: Actor, allow: bool) -> Seat:
    """The actor's consent to a public replay of this table's game (docs/tables.md, "Replays"), at any time: the
    replay is public only while every person seated allows it."""
    if not isinstance(allow, bool):
        raise TableRefused("bad-allow", "'allow_replay' is true or false.", field="allow_replay")
    with transaction.atomic():
        _table, seats = _locked(table_id)
        mine = seat_of(seats, actor)
        if mine is None:
            raise TableRefused("not-seated", "You have no seat at this table.", kind=NOT_ALLOWED)
        mine.allow_replay = allow
        mine.save(update_fields=["allow_replay"])
        return mine


# ------------------------------------------------------------------------------------------------ moving


def _check_budget(actor: Actor) -> None:
    """At most TABLES_MOVES_PER_MINUTE moves a minute per user or guest, over every socket and the API."""
    key = actor.budget_key
    if not key:
        return
    window = int(_now() // 60)
    if cache_count(cache, f"tables:moves:{key}:{window}", 61) > settings.TABLES_MOVES_PER_MINUTE:
        raise TableRefused("too-fast", "Too many moves this minute: wait a moment.", kind=CONFLICT)


def _now() -> float:
    return time.time()


def _check_action(action: Any) -> dict[str, Any]:
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise TableRefused("bad-action", "An action is an object with a 'type'.", field="action")
    if len(action) > MAX_ACTION_KEYS or "seat" in action:
        raise TableRefused("bad-action", "An action names its type and cards; the seat is yours.", field="action")
    text = action.get("text")
    # A typed answer is kept in the log as typed and replayed from it (rules/play/log.py refuses a longer one on
    # every replay after): what the log keeps must replay, and fit a text column on either database.
    if text is not None and (not isinstance(text, str) or len(text) > MAX_TEXT_CHARS or not storable(text)):
        raise TableRefused(
            "bad-text", f"A typed text is at most {MAX_TEXT_CHARS:,} characters, with no NUL.", field="action.text"
        )
    return dict(action)


def table_move(
    *, table_id: UUID, actor: Actor, after: Any, key: Any, action: Any, kind: str = MoveKind.ACTION
) -> Outcome:
    """Apply the actor's move that follows move `after`, once per `key`; then the computer's seats play.

    Refusals (nothing changed): bad-key, bad-after, bad-action, no-table, not-your-seat (a spectator),
    not-playing, stale (another move came first: `after` is not the last seq), not-your-turn, illegal-action,
    game-over, too-fast. The same key again answers the move it made (`duplicate`), whatever `after` says.
    """
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise TableRefused("bad-key", "'key' is 8 to 64 letters, digits, '-', '_', '.' or ':'.", field="key")
    _check_after(after)
    if kind == MoveKind.ACTION:
        action = _check_action(action)
    try:
        with transaction.atomic():
            table, seats = _locked(table_id)
            done = Move.objects.filter(table=table, key=key).first()
            if done is not None:
                mine = seat_of(seats, actor)
                if mine is None or mine.index != done.seat:
                    raise TableRefused("bad-key", "That key names another seat's move.", field="key", kind=CONFLICT)
                return Outcome(table=table, moves=[done], duplicate=True)
            mine = _seated(seats, actor)
            _playing(table)
            now = timezone.now()
            _raise_if_fell(table, seats, now)
            if after != table.seq:
                raise TableRefused(
                    "stale", f"Move {table.seq} is the last one; yours followed move {after}.", kind=CONFLICT
                )
            _check_budget(actor)
            played = position_take(table, seats)
            before = played.engine.legal(played.state)
            _charge_clock(table, seats, before, now, mover=mine)
            table.offers.pop("takeback", None)  # the log moved on: an open take-back no longer names its last move
            if kind == MoveKind.RESIGN:
                appended = [_append(table, mine.index, MoveKind.RESIGN, {}, key)]
                others = tuple(s.index for s in seats if s.index != mine.index)
                table.status, table.result = (
                    TableStatus.OVER,
                    {"winners": list(others), "reason": "resigned", "seat": mine.index},
                )
            else:
                try:
                    legal = refuse_unless_legal(played.engine, played.state, mine.index, action)
                except Refusal as refusal:
                    raise TableRefused(refusal.code, refusal.detail, field="action", kind=INVALID) from None
                if "text" in legal and legal["text"] is None and isinstance(action.get("text"), str):
                    # A typed answer (Chapter and Verse's Quote): the legal action takes any text, and the log keeps
                    # what was typed, so every replay judges the same words.
                    legal = {**legal, "text": action["text"]}
                appended = [_apply(table, played, mine.index, legal, key)]
                appended += _play_computers(table, seats, played)
            after_legal = played.engine.legal(played.state) if table.status == TableStatus.PLAYING else {}
            _restart_clock(table, seats, after_legal, now)
            _tell_turn(table, seats, before, after_legal)
            table.save(update_fields=SAVED)
            _on_commit_moved(table, played if kind == MoveKind.ACTION else None, appended=(seats, appended))
            return Outcome(table=table, moves=appended)
    except IntegrityError:
        # Another process appended this seq or used this key between our read and write (the lock is the
        # first guard; on a database without row locks the constraint is).
        raise TableRefused("stale", "Another move came first: catch up and try again.", kind=CONFLICT) from None
    except _FlagFell:
        raise _out_of_time(table_id) from None


def table_resign(*, table_id: UUID, actor: Actor, after: Any, key: Any) -> Outcome:
    """The actor resigns: the game ends and the other seats win (docs/tables.md)."""
    return table_move(table_id=table_id, actor=actor, after=after, key=key, action={}, kind=MoveKind.RESIGN)


def _append(table: Table, seat: int, kind: str, action: Mapping[str, Any], key: str) -> Move:
    table.seq += 1
    return Move.objects.create(table=table, seq=table.seq, seat=seat, kind=kind, action=dict(action), key=key)


def _apply(table: Table, played: Played, seat: int, action: Mapping[str, Any], key: str) -> Move:
    index = table.seq
    played.events += [(index, event) for event in played.engine.apply(played.state, seat, action)]
    move = _append(table, seat, MoveKind.ACTION, action, key)
    result = played.engine.result(played.state)
    if result is not None:
        table.status, table.result = TableStatus.OVER, result.to_dict()
    return move


def computer_rng(table: Table) -> random.Random:
    return random.Random(f"{table.seed}:{table.seq}")


def _play_computers(table: Table, seats: list[Seat], played: Played) -> list[Move]:
    """The computer's seats move while only they must act (they wait for people acting at the same moment)."""
    appended = []
    engine, state = played.engine, played.state
    computers = {s.index for s in seats if s.kind == SeatKind.COMPUTER}
    while table.status == TableStatus.PLAYING and table.seq < MAX_ACTIONS:
        legal = engine.legal(state)
        if not legal or not set(legal) <= computers:
            break
        seat = min(legal)
        action = engine.computer(state, seat, computer_rng(table))
        appended.append(_apply(table, played, seat, action, f"computer:{table.seq + 1}"))
    return appended


# ------------------------------------------------------------------------------------------------ checks


def _seated(seats: Sequence[Seat], actor: Actor) -> Seat:
    mine = seat_of(seats, actor)
    if mine is None:
        raise TableRefused("not-your-seat", "You have no seat at this table: you are watching.", kind=NOT_ALLOWED)
    return mine


def _playing(table: Table) -> None:
    if table.status != TableStatus.PLAYING:
        raise TableRefused("not-playing", f"The table is {table.get_status_display().lower()}.", kind=CONFLICT)


def _check_after(after: Any) -> None:
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= 10**6:
        raise TableRefused("bad-after", "'after' is the number of the last move you saw (0: none).", field="after")


# ------------------------------------------------------------------------------------------------ clocks


class _FlagFell(Exception):
    """Inside a write's transaction: a flag has fallen. The write is rolled back, the table ended by time in a
    transaction of its own (`table_flag`), and the request refused as `out-of-time`."""


def _raise_if_fell(table: Table, seats: list[Seat], now: Any) -> None:
    if clock_kind(table) is None or table.clock_deadline is None or table.clock_deadline > now:
        return
    played = position(table, seats)
    if fallen(table, seats, played.engine.legal(played.state), now) is not None:
        raise _FlagFell


def _out_of_time(table_id: UUID) -> TableRefused:
    table_flag(table_id=table_id)
    table = Table.objects.filter(pk=table_id).first()
    seat = (table.result or {}).get("seat") if table is not None else None
    seats = Seat.objects.filter(table_id=table_id, index=seat) if isinstance(seat, int) else Seat.objects.none()
    name = seats.values_list("name", flat=True).first() or "A player"
    return TableRefused("out-of-time", f"{name} ran out of time: the game is over.", kind=CONFLICT)


def _charge_clock(table: Table, seats: list[Seat], before: Mapping[int, Any], now: Any, mover: Seat | None) -> None:
    """Charge the seats whose clock ran since `clock_since` (the people to act before this write), and give the
    mover their increment. In the write's transaction: a refused move charges nothing."""
    if clock_kind(table) != LIVE or table.clock_since is None:
        return
    spent = elapsed(table, now)
    for seat in running(seats, before):
        left = seat.clock_left if seat.clock_left is not None else float(table.clock_initial)
        seat.clock_left = max(0.0, left - spent)
        if mover is not None and seat.index == mover.index:
            seat.clock_left += table.clock_increment
        seat.save(update_fields=["clock_left"])


def _restart_clock(table: Table, seats: list[Seat], legal: Mapping[int, Any], now: Any) -> None:
    """After a write: the clocks of the people now to act run from `now`; the deadline is when the first falls."""
    if clock_kind(table) is None:
        return
    table.clock_since = now
    table.clock_deadline = deadline(table, seats, legal) if table.status == TableStatus.PLAYING else None


def _tell_turn(table: Table, seats: list[Seat], before: Mapping[int, Any], after: Mapping[int, Any]) -> None:
    """A correspondence table: "your turn" through the bell (and mail, by the player's choice) to each signed-in
    player who must act now and did not before (docs/notifications.md: `notify` mails after commit)."""
    if clock_kind(table) != CORRESPONDENCE or table.status != TableStatus.PLAYING:
        return
    for seat in running(seats, after):
        if seat.index in before or seat.user is None:
            continue
        notify(
            seat.user,
            kind=NotificationKind.TABLE_TURN,
            message=f"Your turn at {table.game.replace('-', ' ')}: {table.move_hours} hours to move.",
            url=f"/tables/{table.pk}/",
        )


def table_flag(*, table_id: UUID, now: Any = None) -> Seat | None:
    """End the table by time if a flag has fallen (the seat that ran out loses, the others win), as a resignation
    is recorded: a `timeout` move in the log and the result. Answers the seat, or None (no flag fell: the
    deadline is counted again). Idempotent: the table's row is locked and checked again."""
    now = now or timezone.now()
    with transaction.atomic():
        table, seats = _locked(table_id)
        if table.status != TableStatus.PLAYING or clock_kind(table) is None:
            return None
        played = position(table, seats)
        legal = played.engine.legal(played.state)
        seat = fallen(table, seats, legal, now)
        if seat is None:
            table.clock_deadline = deadline(table, seats, legal)
            table.save(update_fields=["clock_deadline"])
            return None
        if clock_kind(table) == LIVE:
            seat.clock_left = 0.0
            seat.save(update_fields=["clock_left"])
        _append(table, seat.index, MoveKind.TIMEOUT, {}, f"timeout:{table.seq + 1}")
        table.status = TableStatus.OVER
        table.result = {
            "winners": [s.index for s in seats if s.index != seat.index],
            "reason": "time",
            "seat": seat.index,
        }
        table.clock_deadline = None
        table.offers.pop("takeback", None)
        table.save(update_fields=SAVED)
        _on_commit_moved(table, None, changed=True)
        return seat


def tables_flag_due(*, limit: int = 100, now: Any = None) -> int:
    """The beat task's work: end at most `limit` tables whose clock ran out with nobody touching them, the
    longest overdue first. Answers how many ended."""
    now = now or timezone.now()
    due = Table.objects.filter(status=TableStatus.PLAYING, clock_deadline__lte=now).order_by("clock_deadline")
    ended = 0
    for pk in list(due.values_list("pk", flat=True)[:limit]):
        try:
            ended += table_flag(table_id=pk, now=now) is not None
        except Exception:
            # One table that cannot be decided (its log no longer replays) must not stop every other clock: it
            # would stay the longest overdue, first in every batch. It is looked at again in an hour.
            logger.exception("tables: could not decide the clock of table %s", pk)
            Table.objects.filter(pk=pk).update(clock_deadline=now + FLAG_RETRY)
    return ended


def table_touch(table: Table) -> Table:
    """A read touching a table: past its deadline, the server decides the flag first (docs/tables.md)."""
    due = table.clock_deadline is not None and table.clock_deadline <= timezone.now()
    if table.status == TableStatus.PLAYING and due and table_flag(table_id=table.pk) is not None:
        table.refresh_from_db()
    return table


# ------------------------------------------------------------------------------------------------ away


def table_claim_away(*, table_id: UUID, actor: Actor, now: Any = None) -> Table:
    """A player at a table without a clock claims the win from the people to act who have not moved for
    TABLES_AWAY_HOURS (docs/tables.md, "Away"): they lose, the others share the win, as for a flag. Refusals:
    not-your-seat, not-playing, has-clock, your-turn (the claimant must act too), not-away (the time left)."""
    now = now or timezone.now()
    with transaction.atomic():
        table, seats = _locked(table_id)
        mine = _seated(seats, actor)
        _playing(table)
        if clock_kind(table) is not None:
            raise TableRefused("has-clock", "This table has a clock: a player who does not move runs out of time.")
        played = position(table, seats)
        away = running(seats, played.engine.legal(played.state))
        if not away or mine.index in {s.index for s in away}:
            raise TableRefused("your-turn", "You are to act: only a player who waits may claim.", kind=CONFLICT)
        claimable = away_claimable_at(table)
        assert claimable is not None  # playing, no clock: checked above
        if now < claimable:
            names = ", ".join(s.name for s in away)
            when = timezone.localtime(claimable).strftime("%Y-%m-%d %H:%M %Z")
            raise TableRefused("not-away", f"{names} may still move until {when}.", kind=CONFLICT)
        lost = {s.index for s in away}
        _append(table, away[0].index, MoveKind.AWAY, {"seats": sorted(lost)}, f"away:{table.seq + 1}")
        table.status = TableStatus.OVER
        table.result = {
            "winners": [s.index for s in seats if s.index not in lost],
            "reason": "away",
            "seat": away[0].index,
        }
        table.offers.pop("takeback", None)
        table.save(update_fields=SAVED)
        _on_commit_moved(table, None, changed=True)
        return table


# ------------------------------------------------------------------------------------------------ take-backs


def _all_agreed(seats: list[Seat], agreed: Sequence[int]) -> bool:
    return all(s.index in agreed for s in seats if s.kind == SeatKind.PERSON)


def _take_back(table: Table, seats: list[Seat], offer: Mapping[str, Any], now: Any) -> None:
    """Everyone agreed: a `takeback` move marks the moves undone (never a row deleted), the position is the log
    replayed without them, and every seat's view is sent again."""
    current = position(table, seats)
    _charge_clock(table, seats, current.engine.legal(current.state), now, mover=None)
    _append(table, int(offer["seat"]), MoveKind.TAKEBACK, {"undo": list(offer["undo"])}, f"takeback:{table.seq + 1}")
    table.offers.pop("takeback", None)
    played = replay_moves(table, seats, Move.objects.filter(table=table).order_by("seq"))
    _play_computers(table, seats, played)
    _restart_clock(table, seats, played.engine.legal(played.state), now)
    table.save(update_fields=SAVED)
    _on_commit_moved(table, played, changed=True)


def table_takeback_ask(*, table_id: UUID, actor: Actor, after: Any) -> Table:
    """The actor asks to take back their last move (friendly rules only). The other people answer; the computer
    agrees at once, so against the computer alone it is taken back now."""
    _check_after(after)
    try:
        with transaction.atomic():
            table, seats = _locked(table_id)
            mine = _seated(seats, actor)
            if table.rules == TableRules.TOURNAMENT:
                raise TableRefused("no-takebacks", "Tournament tables allow no take-backs.", kind=CONFLICT)
            _playing(table)
            now = timezone.now()
            _raise_if_fell(table, seats, now)
            if after != table.seq:
                raise TableRefused("stale", f"Move {table.seq} is the last one, not {after}.", kind=CONFLICT)
            if table.offers.get("takeback"):
                raise TableRefused("offer-open", "A take-back is already asked: wait for the answer.", kind=CONFLICT)
            undo = undoable_moves(table, seats, mine.index)
            if not undo:
                raise TableRefused(
                    "nothing-to-take-back",
                    "Only your own last move can be taken back, before anyone else has moved.",
                    kind=CONFLICT,
                )
            agreed = [mine.index, *(s.index for s in seats if s.kind == SeatKind.COMPUTER)]
            offer = {"seat": mine.index, "undo": undo, "agreed": agreed}
            table.offers = {**table.offers, "takeback": offer}
            if _all_agreed(seats, agreed):
                _take_back(table, seats, offer, now)
                return table
            table.save(update_fields=SAVED)
            _on_commit_moved(table, None, changed=True)
            return table
    except _FlagFell:
        raise _out_of_time(table_id) from None


def table_takeback_answer(*, table_id: UUID, actor: Actor, agree: bool) -> Table:
    """Another person at the table agrees to the open take-back (once all have, it is taken back) or refuses it
    (it is closed)."""
    if not isinstance(agree, bool):
        raise TableRefused("bad-answer", "'agree' is true or false.", field="agree")
    try:
        with transaction.atomic():
            table, seats = _locked(table_id)
            mine = _seated(seats, actor)
            _playing(table)
            offer = table.offers.get("takeback")
            if not offer:
                raise TableRefused("no-offer", "Nobody is asking for a take-back.", kind=CONFLICT)
            if mine.index == offer["seat"]:
                raise TableRefused("own-offer", "You asked: the other players answer.", kind=CONFLICT)
            now = timezone.now()
            _raise_if_fell(table, seats, now)
            if not agree:
                table.offers.pop("takeback")
            elif mine.index in offer["agreed"]:
                return table  # agreed already: nothing to keep or tell the sockets
            else:
                offer["agreed"] = sorted({*offer["agreed"], mine.index})
                if _all_agreed(seats, offer["agreed"]):
                    _take_back(table, seats, offer, now)
                    return table
            table.save(update_fields=SAVED)
            _on_commit_moved(table, None, changed=True)
            return table
    except _FlagFell:
        raise _out_of_time(table_id) from None


# ------------------------------------------------------------------------------------------------ rematch


def table_rematch(*, table_id: UUID, actor: Actor) -> tuple[Table, Table | None]:
    """A seated player offers (or accepts) a rematch of a finished table. Once every person has (the computer
    always accepts), a new table opens with the same game, variant, rules, clock and seats, and starts. Answers
    the table and the rematch, if open."""
    with transaction.atomic():
        table, seats = _locked(table_id)
        mine = _seated(seats, actor)
        if table.status != TableStatus.OVER:
            raise TableRefused("not-over", "A rematch is offered once the game is over.", kind=CONFLICT)
        if MatchTable.objects.filter(table=table).exists():
            # An event's match: its next game opens by itself (tables/matches.py), and its result is the event's.
            raise TableRefused("event-match", "This is an event's match: its next game opens by itself.", kind=CONFLICT)
        made = Table.objects.filter(rematch_of=table).first()
        if made is not None:
            return table, made
        offer = table.offers.get("rematch") or {"agreed": []}
        agreed = sorted({*offer["agreed"], mine.index, *(s.index for s in seats if s.kind == SeatKind.COMPUTER)})
        if agreed == offer["agreed"]:
            return table, None  # said already: nothing to keep or tell the sockets
        table.offers = {**table.offers, "rematch": {"agreed": agreed}}
        if _all_agreed(seats, agreed):
            made = _open_rematch(table, seats)
        table.save(update_fields=SAVED)
        _on_commit_moved(table, None, changed=True)
        return table, made


def _open_rematch(table: Table, seats: list[Seat]) -> Table:
    made = Table.objects.create(
        game=table.game,
        options=table.options,
        seed=random.SystemRandom().randrange(2**62),
        host=table.host,
        rules=table.rules,
        listed=table.listed,
        allow_guests=table.allow_guests,
        spectator_delay=table.spectator_delay,
        clock_initial=table.clock_initial,
        clock_increment=table.clock_increment,
        move_hours=table.move_hours,
        rematch_of=table,
    )
    # The same seats, the same people: a guest keeps their token (the new table's page gives them its cookie).
    Seat.objects.bulk_create(
        Seat(
            table=made,
            index=s.index,
            kind=s.kind,
            user_id=s.user_id,
            name=s.name,
            guest_token=s.guest_token,
            deck=s.deck,
        )
        for s in seats
    )
    _start_if_full(made, list(Seat.objects.filter(table=made).select_related("user").order_by("index")))
    return made


# ------------------------------------------------------------------------------------------------ signing


def table_sign_verse(*, table_id: UUID, signer: User, seat: Any, card: Any) -> tuple[Signature, bool]:
    """After a finished game, `signer` (seated there) signs the Mastery card of a verse an opponent at seat `seat`
    quoted word for word (the game's card id `card`): docs/learning.md, "Mastery". Once per verse, player and
    table; the signature and whether it is new.

    Refusals: no-table (404), not-your-seat (403: not seated, a guest, or signing one's own quote), not-over (409),
    not-quoted (400: that seat quoted no such verse here, or has no account to sign for).
    """
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise TableRefused("no-table", "There is no such table.", kind=NOT_FOUND)
    seats = list(Seat.objects.filter(table=table).select_related("user").order_by("index"))
    mine = seat_of(seats, Actor(user=signer))
    if mine is None:
        raise TableRefused("not-your-seat", "Only the players of this game sign its verses.", kind=NOT_ALLOWED)
    if table.status != TableStatus.OVER:
        raise TableRefused("not-over", "Verses are signed once the game is over.", kind=CONFLICT)
    if seat == mine.index:
        raise TableRefused("not-your-seat", "Nobody signs their own Mastery card.", field="seat", kind=NOT_ALLOWED)
    found = next((q for q in quotes_to_sign(table, seats, signer) if q.seat == seat and q.card == card), None)
    if found is None:
        raise TableRefused("not-quoted", "That player quoted no such verse in this game.", field="card")
    return signature_create(
        signer=signer, player=found.player, card=found.catalog_card, table_id=table.pk, game=table.game
    )
