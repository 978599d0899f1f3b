#!/usr/bin/env bash
# The whole test suite. Installs what the tests need (the virtualenv, Debian's
# chromium for the browser tests), then runs pytest on two processes within a
# deadline (scripts/run-pytest.sh).
# Extra arguments go to pytest. Exit 5 (no tests collected) counts as a failure
# only when tests were asked for by name.
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
scripts/run-pytest.sh "$@"
status=$?
if [[ $status -eq 5 && $# -eq 0 ]]; then
  echo "pytest collected no tests" >&2
fi
exit $status
