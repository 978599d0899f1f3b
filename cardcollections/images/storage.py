"""Stored image files: removing replaced ones once the transaction that replaced them commits."""

import contextlib
import functools

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
