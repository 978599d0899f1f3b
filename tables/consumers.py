"""A table's WebSocket (docs/tables.md, "The protocol"): an interface like a view. It knows who is connected
(the session's user, or a guest's signed cookie), calls the one move service, and sends each socket only what
its seat may see: the moves it missed since the seq it names, then its view.

Every message is checked for size before it is parsed and counted against the socket's rate; a move from
anyone but the seat's player, a stale or replayed one, is refused by the service with a code and a reason,
and the table is unchanged."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any
from typing import TypeVar
from uuid import UUID

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from cardsite.api.errors import ServiceError
from tables.broadcast import group_name
from tables.broadcast import nudges_kept
from tables.broadcast import send_kept
from tables.guests import guest_token_from
from tables.models import Table
from tables.models import TableStatus
from tables.phrases import PHRASES
from tables.positions import committed
from tables.selectors import log_since
from tables.selectors import move_messages
from tables.selectors import seat_state
from tables.selectors import shown_seq
from tables.selectors import table_seats
from tables.selectors import table_with_seats
from tables.services import Actor
from tables.services import Outcome
from tables.services import seat_of
from tables.services import table_move
from tables.services import table_rematch
from tables.services import table_resign
from tables.services import table_takeback_answer
from tables.services import table_takeback_ask
from tables.services import table_touch

log = logging.getLogger(__name__)
T = TypeVar("T")

# A socket that keeps flooding after being told is closed (4429), as is one that sends too big a message (1009).
FLOOD_LIMIT = 30
CLOSE_NO_TABLE = 4404
CLOSE_FLOOD = 4429
CLOSE_TOO_BIG = 1009


class TableConsumer(AsyncWebsocketConsumer):
    table_id: UUID
    actor: Actor
    seat: int | None
    sent: int
    seen: int

    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        user = self.scope.get("user")
        token = guest_token_from(self.scope.get("cookies", {}), self.table_id)
        self.actor = Actor(user=user if user is not None and user.is_authenticated else None, guest_token=token)
        found = await database_sync_to_async(self._identify)()
        if not found:
            await self.close(code=CLOSE_NO_TABLE)
            return
        self.sent = -1  # nothing sent yet: the client's hello says where it is
        self.seen = -1  # the table's seq when its last state was sent
        self.allowance, self.checked, self.floods = float(self._rate), time.monotonic(), 0
        await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        await self.accept()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """As channels' own, without its trip to the database thread before every message to close old connections:
        every database call here goes through `database_sync_to_async`, which closes them around the call. That
        trip queued every incoming message (a move, each table's nudge) once more behind the process's database
        work, which runs on that one thread."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "sent", None) is not None:
            await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)

    def _identify(self) -> bool:
        found = table_with_seats(table_id=self.table_id)
        if found is None:
            return False
        mine = seat_of(found[1], self.actor)
        self.seat = mine.index if mine is not None else None
        return True

    # ------------------------------------------------------------------------------------ what comes in
    @property
    def _rate(self) -> int:
        return settings.TABLES_MESSAGES_PER_SECOND

    def _allowed(self) -> bool:
        """A token bucket: TABLES_MESSAGES_PER_SECOND a second, as many at once."""
        now = time.monotonic()
        self.allowance = min(float(self._rate), self.allowance + (now - self.checked) * self._rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        raw = text_data if text_data is not None else bytes_data
        if raw is None or len(raw) > settings.TABLES_MESSAGE_BYTES:
            await self._refuse(None, "too-big", f"A message is at most {settings.TABLES_MESSAGE_BYTES} bytes.")
            await self.close(code=CLOSE_TOO_BIG)
            return
        if not self._allowed():
            self.floods += 1
            if self.floods > FLOOD_LIMIT:
                await self.close(code=CLOSE_FLOOD)
                return
            await self._refuse(None, "too-fast", "Too many messages: slow down.")
            return
        try:
            message = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            await self._refuse(None, "bad-json", "A message is a JSON object.")
            return
        if not isinstance(message, dict):
            await self._refuse(None, "bad-json", "A message is a JSON object.")
            return
        kind = message.get("type")
        key = message.get("key") if isinstance(message.get("key"), str) else None
        if kind == "hello":
            after = message.get("after")
            if isinstance(after, bool) or not isinstance(after, int) or after < 0:
                after = 0
            await self._catch_up(after, always=True)
        elif kind in ("move", "resign"):
            await self._move(kind, message, key)
        elif kind == "phrase":
            await self._phrase(message)
        elif kind in ("takeback", "takeback-answer", "rematch"):
            await self._offer(kind, message)
        else:
            await self._refuse(
                key,
                "bad-type",
                "A message's type is hello, move, resign, phrase, takeback, takeback-answer or rematch.",
            )

    async def _move(self, kind: str, message: dict[str, Any], key: str | None) -> None:
        try:
            outcome, caught_up = await self._db(self._move_and_catch_up, kind, message)
        except ServiceError as refusal:
            await self._refuse(key, getattr(refusal, "code", refusal.kind), refusal.message)
            return
        except DatabaseError:
            # A lock or a lost connection: the transaction was rolled back, nothing applied. The client sends the
            # same key again, which applies the move once (or answers the one that was applied).
            log.exception("tables: a move on table %s failed; the client is asked to retry", self.table_id)
            await self._refuse(key, "retry", "The server could not take the move just now: it is sent again.")
            return
        first = outcome.moves[0].seq if outcome.moves else None
        await self._send({"type": "ack", "key": key, "seq": first, "duplicate": outcome.duplicate})
        # The layer tells every socket of the table, this one too; catching up here as well costs nothing
        # when it already has (and works with no layer at all). Read in the move's own trip to the database
        # thread, after its commit; sent after the ack.
        if caught_up is None:
            await self._catch_up(self.sent)
            return
        for caught in caught_up:
            await self._send(caught)

    def _move_and_catch_up(self, kind: str, message: dict[str, Any]) -> tuple[Outcome, list[dict[str, Any]] | None]:
        """The move (or resignation), then this socket's catch-up (None: to be read again, the move stands)."""
        if kind == "resign":
            outcome = table_resign(
                table_id=self.table_id, actor=self.actor, after=message.get("after"), key=message.get("key")
            )
        else:
            outcome = table_move(
                table_id=self.table_id,
                actor=self.actor,
                after=message.get("after"),
                key=message.get("key"),
                action=message.get("action"),
            )
        try:
            return outcome, self._messages(self.sent, False, seq=outcome.table.seq)
        except DatabaseError:
            log.exception("tables: could not read table %s after a move; read again", self.table_id)
            return outcome, None

    async def _offer(self, kind: str, message: dict[str, Any]) -> None:
        """A take-back asked or answered, a rematch offered: the same services as the API; on success every socket
        of the table hears `changed` and catches up, this one too."""
        try:
            if kind == "takeback":
                await self._db(table_takeback_ask, table_id=self.table_id, actor=self.actor, after=message.get("after"))
            elif kind == "takeback-answer":
                agree = message.get("agree")
                if not isinstance(agree, bool):
                    await self._refuse(None, "bad-agree", "'agree' is true or false.")
                    return
                await self._db(table_takeback_answer, table_id=self.table_id, actor=self.actor, agree=agree)
            else:
                await self._db(table_rematch, table_id=self.table_id, actor=self.actor)
        except ServiceError as refusal:
            await self._refuse(None, getattr(refusal, "code", refusal.kind), refusal.message)
            return
        await self._catch_up(self.sent, always=True)

    async def _phrase(self, message: dict[str, Any]) -> None:
        index = message.get("phrase")
        if self.seat is None:
            await self._refuse(None, "not-your-seat", "Spectators watch quietly.")
            return
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(PHRASES):
            await self._refuse(None, "bad-phrase", f"A phrase is a number from 0 to {len(PHRASES) - 1}.")
            return
        await self.channel_layer.group_send(
            group_name(self.table_id), {"type": "table.phrase", "seat": self.seat, "phrase": index}
        )

    async def _refuse(self, key: str | None, code: str, detail: str) -> None:
        await self._send({"type": "refused", "key": key, "code": code, "detail": detail})

    # ------------------------------------------------------------------------------------ what goes out
    async def table_moved(self, event: dict[str, Any]) -> None:
        if self.sent < 0:
            return  # not said hello yet: its hello catches it up
        if event.get("changed"):
            await self._catch_up(self.sent, always=True)
        elif event.get("seq", 0) > self.sent:
            await self._catch_up(self.sent, seq=event.get("seq"))

    async def table_phrase(self, event: dict[str, Any]) -> None:
        index = event.get("phrase")
        if isinstance(index, int) and 0 <= index < len(PHRASES):
            await self._send({"type": "phrase", "seat": event.get("seat"), "text": PHRASES[index]})

    async def _catch_up(self, after: int, *, always: bool = False, seq: Any = None) -> None:
        """The moves after `after` this socket may know of, then its view; only when there are any (or asked).
        `seq`: the move the table's nudge names, whose commit this process may keep (`_messages`)."""
        messages = await self._db(self._messages, after, always, seq=seq)
        for message in messages:
            await self._send(message)

    def _messages(self, after: int, always: bool, seq: Any = None) -> list[dict[str, Any]]:
        """After move `seq` (a nudge's, or this socket's own move) that this process made, and kept as committed
        (tables.positions.committed): the table and seats from there, since that commit's rows are what a read
        would find then, and its moves when they reach back to `after`: no query. Otherwise two queries as a
        rule: the table with its seats, and (when there is anything to send) the log since `after`, which both
        the moves and the take-back check use."""
        kept = committed(self.table_id, seq) if isinstance(seq, int) and not isinstance(seq, bool) else None
        if (
            kept is not None
            and kept.table.seq > self.seen  # newer than the table this socket last showed: never back in time
            and not _due(kept.table)
        ):
            table, seats = kept.table, kept.seats
            # its moves, when they reach back to `after` (a spectator some moves behind reads the log)
            since = [m for m in kept.moves if m.seq > after] if kept.moves[0].seq <= after + 1 else None
        else:
            found = table_with_seats(table_id=self.table_id)
            if found is None:
                return []
            table, seats = found
            was = (table.status, table.seq)
            table = table_touch(table)  # past a deadline, the server decides the flag first
            if (table.status, table.seq) != was:
                seats = table_seats(table)  # the flag fell: the clocks as charged
            since = None
        mine = seat_of(seats, self.actor)
        self.seat = mine.index if mine is not None else None  # a guest removed, a seat taken: as it is now
        if after >= shown_seq(table, self.seat) and not always:
            return []  # no move to send
        if since is None or (since and since[0].seq != after + 1):
            since = log_since(table, after)
        moves = move_messages(table, seats, self.seat, after, moves=since)
        state = seat_state(table, seats, self.seat, moves=since)
        self.sent = state["seq"]
        self.seen = table.seq  # a spectator's `sent` is behind it at a tournament table
        return [*moves, state]

    async def _db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`fn` on the database thread. The table's nudges its services send after commit (tables/broadcast.py) are
        sent from here, back on the event loop, before anything else (an ack) goes out: the one database thread
        of the process does not wait for the loop to send them."""
        kept: list[tuple[str, dict[str, Any]]] = []

        def kept_nudges() -> T:
            with nudges_kept(kept):
                return fn(*args, **kwargs)

        try:
            return await database_sync_to_async(kept_nudges)()
        finally:
            await send_kept(kept)

    async def _send(self, message: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(message, separators=(",", ":")))


def _due(table: Table) -> bool:
    """Past its clock's deadline: a read decides the flag first (table_touch), so the kept commit will not do."""
    return (
        table.status == TableStatus.PLAYING
        and table.clock_deadline is not None
        and table.clock_deadline <= timezone.now()
    )
