#!/usr/bin/env bash
# Runs the site's processes and keeps them running (docs/running.md, "Processes"): gunicorn, daphne (the tables'
# WebSockets on WS_PORT, PORT+1 unless set: docs/tables.md), the `interactive`
# and `bulk` Celery workers, and celery beat, each in a process group of its own. When one dies it is started
# again (its whole group is ended first, so a killed worker leaves no pool process behind); one that dies
# RESTART_LIMIT times (5) within a minute stops everything with the reason. Ctrl-C or SIGTERM stops every
# process, beat included, and waits for them. Beat runs alone, one at a time: its pid file refuses a second.
# Each process's pid is in $VAR/run/<name>.pid while it runs. Called by scripts/run.sh after the set-up.
set -uo pipefail
cd "$(dirname "$0")/.."
set -m  # each background job in a process group of its own: Ctrl-C reaches this script only, which stops them
var=${CARDSITE_VAR_DIR:-var}
mkdir -p "$var/run"
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
WS_PORT=${WS_PORT:-$((PORT + 1))}
# The tables' pages open their sockets here unless TABLES_WS_URL says where the proxy serves /ws/.
export TABLES_WS_URL=${TABLES_WS_URL:-ws://$HOST:$WS_PORT}
# scripts/run.sh's demo account line, shown last (below "serving"); taken out of the environment the site's
# processes inherit.
demo_note=${DEMO_NOTE:-}
unset DEMO_NOTE
limit=${RESTART_LIMIT:-5}
declare -A pid=() deaths=()
names="web asgi interactive bulk beat"

start() {
  local name=$1
  case $name in
    web) .venv/bin/gunicorn cardsite.wsgi --bind "$HOST:$PORT" --workers "${WEB_CONCURRENCY:-2}" \
           --access-logfile - & ;;
    asgi) .venv/bin/daphne --bind "$HOST" --port "$WS_PORT" --proxy-headers cardsite.asgi:application \
           > "$var/asgi.log" 2>&1 & ;;
    interactive) .venv/bin/celery -A cardsite worker -Q interactive --loglevel=INFO \
           --concurrency="${CELERY_CONCURRENCY:-1}" --hostname="interactive@%h" > "$var/celery-interactive.log" 2>&1 & ;;
    bulk) .venv/bin/celery -A cardsite worker -Q bulk --loglevel=INFO \
           --concurrency="${CELERY_CONCURRENCY:-1}" --hostname="bulk@%h" > "$var/celery-bulk.log" 2>&1 & ;;
    beat) rm -f "$var/run/celerybeat.pid"  # ours, and its process is gone: a stale file would refuse the start
          .venv/bin/celery -A cardsite beat --loglevel=INFO --schedule="$var/celerybeat-schedule" \
           --pidfile="$var/run/celerybeat.pid" > "$var/celery-beat.log" 2>&1 & ;;
  esac
  pid[$name]=$!
  echo "${pid[$name]}" > "$var/run/$name.pid"
}

end_group() {  # end_group PID: TERM the process group, KILL what is left after 10 s
  local p=$1
  kill -TERM -- "-$p" 2>/dev/null || return 0
  for _ in $(seq 100); do kill -0 -- "-$p" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL -- "-$p" 2>/dev/null
}

stop_all() {  # TERM every group at once, KILL what is left after 15 s
  trap - INT TERM
  echo "==> stopping the site's processes" >&2
  local groups=()
  for name in $names; do [[ -n ${pid[$name]:-} ]] && groups+=("-${pid[$name]}"); done
  kill -TERM -- "${groups[@]}" 2>/dev/null
  for _ in $(seq 150); do kill -0 -- "${groups[@]}" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "${groups[@]}" 2>/dev/null
  wait 2>/dev/null
  rm -f "$var"/run/*.pid
}
trap 'stop_all; exit 0' INT TERM

for name in $names; do start "$name"; done
echo "==> serving http://$HOST:$PORT/ and the tables' sockets on ws://$HOST:$WS_PORT/ws/ (worker logs: $var/celery-*.log; Ctrl-C stops them all)"
if [[ -n $demo_note ]]; then
  printf '\n==> %s\n\n' "$demo_note"
fi
status=0
while true; do
  wait -n
  for name in $names; do
    if ! kill -0 "${pid[$name]}" 2>/dev/null; then
      now=$SECONDS
      recent=""
      for t in ${deaths[$name]:-}; do (( now - t < 60 )) && recent+=" $t"; done
      deaths[$name]="$recent $now"
      end_group "${pid[$name]}"  # what the dead process left in its group (a pool process, a gunicorn worker)
      if (( $(wc -w <<< "${deaths[$name]}") >= limit )); then
        echo "==> $name died $limit times within a minute: stopping everything (see $var/celery-*.log)" >&2
        status=1
        stop_all
        exit $status
      fi
      echo "==> $name (pid ${pid[$name]}) died: starting it again" >&2
      start "$name"
    fi
  done
done
