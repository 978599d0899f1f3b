#!/usr/bin/env bash
# Benchmarks, on PostgreSQL (started if down). Prints ratios against baselines run in the same process.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/services.sh
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/cardsite}
.venv/bin/python bench/catalog_search.py "$@"
