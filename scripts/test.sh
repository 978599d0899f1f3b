#!/usr/bin/env bash
# The whole test suite. Installs what the tests need (the virtualenv, Debian's chromium for the browser tests),
# checks ruff and migrations, then runs pytest on two processes in three lanes, each under what is left of the
# run's deadline (TEST_RUN_SECONDS, 2100 s; scripts/run-pytest.sh): the engine's tests first (no database, so a
# broken rule shows within a minute), then the site's, then the browser and API fuzz tests. It ends with the
# slowest ten tests of the whole run. With arguments, one run of pytest with them instead of the lanes.
# Exit 5 (no tests collected) is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || exit 1
scripts/ensure-chromium.sh || exit 1
# Debug is off in the tests, as in production, so a key is needed (subprocesses inherit it).
SECRET_KEY=${SECRET_KEY:-$(scripts/secret-key.sh)}
export SECRET_KEY
.venv/bin/ruff check . || exit 1
# Types: the apps with django-stubs, rules/ strictly (pyproject.toml [tool.mypy]); its cache is var/mypy.
.venv/bin/mypy || exit 1
.venv/bin/python manage.py makemigrations --check --dry-run -v0 || { echo "missing migrations"; exit 1; }

if [[ $# -gt 0 ]]; then
  scripts/run-pytest.sh --durations=10 "$@"
  exit $?
fi

reports=var/test-reports
rm -rf "$reports" && mkdir -p "$reports"
deadline=$((SECONDS + ${TEST_RUN_SECONDS:-2100}))
FUZZ=tests/project/test_api_fuzz.py
lane() {  # lane NAME PYTEST-ARGS...: one lane under the time left; its exit status
  local name=$1
  shift
  echo "=== lane: $name"
  TEST_RUN_SECONDS=$((deadline - SECONDS)) scripts/run-pytest.sh --junitxml="$reports/$name.xml" "$@"
}
status=0
lane engine tests/rules || status=1
lane site tests --ignore=tests/rules --ignore=tests/browser --ignore="$FUZZ" || status=1
lane browser-and-fuzz tests/browser "$FUZZ" || status=1
.venv/bin/python scripts/slowest-tests.py "$reports"/*.xml
exit $status
