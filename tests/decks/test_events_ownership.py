"""Ownership, table-driven: every event and registration endpoint, every method, as the stranger
(charlie: 404 for registrations, jobs and the organiser's CSV, 403 for changing the public event,
and the database unchanged) and anonymously, with session and with token authentication."""

# ruff: noqa: F811 (fixtures imported from test_events_fixtures are arguments of the tests)

import pytest
from rest_framework.test import APIClient

from decks.models import Deck, Event, EventCheck, Registration
from decks.services import events as service
from decks.services.events import event_check_create
from tests.decks.test_events_fixtures import bob_deck, cv, event, registered  # noqa: F401

AUTHS = ["session", "token"]


@pytest.fixture
def world(event, registered, bob_deck, alice, monkeypatch):
    """alice organises the event; bob registered his deck; alice started a re-check."""
    monkeypatch.setattr(service.current_app, "send_task", lambda *args, **kwargs: None)
    check = event_check_create(event=event, requested_by=alice)
    return {"event": event.pk, "reg": registered.pk, "check": check.pk, "deck": str(bob_deck.pk)}


def snapshot() -> dict:
    return {m.__name__: sorted(map(str, m.objects.values_list())) for m in (Event, Registration, EventCheck, Deck)}


# (method, path, body): a stranger gets the status given, and nothing changes.
STRANGER_ROUTES = [
    ("get", "/api/v1/events/{event}/registrations/{reg}/", None, 404),
    ("delete", "/api/v1/events/{event}/registrations/{reg}/", None, 404),
    ("get", "/api/v1/events/{event}/registrations.csv", None, 404),
    ("get", "/api/v1/events/{event}/registrations/?format=csv", None, 404),
    ("post", "/api/v1/events/{event}/checks/", None, 404),
    ("get", "/api/v1/events/{event}/checks/{check}/", None, 404),
    ("patch", "/api/v1/events/{event}/", {"name": "Mine now", "deadline": "2001-01-01T00:00:00Z"}, 403),
    # Registering someone else's deck: refused on the field, like a deck that does not exist.
    ("post", "/api/v1/events/{event}/registrations/", {"deck": "{deck}"}, 400),
]
# Routes a stranger may use: they answer, but show nothing of bob's.
OPEN_ROUTES = [
    ("get", "/api/v1/events/", None),
    ("get", "/api/v1/events/{event}/", None),
    ("get", "/api/v1/events/{event}/registrations/", None),
]


def fill(value, ids: dict):
    if isinstance(value, str):
        return value.format(**ids)
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    return value


def call(client, method: str, path: str, body):
    return getattr(client, method)(path, body, format="json") if body is not None else getattr(client, method)(path)


@pytest.mark.parametrize("auth", AUTHS)
def test_a_stranger_cannot_read_or_touch_a_registration_or_the_organisers_things(world, charlie, api_as, auth):
    client = api_as(charlie, auth)
    before = snapshot()
    failures = []
    for method, path, body, expected in STRANGER_ROUTES:
        response = call(client, method, path.format(**world), fill(body, world))
        if response.status_code != expected:
            failures.append((auth, method, path, response.status_code, response.content[:200]))
        if b"bob" in response.content or world["reg"].hex.encode() in response.content:
            failures.append((auth, method, path, "shows bob's registration"))
        if snapshot() != before:
            failures.append((auth, method, path, "changed the database"))
            before = snapshot()
    assert failures == []


@pytest.mark.parametrize("auth", AUTHS)
def test_a_stranger_sees_events_but_none_of_bobs_registration(world, charlie, api_as, auth, registered):
    client = api_as(charlie, auth)
    failures = []
    for method, path, body in OPEN_ROUTES:
        response = call(client, method, path.format(**world), body)
        if response.status_code != 200:
            failures.append((auth, path, response.status_code))
        if registered.list_hash.encode() in response.content or b"bob" in response.content:
            failures.append((auth, path, "shows bob's registration"))
    assert failures == []


@pytest.mark.parametrize("auth", AUTHS)
def test_the_player_and_the_organiser_reach_the_registration(world, alice, bob, api_as, auth):
    for user in (alice, bob):
        response = api_as(user, auth).get("/api/v1/events/{event}/registrations/{reg}/".format(**world))
        assert response.status_code == 200 and response.json()["player"] == "bob"
    assert api_as(alice, auth).get("/api/v1/events/{event}/checks/{check}/".format(**world)).status_code == 200
    assert api_as(bob, auth).get("/api/v1/events/{event}/checks/{check}/".format(**world)).status_code == 404


def test_anonymous_users_read_events_and_nothing_else(world):
    before = snapshot()
    failures = []
    for method, path, body, _ in STRANGER_ROUTES:
        response = call(APIClient(), method, path.format(**world), fill(body, world))
        if response.status_code not in (401, 403):
            failures.append((method, path, response.status_code))
    response = APIClient().post("/api/v1/events/", {"name": "x"}, format="json")
    if response.status_code not in (401, 403):
        failures.append(("post", "/api/v1/events/", response.status_code))
    response = APIClient().get("/api/v1/events/{event}/registrations/".format(**world))
    if response.status_code not in (401, 403):
        failures.append(("get", "registrations", response.status_code))
    assert failures == []
    assert snapshot() == before
    assert APIClient().get("/api/v1/events/").status_code == 200


@pytest.mark.parametrize("auth", AUTHS)
def test_another_events_id_does_not_reach_a_registration(world, bob, alice, cv, api_as, auth):
    from datetime import timedelta

    from django.utils import timezone

    from decks.services.events import event_create

    other = event_create(
        organiser=bob, name="Bob's own", game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(1)
    )
    # bob organises `other`: alice's event's registration is not reachable through it.
    response = api_as(bob, auth).get(f"/api/v1/events/{other.pk}/registrations/{world['reg']}/")
    assert response.status_code == 404
    response = api_as(bob, auth).get(f"/api/v1/events/{other.pk}/checks/{world['check']}/")
    assert response.status_code == 404


def test_session_writes_need_the_csrf_token(world, bob, api_as):
    client = api_as(bob, "session", csrf=False)
    response = client.delete("/api/v1/events/{event}/registrations/{reg}/".format(**world))
    assert response.status_code == 403
    assert Registration.objects.get(pk=world["reg"]).active
