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
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
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
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cardsite")
    url = urlparse(base)
    name = url.path.lstrip("/") + "_bench_validation"
    db_url = url._replace(path="/" + name).geturl()
    admin = ["psql", "-q", "-h", url.hostname or "127.0.0.1", "-U", url.username or "postgres", "-d", "postgres"]
    subprocess.run([*admin, "-c", f"DROP DATABASE IF EXISTS {name}"], check=True)
    subprocess.run([*admin, "-c", f"CREATE DATABASE {name}"], check=True)
    env = {**os.environ, "DATABASE_URL": db_url, "DJANGO_DEBUG": "false", "SECRET_KEY": "bench-only"}
    py = sys.executable
    try:
        subprocess.run([py, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        starters = sorted(str(p) for p in (ROOT / "cardcollections/starter_catalogs").glob("*.json"))
        subprocess.run([py, "manage.py", "loadcatalog", *starters], cwd=ROOT, env=env, check=True, capture_output=True)
        gunicorn = Path(py).with_name("gunicorn")
        server = subprocess.Popen(
            [str(gunicorn), "cardsite.wsgi", "--bind", f"127.0.0.1:{PORT}", "--workers", "2", "--log-level", "warning"],
            cwd=ROOT,
            env=env,
        )
        try:
            for _ in range(100):
                try:
                    http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/api/v1/health/")
                    break
                except OSError:
                    time.sleep(0.1)
            body = json.dumps({"game": "chapter-and-verse", "decklist": deck_text()}).encode()
            load("POST", "/api/v1/decks/validate/", body, 1.0)  # warm up
            load("GET", "/api/v1/health/", None, 1.0)
            trivial, trivial_errors = load("GET", "/api/v1/health/", None, SECONDS)
            validate, validate_errors = load("POST", "/api/v1/decks/validate/", body, SECONDS)
        finally:
            server.terminate()
            server.wait(timeout=10)
    finally:
        subprocess.run([*admin, "-c", f"DROP DATABASE IF EXISTS {name}"], check=False)
    print(f"trivial DRF endpoint (GET /api/v1/health/):     {trivial:8.0f} req/s, {trivial_errors} non-200")
    print(f"validation (POST /api/v1/decks/validate/, 40):  {validate:8.0f} req/s, {validate_errors} non-200")
    print(f"ratio validation / trivial: {validate / trivial:.2f} (goal >= 0.7)")


if __name__ == "__main__":
    main()
