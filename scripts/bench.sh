#!/usr/bin/env bash
# Benchmarks, on PostgreSQL (started if down). Prints ratios against baselines run in the same process.
# `scripts/bench.sh load [--seconds 60] [--only ENDPOINT]` runs the load benchmark (bench/load.py) instead,
# with locust installed from requirements-bench.txt (not a requirement of the site).
# `scripts/bench.sh play [--games 10] [--requests 20]` runs the fixed-deck games played whole (bench/play_fixed.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/services.sh
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/cardsite}
if [[ ${1:-} == load ]]; then
  shift
  .venv/bin/pip install -q -r requirements-bench.txt
  exec .venv/bin/python bench/load.py "$@"
fi
if [[ ${1:-} == play ]]; then
  shift
  exec .venv/bin/python bench/play_fixed.py "$@"
fi
.venv/bin/python bench/catalog_search.py "$@"
