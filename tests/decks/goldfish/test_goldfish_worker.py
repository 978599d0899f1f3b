"""A real Celery worker process is killed in the middle of a goldfish chunk, and the job still ends right.

docs/reliability.md: with `acks_late` and `reject_on_worker_lost`, a task whose pool
process dies is re-queued at once; the chunk claim lets the re-delivered
message (same task id) take its chunk over, and the numbers are those of an
uninterrupted run with the same seed.

PostgreSQL only: the worker is a separate process and must open the test's
database. pytest-django's SQLite test database is in memory, which another
process cannot see, so on SQLite this test is skipped (it runs in
`make test-postgres`, which CI runs too).
"""

import os
import signal
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from decks.goldfish.models import GoldfishChunk
from decks.goldfish.models import GoldfishJob
from decks.goldfish.services import goldfish_job_create
from decks.goldfish.services import goldfish_run
from tests.conftest import celery_worker_process
from tests.conftest import wait_for
from tests.decks.conftest import simulate_request

# 30 turns make a trial ~3x the work of 5: two tasks of 1-2 s each on this machine (more under load).
REQUEST = simulate_request(
    turns=30,
    trials=12_000_000,
    seed=424242,
    queries=[
        {"name": "two faith", "filter": {"theme": "faith"}, "at_least": 2},
        {"name": "By Small Means", "filter": {"title": "By Small Means"}},
        {"name": "Verse 1", "filter": {"title": "Verse 001"}},
    ],
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def database_url() -> str:
    """The URL of the database this test runs on (pytest-django's test database)."""
    s = connection.settings_dict
    password = f":{quote(s['PASSWORD'])}" if s.get("PASSWORD") else ""
    return f"postgres://{quote(s['USER'] or 'postgres')}{password}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def children(pid: int) -> list[int]:
    """Direct child processes of `pid`, from /proc (the pool processes of a prefork worker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name is in brackets and may hold spaces: the fields after it are fixed.
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            found.append(int(entry.name))
    return found


def test_a_killed_pool_process_does_not_lose_or_double_count_trials(cv_catalog, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: a worker process cannot open pytest-django's in-memory SQLite test database")
    queue = f"test-goldfish-{uuid.uuid4().hex}"
    job = goldfish_job_create(owner=None, data=REQUEST, parts=2, queue=queue)
    assert job.status == "queued" and job.chunks.count() == 2

    log = tmp_path / "worker.log"
    env = {"DATABASE_URL": database_url(), "DATABASE_CONN_MAX_AGE": "0"}
    with celery_worker_process(queue, log, env) as worker:
        # Kill the pool process once it is well into a chunk.
        running = wait_for(
            lambda: GoldfishChunk.objects.filter(job=job, status="running", progress__gt=0.2).first(),
            40,
            "a chunk to be under way",
            every=0.05,
            log=log,
        )
        pool = children(worker.pid)
        assert len(pool) == 1, pool
        os.kill(pool[0], signal.SIGKILL)

        # Meanwhile, the uninterrupted run with the same seed, in this process.
        expected = goldfish_run(data=REQUEST)

        wait_for(lambda: GoldfishJob.objects.get(pk=job.pk).finished, 40, "the job to finish", every=0.05, log=log)

    job.refresh_from_db()
    assert job.status == "done", (job.status, job.error, log.read_text()[-4000:])
    killed = GoldfishChunk.objects.get(pk=running.pk)
    assert killed.attempt == 2  # the killed attempt, then the re-delivered one
    assert set(GoldfishChunk.objects.filter(job=job).values_list("status", flat=True)) == {"done"}
    assert sum(len(c.counts) for c in GoldfishChunk.objects.filter(job=job)) == 12  # engine chunks, each once
    assert job.result["trials"] == 12_000_000
    assert job.result == expected
    assert "WorkerLostError" in log.read_text()
