"""Validation endpoint throughput under gunicorn on loopback, against a trivial DRF endpoint.

Creates a PostgreSQL database of its own (DATABASE_URL's server, name + `_bench_validation`),
loads the starter catalogs, starts gunicorn (2 workers, production settings) on
127.0.0.1, and for a fixed time per endpoint sends requests from client threads
over keep-alive connections: `POST /api/v1/decks/validate/` with a 40-card
Chapter and Verse deck, and `GET /api/v1/health/` (trivial DRF view). Prints
requests per second of each and the ratio (goal >= 0.7). Loopback only; bounded in time.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.server import PRODUCTION
from bench.server import ROOT
from bench.server import STARTERS
from bench.server import fresh_database
from bench.server import gunicorn

PORT = 8799
SECONDS = 8.0
THREADS = 4


def deck_text() -> str:
    cards = json.loads((ROOT / "cardcollections/starter_catalogs/chapter-and-verse.json").read_text())["cards"]
    titles = sorted({c["title"] for c in cards if not any(e["kind"] == "unique" for e in c["effects"])})
    return "\n".join(f"{2 if i < 6 else 1} {t}" for i, t in enumerate(titles[:34]))  # 40 cards


def load(method: str, path: str, body: bytes | None, seconds: float) -> tuple[float, int]:
    stop = time.perf_counter() + seconds
    counts, errors = [0] * THREADS, [0] * THREADS

    def worker(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
        headers = {"Content-Type": "application/json", "Connection": "keep-alive"}
        while time.perf_counter() < stop:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                errors[i] += 1
            counts[i] += 1
        conn.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - start), sum(errors)


def main() -> None:
    # The compute limit (20 a minute per address) would answer nearly every request 429: raised here, per second
    # so the throttle's history in the cache stays short.
    with fresh_database("bench_validation") as db_url:
        env = {**os.environ, **PRODUCTION, "DATABASE_URL": db_url, "THROTTLE_COMPUTE_ANON": "100000/s"}
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        loadcatalog = [sys.executable, "manage.py", "loadcatalog", *STARTERS]
        subprocess.run(loadcatalog, cwd=ROOT, env=env, check=True, capture_output=True)
        with gunicorn(env, PORT):
            body = json.dumps({"game": "chapter-and-verse", "decklist": deck_text()}).encode()
            load("POST", "/api/v1/decks/validate/", body, 1.0)  # warm up
            load("GET", "/api/v1/health/", None, 1.0)
            trivial, trivial_errors = load("GET", "/api/v1/health/", None, SECONDS)
            validate, validate_errors = load("POST", "/api/v1/decks/validate/", body, SECONDS)
    print(f"trivial DRF endpoint (GET /api/v1/health/):     {trivial:8.0f} req/s, {trivial_errors} non-200")
    print(f"validation (POST /api/v1/decks/validate/, 40):  {validate:8.0f} req/s, {validate_errors} non-200")
    print(f"ratio validation / trivial: {validate / trivial:.2f} (goal >= 0.7)")


if __name__ == "__main__":
    main()
