"""The shared cache: `count` adds one to a counter that lives a while, atomically, across workers and processes."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pickle
import tempfile
import time
import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING
from typing import Any
from typing import BinaryIO

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache


class RedisCache(DjangoRedisCache):
    """Django's Redis cache (CACHE_URL=redis://...) that counts in one round trip.

    Django's own add-then-incr costs three round trips (SET NX, then EXISTS and INCR), about
    0.5 ms a request on loopback; every rate-limited request pays it. Here SET NX and INCR go
    together in one MULTI/EXEC.
    """

    def add_and_count(self, key: str, timeout: int) -> int:
        key = self.make_and_validate_key(key)  # the prefix and version every other call of this cache uses
        with self._cache.get_client(key, write=True).pipeline(transaction=True) as pipe:
            pipe.set(key, 0, ex=timeout, nx=True)
            pipe.incr(key)
            return int(pipe.execute()[1])


# When each folder of this process's file caches was last counted (FileCache._cull).
CULL_EVERY_SECONDS = 1.0
_looked: dict[str, float] = {}


class FileCache(FileBasedCache):
    """The embedded default (no CACHE_URL): files under $CARDSITE_VAR_DIR/cache, shared by every process of the
    machine (each gunicorn worker, each Celery worker), so a rate limit, a work budget or a budget lock counts
    once, not once per process.

    Django's file cache is not atomic across processes: its `add` is has_key-then-set and its `incr` is
    get-then-set, so two workers could both take a lock or both read 4 and write 5. Here `add` and
    `add_and_count` hold an exclusive `flock` (one of LOCK_STRIPES lock files, chosen by the key) while they
    read and write. Culling drops expired entries first, and only then, if still over MAX_ENTRIES, random ones.
    """

    LOCK_STRIPES = 64

    if TYPE_CHECKING:  # Django's private helpers, which its stubs leave out
        _dir: str
        _max_entries: int

        def _createdir(self) -> None: ...
        def _key_to_file(self, key: str, version: int | None = None) -> str: ...
        def _list_cache_files(self) -> list[str]: ...
        def _is_expired(self, f: BinaryIO) -> bool: ...

    @contextlib.contextmanager
    def _locked(self, fname: str) -> Iterator[None]:
        self._createdir()
        stripe = int(os.path.basename(fname)[:8], 16) % self.LOCK_STRIPES
        with open(os.path.join(self._dir, f"stripe-{stripe}.lock"), "a+b") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def add(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        with self._locked(self._key_to_file(key, version)):
            return super().add(key, value, timeout, version)

    def add_and_count(self, key: str, timeout: int) -> int:
        fname = self._key_to_file(key)
        with self._locked(fname):
            expiry, value = None, 0
            try:
                with open(fname, "rb") as f:
                    expiry = pickle.load(f)
                    if expiry is not None and expiry < time.time():
                        expiry = None
                    else:
                        value = pickle.loads(zlib.decompress(f.read()))
            except (FileNotFoundError, EOFError, pickle.UnpicklingError, zlib.error):
                expiry = None
            if expiry is None:  # a new counter, or one that has expired: it lives `timeout` seconds from now
                value, expiry = 0, time.time() + timeout
            value = int(value) + 1
            self._cull()
            fd, tmp_path = tempfile.mkstemp(dir=self._dir)
            with open(fd, "wb") as f:
                f.write(pickle.dumps(expiry, self.pickle_protocol))
                f.write(zlib.compress(pickle.dumps(value, self.pickle_protocol)))
            os.replace(tmp_path, fname)
            return value

    def _cull(self) -> None:
        # Counting the entries lists the whole folder (up to MAX_ENTRIES files, a few milliseconds per thousand), and
        # every write culls: a rate limit counts at every request and every move of a table. So a process looks at
        # most once every CULL_EVERY_SECONDS per folder; between two looks the cache may pass MAX_ENTRIES by that
        # second's writes.
        now = time.monotonic()
        if now - _looked.get(self._dir, -CULL_EVERY_SECONDS) < CULL_EVERY_SECONDS:
            return
        _looked[self._dir] = now
        filelist = self._list_cache_files()
        if len(filelist) < self._max_entries:
            return
        for fname in filelist:
            try:
                with open(fname, "rb") as f:
                    self._is_expired(f)  # deletes the file when it has expired
            except FileNotFoundError:
                pass
        super()._cull()  # type: ignore[misc]


def count(cache: BaseCache, key: str, timeout: int) -> int:
    """Add one to the counter `key` and answer its new value; a new counter is dropped after `timeout` seconds (>= 1).

    Atomic on the caches the settings choose from (Redis, the embedded file cache, and the per-process memory
    some tests use): two workers counting at once get two different values.
    """
    if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout < 1:
        raise ValueError(f"a counter lives a whole number of seconds, at least 1, not {timeout!r}")
    # `cache` is usually django.core.cache.cache, a proxy: ask it for the method, not for its class.
    add_and_count = getattr(cache, "add_and_count", None)
    if add_and_count is not None:
        return add_and_count(key, timeout)
    cache.add(key, 0, timeout)
    try:
        return cache.incr(key)
    except ValueError:  # the counter expired between add and incr: this is its first count again
        cache.add(key, 1, timeout)
        return 1
