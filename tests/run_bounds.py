"""Bounds on how long the test run can take (docs/testing.md, "Nothing waits for ever").

Three layers, each catching what the one before cannot:

1. pytest-timeout's ``signal`` method fails a test that passes its limit (``timeout`` in pyproject) as an
   ordinary failure, in the test's own worker, which then goes on with the next test.
2. A test the signal cannot reach (stuck inside C code that does not return to Python) is ended by
   faulthandler's watchdog a minute later: it prints every thread's stack and ends that worker, which
   pytest-xdist reports as "crashed while running <test>" and replaces. ``--dist worksteal`` hands the
   replacement the dead worker's remaining tests (the ``loadgroup`` scheduler of xdist 3.8 deadlocks
   there instead: pytest-xdist issues 1323, 1327, 1378).
3. The whole run has a deadline: ``scripts/test.sh`` runs pytest under ``timeout``. Its SIGTERM reaches the
   controller, which prints the tests still running and how long each has run, and exits.
"""

from __future__ import annotations

import faulthandler
import os
import signal
import time
from collections.abc import Generator

import pytest

# How long past pytest-timeout's limit the watchdog waits before ending the worker (the test of these bounds
# shortens it).
WATCHDOG_GRACE_SECONDS = float(os.environ.get("TEST_WATCHDOG_GRACE_SECONDS", "60"))

_running: dict[str, float] = {}
_started = time.monotonic()
# The process's own stderr, copied before any test's output capture replaces file descriptor 2: the
# watchdog's stacks must reach the run's output, not a capture file that dies with the worker.
_stderr_copy: int | None = None


def _is_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")


def _write(text: str) -> None:
    # Straight to the file descriptor: the terminal reporter may be mid-line, its buffers are not to be trusted
    # inside a signal handler.
    os.write(2, text.encode("utf-8", "replace"))


def still_running_report(now: float | None = None) -> str:
    """The tests started and not finished, longest-running first, one a line."""
    now = time.monotonic() if now is None else now
    if not _running:
        return "no test was running\n"
    lines = [f"  {now - began:7.1f} s  {nodeid}" for nodeid, began in sorted(_running.items(), key=lambda kv: kv[1])]
    return "tests still running:\n" + "\n".join(lines) + "\n"


def _on_deadline(signum: int, _frame: object) -> None:
    elapsed = time.monotonic() - _started
    _write(
        f"\n\n=== the test run was stopped after {elapsed:.0f} s ({signal.Signals(signum).name}): "
        f"it passed its time limit (TEST_RUN_SECONDS)\n" + still_running_report()
    )
    os._exit(124)


def pytest_configure(config: pytest.Config) -> None:
    global _stderr_copy
    _stderr_copy = os.dup(2)  # capture is suspended while plugins configure: this is the real stderr
    if _is_controller(config):
        signal.signal(signal.SIGTERM, _on_deadline)


def pytest_runtest_logstart(nodeid: str) -> None:
    # On the controller, xdist calls this as each worker starts a test.
    _running[nodeid] = time.monotonic()


def pytest_runtest_logfinish(nodeid: str) -> None:
    _running.pop(nodeid, None)


def pytest_handlecrashitem(crashitem: str) -> None:
    # A worker died in this test: it will send no logfinish.
    _running.pop(crashitem, None)


def _timeout_of(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    if marker is not None and (marker.args or "timeout" in marker.kwargs):
        return float(marker.args[0] if marker.args else marker.kwargs["timeout"])
    return float(item.config.getini("timeout") or 0)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    limit = _timeout_of(item)
    # Only the process that runs tests gets here (under xdist, a worker; the controller runs none).
    watched = limit > 0
    if watched:
        # exit=True: print every thread's stack, then end the process (a C-level thread: no GIL needed).
        faulthandler.dump_traceback_later(limit + WATCHDOG_GRACE_SECONDS, exit=True, file=_stderr_copy or 2)
    try:
        yield
    finally:
        if watched:
            faulthandler.cancel_dump_traceback_later()
