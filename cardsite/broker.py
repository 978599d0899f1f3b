"""The embedded broker: kombu's file-system transport, with no window in which a reader sees a half-written file.

Kombu 5.7 creates each file and then writes into it. A worker that lists the folder in between reads an empty
message or an empty exchange table, fails to decode it and stops for good ("Unrecoverable error:
JSONDecodeError"), and the message is lost. Here a message is written under a name no queue matches and renamed
into place (atomic on one file system), and an exchange table is created, read and rewritten under one lock, an
empty file meaning an empty table.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import bytes_to_str
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps
from kombu.utils.json import loads

exchange_queue_t = filesystem.exchange_queue_t
LOCK_EX, LOCK_SH = filesystem.LOCK_EX, filesystem.LOCK_SH


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        final = os.path.join(self.data_folder_out, f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg")
        # No dot in the temporary name: `_get` matches a file by what follows its first dot.
        partial = os.path.join(self.data_folder_out, f"partial-{uuid.uuid4().hex}")
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc

    def get_table(self, exchange):
        try:
            with self._exchange_file(exchange).open("rb") as f:
                return self._locked_table(f, LOCK_SH)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ChannelError(f"Cannot open the table of exchange {exchange!r}") from exc

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        self.control_folder.mkdir(parents=True, exist_ok=True)
        row = exchange_queue_t(routing_key or "", pattern or "", queue or "")
        self._rewrite_table(exchange, lambda rows: rows if row in rows else [row, *rows], create=True)

    def _delete(self, queue, exchange, routing_key, pattern, *args, **kwargs):
        super(filesystem.Channel, self)._delete(queue, exchange, routing_key, pattern, *args, **kwargs)
        row = exchange_queue_t(routing_key or "", pattern or "", queue or "")
        self._rewrite_table(exchange, lambda rows: [r for r in rows if r != row], create=False)

    def _rewrite_table(self, exchange, change, *, create: bool) -> None:
        """Read, change and write an exchange's table under one exclusive lock."""
        try:
            # "a+b" creates the file without truncating it, so creating and reading are one step under the lock.
            with self._exchange_file(exchange).open("a+b" if create else "r+b", buffering=0) as f:
                try:
                    rows = self._locked_table(f, LOCK_EX, keep=True)
                    new = change(rows)
                    if new != rows:
                        f.seek(0)
                        f.truncate()
                        f.write(str_to_bytes(dumps(new)))
                finally:
                    filesystem.unlock(f)
        except FileNotFoundError:
            return  # deleting from a table removed meanwhile: nothing to do
        except OSError as exc:
            raise ChannelError(f"Cannot open the table of exchange {exchange!r}") from exc

    @staticmethod
    def _locked_table(f, mode, *, keep: bool = False) -> list:
        filesystem.lock(f, mode)
        try:
            f.seek(0)
            raw = f.read()
        finally:
            if not keep:
                filesystem.unlock(f)
        return [exchange_queue_t(*row) for row in loads(bytes_to_str(raw))] if raw else []


class Transport(filesystem.Transport):
    Channel = Channel
