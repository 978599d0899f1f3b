#!/usr/bin/env bash
# The site on http://$HOST:$PORT (127.0.0.1:8000 unless they say) with a real Celery worker, on the embedded
# defaults (SQLite, file-system broker under ./var) unless DATABASE_URL and
# CELERY_BROKER_URL say otherwise. Debug is off (friendly error pages, errors in
# the log); `make dev` runs the same with DJANGO_DEBUG=true.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
PY=.venv/bin/python
export DJANGO_DEBUG=${DJANGO_DEBUG:-false}
SECRET_KEY=${SECRET_KEY:-$(scripts/secret-key.sh)}
export SECRET_KEY
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}

$PY manage.py migrate --no-input -v0
$PY manage.py loadcatalog cardcollections/starter_catalogs/*.json
$PY manage.py collectstatic --no-input -v0
# The demo account's line is kept and printed after the others (supervise.sh, below "serving"), not lost among them.
demo_note=$($PY manage.py demoaccount)
$PY manage.py demodecks

$PY manage.py queuecardfaces
# gunicorn, the two workers (docs/deploy.md: `interactive` for short jobs and card faces, `bulk` for long
# goldfish jobs, big imports and re-checks, so a long job never holds up a short one) and celery beat (the
# reapers), restarted when one dies.
DEMO_NOTE=$demo_note exec scripts/supervise.sh
