"""What the in-process Django benchmarks share: production settings, a throwaway test database, timing."""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager


def django_environment() -> None:
    """The site's settings with debug off, as in production, and a throwaway key (before `django.setup()`)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-throwaway-key")


@contextmanager
def throwaway_database() -> Iterator[None]:
    """Django set up for the test client, in a test database beside the configured one, dropped on the way out."""
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client's host is allowed from here on
    old_name = settings.DATABASES["default"]["NAME"]
    print(f"database: {connection.vendor}; creating a bench database...", file=sys.stderr)
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def analyze() -> None:
    """Fresh planner statistics after a bulk load (PostgreSQL only), so the timed queries get today's plans.

    A vacuum too, as autovacuum does soon after a bulk insert: it marks the pages all-visible, which
    index-only scans need (see cardcollections/migrations/0015_card_browse_index.py).
    """
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def median_ms(fn: Callable[[], object], rounds: int) -> float:
    """Median milliseconds of `fn()` over `rounds` calls, after one call to warm caches and connections."""
    fn()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
