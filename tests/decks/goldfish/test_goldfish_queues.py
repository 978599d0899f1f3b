"""Two worker processes on Redis, one per queue: a long goldfish job on `bulk` does not delay a short one on
`interactive` (with one queue, the short job would wait for the long one's whole run).

PostgreSQL and Redis only: the workers are separate processes, which cannot open pytest-django's in-memory
SQLite test database; `make test-postgres` (which CI runs) runs it.
"""

import uuid

import pytest
from django.conf import settings as django_settings
from django.db import connection

from decks.goldfish.models import GoldfishJob
from decks.goldfish.services import goldfish_job_create
from tests.conftest import celery_worker_process
from tests.conftest import wait_for
from tests.decks.conftest import simulate_request
from tests.decks.goldfish.test_goldfish_worker import database_url

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

QUERIES = [{"name": "two faith", "filter": {"theme": "faith"}, "at_least": 2}]
# Estimated well over INTERACTIVE_MAX_SECONDS, one task of several seconds.
LONG = simulate_request(turns=30, trials=40_000_000, seed=5, queries=QUERIES)
SHORT = simulate_request(turns=5, trials=50_000, seed=6, queries=QUERIES)


def test_a_long_bulk_job_does_not_delay_a_short_interactive_one(cv_catalog, tmp_path, settings):
    if connection.vendor != "postgresql" or not django_settings.CELERY_BROKER_URL.startswith("redis"):
        pytest.skip("needs PostgreSQL and Redis: the workers are separate processes")
    tag = uuid.uuid4().hex
    settings.CELERY_INTERACTIVE_QUEUE, settings.CELERY_BULK_QUEUE = f"test-interactive-{tag}", f"test-bulk-{tag}"
    env = {"DATABASE_URL": database_url(), "DATABASE_CONN_MAX_AGE": "0"}
    bulk_log, interactive_log = tmp_path / "bulk.log", tmp_path / "interactive.log"
    with (
        celery_worker_process(settings.CELERY_BULK_QUEUE, bulk_log, env),
        celery_worker_process(settings.CELERY_INTERACTIVE_QUEUE, interactive_log, env),
    ):
        long = goldfish_job_create(owner=None, data=LONG, parts=1)
        assert long.seconds > settings.INTERACTIVE_MAX_SECONDS
        wait_for(
            lambda: long.chunks.filter(status="running", progress__gt=0).exists(),
            60,
            "the long job to be under way",
            log=bulk_log,
        )

        short = goldfish_job_create(owner=None, data=SHORT, inline=False)
        assert short.seconds <= settings.INTERACTIVE_MAX_SECONDS
        wait_for(lambda: GoldfishJob.objects.get(pk=short.pk).finished, 60, "the short job", log=interactive_log)
        assert GoldfishJob.objects.get(pk=short.pk).status == "done"
        # The long one is still running: the short one did not wait for it.
        assert GoldfishJob.objects.get(pk=long.pk).status == "running"

        wait_for(lambda: GoldfishJob.objects.get(pk=long.pk).finished, 180, "the long job", log=bulk_log)
    assert GoldfishJob.objects.get(pk=long.pk).status == "done"
