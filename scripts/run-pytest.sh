#!/usr/bin/env bash
# pytest on PYTEST_WORKERS processes (2) with a deadline on the whole run, TEST_RUN_SECONDS (2100): past it
# `timeout` sends SIGTERM to pytest and its workers (the controller prints the tests still running, see
# tests/run_bounds.py), then SIGKILL a minute later; the exit status is then 124. Arguments go to pytest.
# worksteal, not loadgroup: xdist 3.8's group scheduler deadlocks when it replaces a crashed worker
# (docs/testing.md). Called by scripts/test.sh, and by the test of these bounds on a folder of its own.
set -uo pipefail
python="$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/python"
run_seconds=${TEST_RUN_SECONDS:-2100}
timeout --kill-after=60 "$run_seconds" \
  "$python" -m pytest -n "${PYTEST_WORKERS:-2}" --dist worksteal "$@"
status=$?
if [[ $status -eq 124 || $status -eq 137 ]]; then
  echo "the test run passed its limit of $run_seconds s (TEST_RUN_SECONDS) and was stopped" >&2
  status=124
fi
exit $status
