#!/usr/bin/env bash
# The site on http://127.0.0.1:8000 with a real Celery worker, on the embedded
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
$PY manage.py demoaccount
$PY manage.py demodecks

# Two workers (docs/deploy.md): one for the `interactive` queue (short jobs, card faces) and one for `bulk`
# (long goldfish jobs, big imports and re-checks), so a long job never holds up a short one. The bulk
# worker also runs celery beat, which fails jobs whose worker died (the reapers).
echo "==> starting Celery workers (interactive, bulk with beat)"
log=${CARDSITE_VAR_DIR:-var}
.venv/bin/celery -A cardsite worker -Q interactive --loglevel=INFO --concurrency="${CELERY_CONCURRENCY:-1}" \
  --hostname="interactive@%h" > "$log/celery-interactive.log" 2>&1 &
interactive=$!
.venv/bin/celery -A cardsite worker -Q bulk -B --loglevel=INFO --concurrency="${CELERY_CONCURRENCY:-1}" \
  --schedule="$log/celerybeat-schedule" --hostname="bulk@%h" > "$log/celery-bulk.log" 2>&1 &
bulk=$!
worker="$interactive $bulk"
trap 'kill $worker 2>/dev/null; wait 2>/dev/null' EXIT INT TERM
$PY manage.py queuecardfaces

echo "==> serving http://$HOST:$PORT/ (worker logs: var/celery-*.log; Ctrl-C stops them all)"
.venv/bin/gunicorn cardsite.wsgi --bind "$HOST:$PORT" --workers "${WEB_CONCURRENCY:-2}" --access-logfile - &
web=$!
trap 'kill $web $worker 2>/dev/null; wait 2>/dev/null' EXIT INT TERM
wait -n $web $interactive $bulk
