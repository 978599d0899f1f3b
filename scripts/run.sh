#!/usr/bin/env bash
# The site on http://127.0.0.1:8000 with a real Celery worker, on the embedded
# defaults (SQLite, file-system broker under ./var) unless DATABASE_URL and
# CELERY_BROKER_URL say otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
PY=.venv/bin/python
export DJANGO_DEBUG=${DJANGO_DEBUG:-true}
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}

$PY manage.py migrate --no-input -v0
$PY manage.py loadcatalog cardcollections/starter_catalogs/*.json
$PY manage.py collectstatic --no-input -v0
$PY manage.py demoaccount
$PY manage.py demodecks

echo "==> starting a Celery worker"
.venv/bin/celery -A cardsite worker --loglevel=INFO --concurrency="${CELERY_CONCURRENCY:-2}" \
  --hostname="worker1@%h" > "${CARDSITE_VAR_DIR:-var}/celery-worker.log" 2>&1 &
worker=$!
trap 'kill $worker 2>/dev/null; wait $worker 2>/dev/null' EXIT INT TERM
$PY manage.py queuecardfaces

echo "==> serving http://$HOST:$PORT/ (worker log: var/celery-worker.log; Ctrl-C stops both)"
.venv/bin/gunicorn cardsite.wsgi --bind "$HOST:$PORT" --workers "${WEB_CONCURRENCY:-2}" --access-logfile - &
web=$!
trap 'kill $web $worker 2>/dev/null; wait 2>/dev/null' EXIT INT TERM
wait -n $web $worker
