"""Goldfish jobs on 1 and on 2 Celery worker processes: wall time from submission to result, and the speed-up.

Run with `.venv/bin/python bench/goldfish_scaling.py` (PostgreSQL and Redis on
127.0.0.1: `scripts/services.sh` starts them). The bench makes a database of
its own (`cardsite_bench_goldfish`, dropped at the end), loads a 40-card
Chapter and Verse deck's cards (bench/goldfish_simulate.py's deck), and on a
Redis queues of its own starts two `celery worker --concurrency 1` processes,
one consuming both queues and one only the second, so a job runs on one
process or on two; after warm-up jobs (a fresh pool process imports NumPy on
its first task) the two kinds alternate, `--repeats` each, all of the request:
20,000,000 trials, 3 queries, 5 turns, split by the service's own rule. The
time is from `goldfish_job_create` to the job being `done` in the database
(polled every 5 ms). Goal: 2 workers at least 1.6x faster than 1.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.in_process import django_environment  # noqa: E402

BENCH_DB = "cardsite_bench_goldfish"
SERVER = "postgres://postgres@127.0.0.1:5432"
BROKER = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/0")
os.environ["DATABASE_URL"] = f"{SERVER}/{BENCH_DB}"
os.environ["CELERY_BROKER_URL"] = BROKER
django_environment()

CV = "chapter-and-verse"
DECKLIST = """4 Faith Without Works
4 A Mighty Change
4 Hope and Faith
4 Line upon Line
4 Seek Learning
3 By Small Means
4 Wars and Rumours
4 The Brass Plates
4 Stand Fast
5 Endure to the End
"""
CARDS = [
    ("1", "Faith Without Works", 2, {"faith": 3}, ["Faith Verse"]),
    ("2", "A Mighty Change", 3, {"faith": 1, "strength": 1}, []),
    ("3", "Hope and Faith", 2, {"faith": 2}, []),
    ("4", "Line upon Line", 1, {"wisdom": 2}, []),
    ("5", "Seek Learning", 1, {"wisdom": 1}, []),
    ("6", "By Small Means", 1, {"wisdom": 2, "histories": 1}, ["Prophet"]),
    ("7", "Wars and Rumours", 4, {"trials": 2}, []),
    ("8", "The Brass Plates", 3, {"histories": 2}, []),
    ("9", "Stand Fast", 2, {"strength": 2}, []),
    ("10", "Endure to the End", 5, {"trials": 1, "strength": 1}, []),
]
QUERIES = [
    {"name": "two faith", "filter": {"theme": "faith"}, "at_least": 2},
    {"name": "a cheap wisdom", "filter": {"theme": "wisdom", "cost_max": 1}},
    {"name": "By Small Means", "filter": {"title": "By Small Means"}},
]


def psql(sql: str) -> None:
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-q", "-c", sql], check=True, capture_output=True)


def make_database() -> None:
    psql(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
    psql(f"CREATE DATABASE {BENCH_DB}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)


def load_cards() -> None:
    from cardcollections.catalog.services import catalog_load

    catalog_load(
        document={
            "game": CV,
            "sets": [{"code": "B1", "name": "Bench Set", "released": "2008-01-01"}],
            "cards": [
                {
                    "set": "B1",
                    "number": number,
                    "title": title,
                    "sacrifice": sacrifice,
                    "icons": icons,
                    "markers": markers,
                    "scripture": "scripture",
                    "reference": "John 3:16",
                    "standard_work": "new-testament",
                    "effects": [],
                }
                for number, title, sacrifice, icons, markers in CARDS
            ],
        }
    )


def start_workers(queues: list[list[str]], logs: Path) -> list[subprocess.Popen]:
    """One `--concurrency 1` worker per entry, each consuming the queues listed."""
    celery = Path(sys.executable).with_name("celery")
    workers = []
    for n, names in enumerate(queues):
        log = (logs / f"worker-{n}.log").open("w")
        command = [str(celery), "-A", "cardsite", "worker", "--pool=prefork", "--concurrency=1", "-Q", ",".join(names)]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "info"]
        command += ["-n", f"bench{n}-{names[0]}@%h"]
        workers.append(subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT))
    for n in range(len(queues)):
        path = logs / f"worker-{n}.log"
        deadline = time.monotonic() + 60
        while "ready." not in path.read_text():
            if time.monotonic() > deadline:
                raise SystemExit(f"worker {n} did not start:\n{path.read_text()}")
            time.sleep(0.1)
    return workers


def stop_workers(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def run_job(request: dict, queue: str) -> tuple[float, dict, int]:
    from decks.goldfish.models import GoldfishJob
    from decks.goldfish.services import goldfish_job_create

    start = time.perf_counter()
    job = goldfish_job_create(owner=None, data=request, queue=queue, inline=False)
    while True:
        status = GoldfishJob.objects.filter(pk=job.pk).values_list("status", flat=True).get()
        if status not in ("queued", "running"):
            break
        time.sleep(0.005)
    elapsed = time.perf_counter() - start
    job.refresh_from_db()
    if job.status != "done":
        raise SystemExit(f"job {job.pk} ended {job.status}: {job.error}")
    return elapsed, job.result, job.chunks.count()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    make_database()
    import django

    django.setup()
    from django.db import connections

    from decks.goldfish.services import goldfish_run

    load_cards()
    request = {"game": CV, "decklist": DECKLIST, "mode": "simulate", "turns": 5, "trials": args.trials, "seed": 7}
    request["queries"] = QUERIES
    started = time.perf_counter()
    reference = goldfish_run(data=request)
    in_process = time.perf_counter() - started
    print(f"{args.trials:,} trials, 40 cards, 3 queries, 5 turns; broker {BROKER}; {os.cpu_count()} CPUs")
    print(f"in this process, no broker: {in_process:.2f} s")

    # Worker A consumes the "one" and "two" queues, worker B only "two": a job
    # sent to "one" runs on one process, a job sent to "two" on both. The two
    # kinds of job alternate, so a machine busy with something else slows
    # both alike instead of whichever configuration ran during the noise.
    tag = uuid.uuid4().hex[:8]
    one, two = f"bench-one-{tag}", f"bench-two-{tag}"
    times: dict[int, list[float]] = {1: [], 2: []}
    tasks: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as logs:
        try:
            workers = start_workers([[one, two], [two]], Path(logs))
            try:
                for queue in (two, two, one):  # warm-up: each pool process imports NumPy on its first task
                    run_job({**request, "trials": 2_000_000}, queue)
                for _ in range(args.repeats):
                    for count, queue in ((1, one), (2, two)):
                        elapsed, result, tasks[count] = run_job(request, queue)
                        assert result == reference, "the job's numbers differ from the in-process run"
                        times[count].append(elapsed)
            finally:
                stop_workers(workers)
        finally:
            connections.close_all()
            psql(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
    for count in (1, 2):
        print(
            f"{count} worker{'s' if count > 1 else ''}: {tasks[count]} tasks, "
            f"median {statistics.median(times[count]):.2f} s, best {min(times[count]):.2f} s "
            f"(runs {', '.join(f'{t:.2f}' for t in times[count])})"
        )
    median = statistics.median(times[1]) / statistics.median(times[2])
    best = min(times[1]) / min(times[2])
    print(f"speed-up, 2 workers over 1: {median:.2f}x by medians, {best:.2f}x by best runs (goal >= 1.6x)")
    print("every job's numbers equal the in-process run's")


if __name__ == "__main__":
    main()
