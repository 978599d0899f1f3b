"""The migration that versions formats: every existing format gets version 1 with its rules, and every
existing event of a format uses it (on SQLite and on PostgreSQL alike)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("decks", "0003_saved_decks_and_events")]
AFTER = [("decks", "0004_format_versions")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_latest():
    """Whatever happens, the database ends at the latest migrations: later tests on this worker need them."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_existing_formats_get_version_1_and_their_events_keep_it(cv_catalog, back_to_latest):
    apps = _migrate(BEFORE)
    try:
        User = apps.get_model("auth", "User")
        Game = apps.get_model("collections", "Game")
        CardSet = apps.get_model("collections", "CardSet")
        TournamentFormat = apps.get_model("decks", "TournamentFormat")
        Event = apps.get_model("decks", "Event")
        alice = User.objects.create(username="alice")
        bob = User.objects.create(username="bob")
        cv = Game.objects.get(slug="chapter-and-verse")
        fmt = TournamentFormat.objects.create(
            slug="open-2026",
            name="Open 2026",
            game=cv,
            base_format="advanced",
            banned_titles=["Verse 001"],
            min_size=30,
            max_size=45,
            organiser=alice,
        )
        fmt.legal_sets.set(CardSet.objects.filter(code="CV1"))
        deadline = timezone.now() + timedelta(7)
        on_it = Event.objects.create(organiser=bob, name="Cup", game=cv, format="open-2026", deadline=deadline)
        base = Event.objects.create(organiser=bob, name="Base", game=cv, format="advanced", deadline=deadline)
    finally:
        apps = _migrate(AFTER)
    TournamentFormat = apps.get_model("decks", "TournamentFormat")
    Event = apps.get_model("decks", "Event")
    fmt = TournamentFormat.objects.get(slug="open-2026")
    version = fmt.versions.get()
    assert (fmt.version, version.number, version.banned_titles, version.min_size, version.max_size) == (
        1,
        1,
        ["Verse 001"],
        30,
        45,
    )
    assert [s.code for s in version.legal_sets.all()] == ["CV1"]
    assert Event.objects.get(pk=on_it.pk).format_version_id == version.pk
    assert Event.objects.get(pk=base.pk).format_version_id is None
