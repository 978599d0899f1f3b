"""Stored image files: removing replaced ones once the transaction that replaced them commits, and new ones
when it rolls back."""

import contextlib
import functools
from collections.abc import Iterator

from django.core.files.storage import default_storage
from django.db import transaction


def delete_files_on_commit(names: set[str]) -> None:
    """Delete these stored files after the current transaction commits (a missing file is no error)."""
    if names:
        transaction.on_commit(functools.partial(_delete_files, names))


def _delete_files(names: set[str]) -> None:
    for name in names:
        with contextlib.suppress(OSError):
            default_storage.delete(name)


@contextlib.contextmanager
def files_deleted_on_error() -> Iterator[set[str]]:
    """A block that stores files for rows it writes in a transaction: the names the block adds to the yielded
    set are deleted if it raises. Put it outside the block's `transaction.atomic()`: by then the rows naming the
    files are rolled back, and nothing else names them (the storage gives every saved file a name of its own)."""
    stored: set[str] = set()
    try:
        yield stored
    except BaseException:
        _delete_files(stored - {""})
        raise
