"""The replay flood (issue #34): the health check's latency while four clients loop the goldfish replay page.

Run with `.venv/bin/python bench/replay_flood.py [--seconds 20] [--attackers 4]`. Embedded defaults (SQLite, the
file cache and broker) in a temporary folder, debug off: gunicorn with 2 workers and one Celery worker
(`interactive` and `bulk`, one process). Each attacker has its own session and loops
`POST /decks/goldfish/replay/` with a 396-card Chapter and Verse deck, turns=30, trials=1000, game_number=1000
(the finding's request), as the page does: a 202 (played on a worker) is polled every second until it shows,
then the next post. Meanwhile one client asks `GET /api/v1/health/` every 20 ms; its median and p90 are printed.

Three phases, one gunicorn each, same process and machine: the health check alone; the flood with every replay
played in the request (GOLDFISH_REPLAY_INLINE_MS=2000: the code before the change); the flood with the default
inline budget (50 ms: dearer replays to the worker). The compute rate limit is raised out of the way, so what is
measured is the cost a request may have, not the limit (with the default limit of 20 a minute, shared by every
process now, one address gets 429s sooner).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.server import BIN
from bench.server import PRODUCTION
from bench.server import ROOT
from bench.server import STARTERS
from bench.server import gunicorn

PORT = 8797


def big_deck(cards: int = 396) -> str:
    """A Chapter and Verse list of `cards` cards: every title of the starter catalog without a Unique effect, as
    many copies as it takes."""
    data = json.loads((ROOT / "cardcollections/starter_catalogs/chapter-and-verse.json").read_text())["cards"]
    titles = sorted({c["title"] for c in data if not any(e["kind"] == "unique" for e in c["effects"])})
    copies = [cards // len(titles) + (1 if i < cards % len(titles) else 0) for i in range(len(titles))]
    return "\n".join(f"{n} {t}" for n, t in zip(copies, titles, strict=True) if n)


FORM = {"game": "chapter-and-verse", "turns": "30", "trials": "1000", "seed": "7", "game_number": "1000"}


class Client:
    """One browser: a keep-alive connection, its cookies and its CSRF token."""

    def __init__(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: dict | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), "HX-Request": "true"}
        data = None
        if body is not None:
            data = urlencode(body)
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Referer": f"http://127.0.0.1:{PORT}/"}
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, text


def attack(stop: float, deck: str, tally: dict[str, int], lock: threading.Lock) -> None:
    client = Client()
    client.send("GET", "/decks/goldfish/")
    while time.perf_counter() < stop:
        status, text = client.send("POST", "/decks/goldfish/replay/", {**FORM, "decklist": deck})
        with lock:
            tally[str(status)] = tally.get(str(status), 0) + 1
        if status == 202:  # played on a worker: poll as the page does, then the next post
            url = re.search(r'hx-get="([^"]+)"', text).group(1)
            while time.perf_counter() < stop:
                time.sleep(1)
                status, text = client.send("GET", url)
                if status != 202:
                    with lock:
                        tally[f"shown {status}"] = tally.get(f"shown {status}", 0) + 1
                    break
        elif status == 429:
            time.sleep(0.05)


def health(stop: float) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    times = []
    while time.perf_counter() < stop:
        start = time.perf_counter()
        conn.request("GET", "/api/v1/health/")
        conn.getresponse().read()
        times.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    return times


def phase(env: dict[str, str], seconds: float, attackers: int, deck: str, log: Path) -> dict:
    with gunicorn(env, PORT, workers=2, log=log):
        time.sleep(1)
        stop = time.perf_counter() + seconds
        tally: dict[str, int] = {}
        lock = threading.Lock()
        threads = [threading.Thread(target=attack, args=(stop, deck, tally, lock)) for _ in range(attackers)]
        for t in threads:
            t.start()
        times = health(stop)
        for t in threads:
            t.join()
    return {
        "median_ms": round(statistics.median(times), 1),
        "p90_ms": round(statistics.quantiles(times, n=10)[-1], 1),
        "health_requests": len(times),
        "replays": tally,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--attackers", type=int, default=4)
    args = parser.parse_args()
    var = Path(tempfile.mkdtemp(prefix="replay-flood-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CELERY_", "CACHE_"))}
    env |= PRODUCTION | {"CARDSITE_VAR_DIR": str(var), "THROTTLE_COMPUTE_ANON": "100000/min"}
    manage = [str(BIN / "python"), "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "loadcatalog", *STARTERS, "-v0"], cwd=ROOT, env=env, check=True)
    deck = big_deck()
    worker_log = open(var / "celery-worker.log", "w")  # noqa: SIM115 (open while the worker runs)
    worker = subprocess.Popen(
        [str(BIN / "celery"), "-A", "cardsite", "worker", "-Q", "interactive,bulk", "--concurrency=1", "-l", "INFO"],
        cwd=ROOT,
        env=env,
        stdout=worker_log,
        stderr=subprocess.STDOUT,
    )
    try:
        results = {
            "alone": phase(env, args.seconds, 0, deck, var / "gunicorn-alone.log"),
            "inline (before)": phase(
                env | {"GOLDFISH_REPLAY_INLINE_MS": "2000"}, args.seconds, args.attackers, deck, var / "gunicorn-1.log"
            ),
            "worker (after)": phase(env, args.seconds, args.attackers, deck, var / "gunicorn-2.log"),
        }
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        worker_log.close()
    load = os.getloadavg()[0]
    print(f"replay flood, {args.attackers} attackers, {args.seconds:.0f} s a phase, load average {load:.1f} ({var})")
    for name, r in results.items():
        print(
            f"  {name:16} health median {r['median_ms']} ms, p90 {r['p90_ms']} ms ({r['health_requests']} asks); replays {r['replays']}"
        )


if __name__ == "__main__":
    main()
