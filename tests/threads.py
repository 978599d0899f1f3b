"""Test code run in threads at once: for races, storms and concurrent requests."""

import threading
from collections.abc import Callable


def run_threads(targets: list[Callable[[], object]], timeout: float | None = None) -> list[threading.Thread]:
    """Start a thread for each of `targets`, then wait for each (up to `timeout` seconds); returns the threads.

    A thread still running after its wait fails the test: its outcome is missing, and a check of the
    outcomes that came back (an empty list of errors, say) would pass without it. The threads are daemons, so
    one stuck for good (on a lock, a barrier) cannot keep the test process from ending after that failure.
    """
    threads = [threading.Thread(target=target, daemon=True) for target in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads), "a thread hung (deadlock?)"
    return threads
