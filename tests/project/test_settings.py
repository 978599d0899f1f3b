"""Settings that docs/reliability.md says must hold, and the strict environment readers."""

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from cardsite.env import env_bool
from cardsite.env import env_int


def test_tasks_finish_well_inside_the_visibility_timeout():
    assert settings.CELERY_TASK_TIME_LIMIT * 2 < settings.CELERY_VISIBILITY_TIMEOUT
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] == settings.CELERY_VISIBILITY_TIMEOUT
    assert settings.CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS["visibility_timeout"] == settings.CELERY_VISIBILITY_TIMEOUT


def test_tasks_are_acknowledged_late_and_requeued_when_a_worker_dies():
    assert settings.CELERY_TASK_ACKS_LATE and settings.CELERY_TASK_REJECT_ON_WORKER_LOST
    assert settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1
    assert settings.CELERY_TASK_SERIALIZER == "json" and settings.CELERY_ACCEPT_CONTENT == ["json"]
    assert not settings.CELERY_TASK_ALWAYS_EAGER


@pytest.mark.parametrize("raw", ["maybe", "2", "tru"])
def test_an_unrecognised_boolean_stops_start_up(monkeypatch, raw):
    monkeypatch.setenv("SOME_FLAG", raw)
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG"):
        env_bool("SOME_FLAG", False)


@pytest.mark.parametrize(("raw", "expected"), [("1", True), ("off", False), ("YES", True), ("", False)])
def test_booleans_read_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("SOME_FLAG", raw)
    assert env_bool("SOME_FLAG", not expected) is expected


def test_an_integer_setting_must_be_an_integer(monkeypatch):
    monkeypatch.setenv("SOME_NUMBER", "ten")
    with pytest.raises(ImproperlyConfigured, match="SOME_NUMBER"):
        env_int("SOME_NUMBER", 1)


# Each PostgreSQL session's settings (cardsite/settings.py). At the default random_page_cost (4) a common
# search word was checked row by row through the whole card table instead of through its full-text index.
# The two timeouts are the tests' (pyproject.toml): a thread stuck holding a lock once hung a CI run until
# its limit.
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("setting", "value"),
    [("random_page_cost", "1.1"), ("lock_timeout", "2min"), ("idle_in_transaction_session_timeout", "5min")],
)
def test_postgresql_sessions_have_the_sites_settings(setting, value):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL session settings")
    with connection.cursor() as cursor:
        cursor.execute(f"SHOW {setting}")
        assert cursor.fetchone()[0] == value


def test_every_task_finishes_well_inside_the_visibility_timeout():
    """A task's own time limit overrides the setting: each must be under half the visibility timeout too
    (docs/reliability.md: a 15 s task with a 5 s timeout ran 3 times), and no longer than CELERY_TASK_TIME_LIMIT,
    the ceiling of every task (a job's stale window is its own task's limit: tests/cardcollections/jobs/)."""
    from cardsite.celery_app import app

    app.loader.import_default_modules()
    tasks = {name: task for name, task in app.tasks.items() if not name.startswith("celery.")}
    assert {"cardcollections.tasks.run_collection_import", "decks.goldfish_chunk", "decks.event_check"} <= set(tasks)
    for name, task in tasks.items():
        limit = task.time_limit or settings.CELERY_TASK_TIME_LIMIT
        soft = task.soft_time_limit or settings.CELERY_TASK_SOFT_TIME_LIMIT
        assert limit <= settings.CELERY_TASK_TIME_LIMIT, name
        assert limit * 2 < settings.CELERY_VISIBILITY_TIMEOUT, name
        assert soft < limit, name


@pytest.mark.parametrize(
    "env",
    [
        {"CELERY_VISIBILITY_TIMEOUT": "2000"},  # the default task limit is 1500
        {"CELERY_TASK_TIME_LIMIT": "1800"},  # the default visibility timeout is 3600
    ],
)
def test_a_task_time_limit_not_under_half_the_visibility_timeout_stops_start_up(tmp_path, env):
    import os
    import subprocess
    import sys
    from pathlib import Path

    base = {k: v for k, v in os.environ.items() if not k.startswith("CELERY_")}
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=Path(__file__).resolve().parents[2],
        env={**base, "DJANGO_SETTINGS_MODULE": "cardsite.settings", "CARDSITE_VAR_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "CELERY_VISIBILITY_TIMEOUT" in result.stderr
