"""Telling a table's sockets that its log grew, through the channel layer (docs/tables.md, "Real time").

The message carries only the table and the seq: never a view. Each socket reads what its own seat may see from
the log, so a message seen by every process of the layer (Redis) holds nothing secret. The layer is a messenger,
not a store (docs/reliability.md): a lost message is caught up by the next one, or by the client asking by seq.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

# Inside `nudges_kept`: the messages `table_moved` would send, kept for the caller to send (see there).
_kept: ContextVar[list[tuple[str, dict[str, Any]]] | None] = ContextVar("tables_nudges_kept", default=None)


def group_name(table_id: UUID) -> str:
    return f"table.{table_id.hex}"


def table_moved(table_id: UUID, seq: int, *, changed: bool = False) -> None:
    """Move `seq` is in the log; `changed`: the seats or status changed too (a player joined, the game began)."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "table.moved", "seq": seq, "changed": changed}
    kept = _kept.get()
    if kept is not None:
        kept.append((group_name(table_id), message))
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), message)
    except Exception:  # a layer that is down loses a nudge, never a move: the log has it
        log.exception("tables: could not tell table %s of move %s", table_id, seq)


@contextmanager
def nudges_kept(kept: list[tuple[str, dict[str, Any]]]) -> Iterator[None]:
    """In a socket's trip to the database thread: `table_moved` appends its messages to `kept`, and the socket sends
    them (`send_kept`) as soon as it is back on the event loop, instead of the database thread waiting for the loop
    to send each one (every socket of the process shares that one thread)."""
    token = _kept.set(kept)
    try:
        yield
    finally:
        _kept.reset(token)


async def send_kept(kept: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for group, message in kept:
        try:
            await layer.group_send(group, message)
        except Exception:  # as in table_moved: the log has the move
            log.exception("tables: could not tell %s of move %s", group, message.get("seq"))
