"""Telling a table's sockets that its log grew, through the channel layer (docs/tables.md, "Real time").

The message carries only the table and the seq: never a view. Each socket reads what its own seat may see from
the log, so a message seen by every process of the layer (Redis) holds nothing secret. The layer is a messenger,
not a store (docs/reliability.md): a lost message is caught up by the next one, or by the client asking by seq.
"""

from __future__ import annotations

import logging
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(table_id: UUID) -> str:
    return f"table.{table_id.hex}"


def table_moved(table_id: UUID, seq: int, *, changed: bool = False) -> None:
    """Move `seq` is in the log; `changed`: the seats or status changed too (a player joined, the game began)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), {"type": "table.moved", "seq": seq, "changed": changed})
    except Exception:  # a layer that is down loses a nudge, never a move: the log has it
        log.exception("tables: could not tell table %s of move %s", table_id, seq)
