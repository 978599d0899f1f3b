"""Versions of tournament formats (issue 19): every create and update writes one, numbered without gaps;
the format's owner sees which events keep which version; banned and restricted titles are capped.

alice owns Spring Open; bob organises events with it; charlie is the stranger.
"""

# ruff: noqa: F811 (fixtures imported from tests/decks/events/fixtures.py are arguments of the tests)

import functools
import threading
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db import connections
from django.utils import timezone

from cardcollections.models import CardSet
from decks.adapters import tournament_format
from decks.events.services import event_create
from decks.formats.selectors import format_resolve
from decks.formats.services import MAX_TITLES
from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_create
from decks.formats.services import tournament_format_update
from decks.models import TournamentFormat
from decks.models import TournamentFormatVersion
from tests.decks.conftest import rules_of
from tests.decks.events.fixtures import CV
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import spring  # noqa: F401
from tests.threads import run_threads

pytestmark = pytest.mark.django_db


def test_creating_a_format_writes_its_version_1(spring):
    version = TournamentFormatVersion.objects.get(format=spring)
    assert (spring.version, version.number) == (1, 1)
    assert (version.base_format, version.banned_titles, version.min_size, version.max_size) == (
        "advanced",
        ["Verse 001"],
        30,
        45,
    )
    assert [s.code for s in version.legal_sets.all()] == ["CV1"]


def test_every_update_writes_the_next_version_and_earlier_ones_keep_their_rules(spring, alice):
    tournament_format_update(fmt=spring, user=alice, **rules_of(spring, min_size=35, legal_sets=[]))
    tournament_format_update(fmt=spring, user=alice, **rules_of(spring, banned_titles=["Verse 001", "Verse 003"]))
    spring.refresh_from_db()
    versions = list(spring.versions.order_by("number"))
    assert spring.version == 3
    assert [(v.number, v.min_size, v.banned_titles, v.legal_sets.count()) for v in versions] == [
        (1, 30, ["Verse 001"], 1),
        (2, 35, ["Verse 001"], 0),
        (3, 30, ["Verse 001", "Verse 003"], 0),
    ]


def test_the_engine_format_is_built_from_a_version_or_from_the_latest_rules(spring, alice):
    tournament_format_update(fmt=spring, user=alice, **rules_of(spring, min_size=10_000, max_size=None))
    spring.refresh_from_db()
    first = spring.versions.get(number=1)
    assert tournament_format(spring, first).min_size == 30
    assert tournament_format(spring).min_size == 10_000
    assert format_resolve(game=CV, slug="spring-open", version=1) == tournament_format(spring, first)
    assert format_resolve(game=CV, slug="spring-open").min_size == 10_000


def test_a_version_that_does_not_exist_is_an_unknown_format(spring):
    from decks.formats.selectors import FormatNotFound

    with pytest.raises(FormatNotFound) as info:
        format_resolve(game=CV, slug="spring-open", version=7)
    assert info.value.field == "format" and "no version 7" in info.value.message


def test_resolving_a_version_costs_two_queries(spring, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        format_resolve(game=CV, slug="spring-open", version=1)


# ---------------------------------------------------------------- the cap
@pytest.mark.parametrize("field", ["banned_titles", "restricted_titles"])
def test_the_service_refuses_more_titles_than_the_cap_naming_the_field(cv, alice, field):
    titles = [f"Verse {i:03d}" for i in range(1, MAX_TITLES + 2)]
    with pytest.raises(ValidationError) as info:
        tournament_format_create(
            organiser=alice, slug="big", name="Big", game=cv, rules=FormatRules("advanced", **{field: titles})
        )
    kind = field.replace("_", " ")
    assert info.value.message_dict[field] == [
        f"A format lists at most {MAX_TITLES} {kind}; this list has {MAX_TITLES + 1}."
    ]
    assert not TournamentFormat.objects.exists()


def test_the_service_refuses_an_update_over_the_cap(spring, alice):
    with pytest.raises(ValidationError) as info:
        tournament_format_update(fmt=spring, user=alice, **rules_of(spring, restricted_titles=["Verse 003"] * 501))
    assert "restricted_titles" in info.value.message_dict
    assert spring.versions.count() == 1


def test_the_page_refuses_40000_banned_titles_without_looking_one_up_and_with_a_small_page(
    client, cv, alice, monkeypatch
):
    from decks.formats import services

    def no_lookups(game):
        raise AssertionError("a title was looked up")

    monkeypatch.setattr(services, "card_pool_for_game", no_lookups)
    client.force_login(alice)
    response = client.post(
        "/decks/formats/new/",
        {
            "name": "Open 2026",
            "slug": "open-2026",
            "game": CV,
            "base_format": "advanced",
            "banned_titles": "\n".join(f"Card number {i}" for i in range(40_000)),
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors["banned_titles"]
    assert errors == [
        f"A format lists at most {MAX_TITLES} banned titles; this list has 40000. "
        f"Only the first {MAX_TITLES} are shown again."
    ]
    assert len(response.content) < 100_000
    assert not TournamentFormat.objects.exists()


def test_the_page_takes_exactly_the_cap(client, cv, alice):
    client.force_login(alice)
    titles = "\n".join(f"Verse {1 + i % 60:03d}" for i in range(MAX_TITLES))
    response = client.post(
        "/decks/formats/new/",
        {"name": "Capped", "slug": "capped", "game": CV, "base_format": "advanced", "banned_titles": titles},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert len(TournamentFormat.objects.get(slug="capped").banned_titles) == 60


# ---------------------------------------------------------------- who uses it
def _event(organiser, cv, name: str):
    return event_create(
        organiser=organiser, name=name, game=cv, format_slug="spring-open", deadline=timezone.now() + timedelta(7)
    )


def test_the_edit_page_shows_its_owner_which_events_keep_which_version(client, cv, spring, alice, bob, charlie):
    _event(bob, cv, "Bob's cup")
    tournament_format_update(fmt=spring, user=alice, **rules_of(spring, min_size=35))
    _event(charlie, cv, "Charlie's night")
    client.force_login(alice)
    response = client.get("/decks/formats/spring-open/edit/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Used by 2 events" in page
    assert "This is version 2." in page
    assert "Version 2 (latest): 1 event" in page and "Version 1: 1 event" in page
    assert "Bob&#x27;s cup</a>, organised by bob: keeps version 1 until its organiser moves it" in page
    assert "Charlie&#x27;s night</a>, organised by charlie</li>" in page


def test_the_edit_page_of_an_unused_format_says_so(client, spring, alice):
    client.force_login(alice)
    assert "Used by 0 events" in client.get("/decks/formats/spring-open/edit/").content.decode()


def test_the_usage_costs_a_bounded_number_of_queries(client, cv, spring, alice, bob, django_assert_max_num_queries):
    for i in range(5):
        _event(bob, cv, f"Cup {i}")
    from decks.formats.selectors import tournament_format_usage

    with django_assert_max_num_queries(1):
        usage = tournament_format_usage(fmt=spring)
        assert [e.organiser.username for u in usage for e in u.events] == ["bob"] * 5


# ---------------------------------------------------------------- the admin
def test_a_change_in_the_admin_is_a_new_version_too(client, staff, spring):
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    cv1 = CardSet.objects.get(code="CV1")
    response = client.post(
        f"/admin/decks/tournamentformat/{spring.pk}/change/",
        {
            "slug": "spring-open",
            "name": "Spring Open",
            "game": spring.game_id,
            "base_format": "advanced",
            "legal_sets": [cv1.pk],
            "banned_titles": '["Verse 001", "Verse 002"]',
            "restricted_titles": "[]",
            "min_size": "30",
            "max_size": "45",
            "organiser": spring.organiser_id,
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    spring.refresh_from_db()
    assert spring.version == 2
    assert spring.versions.get(number=2).banned_titles == ["Verse 001", "Verse 002"]
    assert spring.versions.get(number=1).banned_titles == ["Verse 001"]


# ---------------------------------------------------------------- concurrency (PostgreSQL)
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks and READ COMMITTED races need PostgreSQL (SQLite serialises every write)",
)
def test_concurrent_updates_number_versions_without_gaps(spring, alice):
    rounds, threads_n = 5, 2
    barrier = threading.Barrier(threads_n, timeout=60)
    errors: list[str] = []

    def worker(index: int) -> None:
        try:
            fmt = TournamentFormat.objects.get(pk=spring.pk)
            for i in range(rounds):
                barrier.wait()
                tournament_format_update(
                    fmt=fmt, user=alice, **rules_of(fmt, min_size=30 + index * 10 + i, max_size=None)
                )
        except Exception as exc:  # any escape (a duplicate number, a deadlock) is a failure
            errors.append(repr(exc))
        finally:
            connections.close_all()

    run_threads([functools.partial(worker, i) for i in range(threads_n)], timeout=60)
    assert errors == []
    spring.refresh_from_db()
    numbers = list(spring.versions.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, 2 + rounds * threads_n))
    assert spring.version == numbers[-1]
    # The latest version holds the rules the row holds.
    assert spring.versions.get(number=spring.version).min_size == spring.min_size
