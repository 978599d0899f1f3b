#!/usr/bin/env bash
# `make test` (or the command given, e.g. `make test-postgres`) while two neighbours burn a CPU each, as on a
# machine shared with other sites: it must still finish, inside its deadline. Prints the time it took.
# Usage: scripts/test-under-load.sh [command...]
set -uo pipefail
cd "$(dirname "$0")/.."
burners=()
for _ in 1 2; do
  python3 -c 'while True: pass' &
  burners+=($!)
done
trap 'kill "${burners[@]}" 2>/dev/null' EXIT
began=$SECONDS
if [[ $# -gt 0 ]]; then "$@"; else make test; fi
status=$?
echo "=== under load (two CPU-burning neighbours): exit $status after $((SECONDS - began)) s"
exit $status
