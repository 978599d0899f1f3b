#!/usr/bin/env bash
# The whole test suite. Installs what the tests need (the virtualenv, Debian's chromium for the browser tests),
# checks ruff and migrations, then runs pytest on two processes in three lanes, each under what is left of the
# run's deadline (TEST_RUN_SECONDS, 2100 s; scripts/run-pytest.sh): the tests that need no database first (the
# engine's and the runner's own bounds, so a broken rule shows within a minute), then the site's, then the
# browser and API fuzz tests. It ends with the slowest ten tests of the whole run. With arguments, one run of
# pytest with them instead of the lanes. Exit 5 (no tests collected) is a failure.
#
# Against PostgreSQL (DATABASE_URL set, `make test-postgres`), what does not depend on the database is not run
# twice (docs/testing.md, "Two runs"): the no-database lane is skipped when it passed on this very tree (same
# files, same Python), and the browser tests run on the embedded defaults only (the fuzz tests run on both).
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
BOUNDS=tests/project/test_run_bounds.py
# The tree's fingerprint: every file git tracks or would track, and the Python that runs them.
fingerprint() {
  { git ls-files -co --exclude-standard -z | xargs -0 sha256sum 2>/dev/null; .venv/bin/python -VV; } |
    sha256sum | cut -c1-16
}
stamp=var/no-database-lane.passed
tree=$(fingerprint)
on_postgres=false
[[ ${DATABASE_URL:-} == postgres* ]] && on_postgres=true
lane() {  # lane NAME PYTEST-ARGS...: one lane under the time left; its exit status
  local name=$1
  shift
  echo "=== lane: $name"
  TEST_RUN_SECONDS=$((deadline - SECONDS)) scripts/run-pytest.sh --junitxml="$reports/$name.xml" "$@"
}
status=0
if $on_postgres && [[ -f $stamp && $(cat "$stamp") == "$tree" ]]; then
  echo "=== lane: no-database: passed on this same tree ($tree, $stamp) and needs no database: not run again"
else
  rm -f "$stamp"
  if lane no-database tests/rules "$BOUNDS"; then echo "$tree" > "$stamp"; else status=1; fi
fi
lane site tests --ignore=tests/rules --ignore="$BOUNDS" --ignore=tests/browser --ignore="$FUZZ" || status=1
if $on_postgres; then
  echo "(the browser tests run on the embedded defaults, the set-up of the README's run command: docs/testing.md)"
  lane fuzz "$FUZZ" || status=1
else
  lane browser-and-fuzz tests/browser "$FUZZ" || status=1
fi
.venv/bin/python scripts/slowest-tests.py "$reports"/*.xml
exit $status
