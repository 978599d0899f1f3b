"""The run cannot hang (tests/run_bounds.py, scripts/run-pytest.sh): each way a test can stall or die is tried on a
small suite of its own, run by the same script as `make test`, with limits of seconds instead of minutes."""

import os
import subprocess
import textwrap
import time

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

FAST = "\n".join(f"def test_fast_{i}():\n    time.sleep(0.05)\n" for i in range(12))


def run_suite(tmp_path, tests: str, *, limit: int = 2, run_seconds: int = 120, grace: int = 60):
    """Run `tests` (a module's source) with a per-test limit of `limit` s on two workers; (exit, output, seconds)."""
    (tmp_path / "pytest.ini").write_text(f"[pytest]\ntimeout = {limit}\ntimeout_method = signal\n")
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["tests.run_bounds"]\n')
    (tmp_path / "test_suite.py").write_text("import os, signal, time\n\n" + textwrap.dedent(tests) + "\n" + FAST)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env |= {"PYTHONPATH": str(ROOT), "TEST_RUN_SECONDS": str(run_seconds), "TEST_WATCHDOG_GRACE_SECONDS": str(grace)}
    began = time.monotonic()
    done = subprocess.run(
        [str(ROOT / "scripts" / "run-pytest.sh"), "-p", "no:django", "-p", "no:cacheprovider", "-q"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=run_seconds + 90,
    )
    return done.returncode, done.stdout + done.stderr, time.monotonic() - began


def test_a_test_past_its_limit_fails_by_name_and_the_others_run(tmp_path):
    status, out, seconds = run_suite(tmp_path, "def test_sleeps_too_long():\n    time.sleep(600)\n")
    assert status == 1, out
    assert "FAILED test_suite.py::test_sleeps_too_long - Failed: Timeout" in out
    assert "1 failed, 12 passed" in out
    assert seconds < 120, out  # it ends: seconds here, under a loaded machine's slow start-up too


def test_a_test_that_kills_its_worker_is_reported_and_the_rest_still_run(tmp_path):
    status, out, _ = run_suite(tmp_path, "def test_kills_its_worker():\n    os.kill(os.getpid(), signal.SIGKILL)\n")
    assert status == 1, out
    assert "crashed while running 'test_suite.py::test_kills_its_worker'" in out
    assert "1 failed, 12 passed" in out


def test_a_test_the_signal_cannot_reach_is_ended_by_the_watchdog_with_its_stack(tmp_path):
    # SIGALRM blocked: pytest-timeout's signal never arrives, as in a test stuck inside C code.
    stuck = """
        def test_stuck_where_no_signal_reaches():
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            time.sleep(600)
    """
    status, out, seconds = run_suite(tmp_path, stuck, grace=2)
    assert status == 1, out
    assert "crashed while running 'test_suite.py::test_stuck_where_no_signal_reaches'" in out
    assert "in test_stuck_where_no_signal_reaches" in out  # faulthandler's stack of the stuck thread
    assert "1 failed, 12 passed" in out
    assert seconds < 120, out  # it ends: seconds here, under a loaded machine's slow start-up too


def test_a_run_past_its_deadline_stops_and_names_the_tests_still_running(tmp_path):
    # No per-test limit at all: only the deadline on the whole run can end it. 45 s: a loaded machine took 13 s
    # to start the workers, and 25 s once passed before the test began (seven neighbours' test runs beside it).
    status, out, seconds = run_suite(tmp_path, "def test_never_ends():\n    time.sleep(600)\n", limit=0, run_seconds=45)
    assert status == 124, out
    assert "tests still running:" in out
    assert "test_suite.py::test_never_ends" in out
    assert seconds < 120, out  # it ends: seconds here, under a loaded machine's slow start-up too
