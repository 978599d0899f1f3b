"""Issue 19: a format's owner cannot break other people's events.

alice owns the format open-2026; bob organises an event with it; charlie registers a legal deck.
alice raises min_size to 10,000: bob's event keeps the version it was created with until bob
moves it. Moving re-checks every registration (the re-check job, called here as a worker would).
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks.events.services import EventError
from decks.events.services import event_check_create
from decks.events.services import event_create
from decks.events.services import event_format_version_move
from decks.events.services import event_update
from decks.events.services import registration_create
from decks.events.tasks import event_check
from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_update
from decks.lists.services import deck_create
from decks.models import Event
from decks.models import EventCheck
from decks.models import Registration
from tests.decks.events.fixtures import cv1_format
from tests.decks.events.fixtures import spring_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_2026(cv, alice):
    """alice's format: CV1, 30 to 45 cards, on advanced."""
    return cv1_format(cv, alice, "open-2026", "Open 2026")


@pytest.fixture
def bobs_event(cv, bob, open_2026):
    return event_create(
        organiser=bob, name="Bob's cup", game=cv, format_slug="open-2026", deadline=timezone.now() + timedelta(7)
    )


@pytest.fixture
def charlies_registration(cv, charlie, bobs_event):
    deck = deck_create(owner=charlie, game=cv, name="Charlie's list", format_slug="open-2026", decklist=spring_text())
    return registration_create(event=bobs_event, player=charlie, deck=deck)


def raise_min_size(fmt, user, min_size: int = 10_000) -> None:
    rules = FormatRules(base_format=fmt.base_format, legal_sets=fmt.legal_sets.all(), min_size=min_size)
    tournament_format_update(fmt=fmt, user=user, name=fmt.name, rules=rules)


def run_checks() -> None:
    """Run every queued re-check as a worker would (the task called as a function)."""
    for check in EventCheck.objects.filter(status="queued"):
        assert event_check(str(check.pk)) == "done"


def test_the_owners_change_does_not_break_the_event_until_its_organiser_moves_it(
    client, open_2026, bobs_event, charlies_registration, alice, bob, sent, api_as, django_capture_on_commit_callbacks
):
    assert charlies_registration.validation["legal"]
    raise_min_size(open_2026, alice)

    # bob's re-check still finds the list legal: his event keeps version 1.
    event_check_create(event=bobs_event, requested_by=bob)
    run_checks()
    registration = Registration.objects.get(pk=charlies_registration.pk)
    assert registration.recheck_legal is True
    client.force_login(bob)
    page = client.get(f"/events/{bobs_event.pk}/manage/").content.decode()
    assert "uses <strong>version 1</strong>" in page and "the latest is <strong>version 2</strong>" in page
    assert "Move to version 2 and re-check" in page

    # bob moves it (the API), which re-checks every registration against version 2.
    with django_capture_on_commit_callbacks(execute=True):
        response = api_as(bob).post(f"/api/v1/events/{bobs_event.pk}/format-version/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["event"]["format_version"], body["event"]["format_latest_version"]) == (2, 2)
    assert body["check"]["status"] == "queued" and body["check"]["total"] == 1
    assert sent[-1] == {"name": "decks.event_check", "args": [body["check"]["id"]]}
    run_checks()
    registration.refresh_from_db()
    assert registration.recheck_legal is False
    assert [f["code"] for f in registration.recheck["errors"]] == ["deck-too-small"]
    assert registration.validation["legal"]  # the snapshot never changes

    # ... and bob sees that on his page.
    page = client.get(f"/events/{bobs_event.pk}/manage/").content.decode()
    assert "uses <strong>version 2</strong>" in page and "Move to version" not in page
    assert 'data-code="deck-too-small"' in page


def test_a_new_registration_is_checked_against_the_events_version(cv, open_2026, bobs_event, alice, bob, staff):
    raise_min_size(open_2026, alice)
    deck = deck_create(owner=staff, game=cv, name="Sam's", decklist=spring_text())
    registration = registration_create(event=bobs_event, player=staff, deck=deck)
    assert registration.validation["legal"]


def test_an_event_created_after_a_change_takes_the_latest_version(cv, open_2026, alice, bob):
    raise_min_size(open_2026, alice, 40)
    event = event_create(
        organiser=bob, name="Later", game=cv, format_slug="open-2026", deadline=timezone.now() + timedelta(7)
    )
    assert event.format_version.number == 2


def test_changing_the_events_format_takes_the_new_formats_latest_and_keeping_it_keeps_its_version(
    cv, open_2026, spring, bobs_event, alice, bob
):
    raise_min_size(open_2026, alice, 40)
    event = event_update(event=bobs_event, name="Renamed", format_slug="open-2026")
    assert event.format_version.number == 1  # the same format: still the version bob chose
    event = event_update(event=bobs_event, format_slug="spring-open")
    assert (event.format, event.format_version.format.slug, event.format_version.number) == (
        "spring-open",
        "spring-open",
        1,
    )
    event = event_update(event=bobs_event, format_slug="advanced")
    assert event.format_version is None


def test_moving_an_event_already_at_the_latest_changes_nothing(open_2026, bobs_event, bob, sent):
    event, check = event_format_version_move(event=bobs_event, requested_by=bob)
    assert check is None and event.format_version.number == 1
    assert not EventCheck.objects.exists()


def test_an_event_of_a_base_format_has_no_version_to_move_to(event, alice, api_as):
    with pytest.raises(EventError) as info:
        event_format_version_move(event=event, requested_by=alice)
    assert info.value.field == "format"
    response = api_as(alice).post(f"/api/v1/events/{event.pk}/format-version/")
    assert response.status_code == 400 and response.json()["field"] == "format"


@pytest.mark.parametrize("who", ["alice", "charlie", "staff"])
def test_nobody_but_the_organiser_moves_the_event(
    request, open_2026, bobs_event, charlies_registration, alice, api_as, auth, client, who
):
    """Not the format's owner (alice), not a player (charlie), not staff: 403, as for changing the event."""
    raise_min_size(open_2026, alice)
    user = request.getfixturevalue(who)
    response = api_as(user, auth).post(f"/api/v1/events/{bobs_event.pk}/format-version/")
    assert response.status_code == 403
    client.force_login(user)
    assert client.post(f"/events/{bobs_event.pk}/format-version/").status_code == 404  # pages: the organiser's only
    assert Event.objects.get(pk=bobs_event.pk).format_version.number == 1
    assert not EventCheck.objects.exists()


def test_anonymous_cannot_move_and_an_unknown_event_is_a_404(bobs_event, bob, api_as):
    assert APIClient().post(f"/api/v1/events/{bobs_event.pk}/format-version/").status_code in (401, 403)
    assert api_as(bob).post(f"/api/v1/events/{bobs_event.pk + 1000}/format-version/").status_code == 404


def test_the_manage_page_button_moves_the_event(client, open_2026, bobs_event, charlies_registration, alice, bob, sent):
    raise_min_size(open_2026, alice)
    client.force_login(bob)
    response = client.post(f"/events/{bobs_event.pk}/format-version/", follow=True)
    assert response.status_code == 200
    assert "now uses version 2 of open-2026" in response.content.decode()
    assert Event.objects.get(pk=bobs_event.pk).format_version.number == 2
    assert EventCheck.objects.filter(event=bobs_event, status="queued").count() == 1


def test_the_event_api_shows_the_version(bobs_event, event):
    rows = {e["id"]: e for e in APIClient().get("/api/v1/events/").json()["results"]}
    assert (rows[bobs_event.pk]["format_version"], rows[bobs_event.pk]["format_latest_version"]) == (1, 1)
    assert rows[event.pk]["format_version"] is None
