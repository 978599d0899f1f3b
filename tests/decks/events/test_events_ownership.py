"""Ownership, table-driven: every event, registration and tournament endpoint, every method, as the stranger
(charlie: 404 for registrations, jobs and the organiser's CSV, 403 for changing the public event or
running it, and the database unchanged) and anonymously, with session and with token authentication.
A running event's rounds and standings are as public as the event; its registrations are not."""

import pytest
from rest_framework.test import APIClient

from decks.events import services as service
from decks.events.services import event_check_create
from decks.models import Deck
from decks.models import Event
from decks.models import EventCheck
from decks.models import Match
from decks.models import Player
from decks.models import Registration
from decks.models import Round
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from tests.decks.events.fixtures import register_players
from tests.ownership import call
from tests.ownership import fill
from tests.ownership import walk


@pytest.fixture
def world(event, registered, bob_deck, alice, monkeypatch):
    """alice organises the event; bob, dora and eli registered; alice started a re-check, then the event,
    and paired round 1 (one match and a bye)."""
    monkeypatch.setattr(service.current_app, "send_task", lambda *args, **kwargs: None)
    check = event_check_create(event=event, requested_by=alice)
    register_players(event, ["dora", "eli"])
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).get()
    return {
        "event": event.pk,
        "reg": registered.pk,
        "check": check.pk,
        "deck": str(bob_deck.pk),
        "match": match.pk,
        "players": [match.player_a.user.username, match.player_b.user.username],
    }


MODELS = (Event, Registration, EventCheck, Deck, Player, Round, Match)


def snapshot() -> dict:
    return {m.__name__: sorted(map(str, m.objects.values_list())) for m in MODELS}


# (method, path, body): a stranger gets the status given, and nothing changes.
STRANGER_ROUTES = [
    ("get", "/api/v1/events/{event}/registrations/{reg}/", None, 404),
    ("delete", "/api/v1/events/{event}/registrations/{reg}/", None, 404),
    ("get", "/api/v1/events/{event}/registrations.csv", None, 404),
    ("get", "/api/v1/events/{event}/registrations/?format=csv", None, 404),
    ("post", "/api/v1/events/{event}/checks/", None, 404),
    ("get", "/api/v1/events/{event}/checks/{check}/", None, 404),
    ("patch", "/api/v1/events/{event}/", {"name": "Mine now", "deadline": "2001-01-01T00:00:00Z"}, 403),
    ("post", "/api/v1/events/{event}/format-version/", None, 403),
    # Registering someone else's deck: refused on the field, like a deck that does not exist.
    ("post", "/api/v1/events/{event}/registrations/", {"deck": "{deck}"}, 400),
    # Running the event is the organiser's; a result is the organiser's or the match's players'.
    ("post", "/api/v1/events/{event}/start/", None, 403),
    ("post", "/api/v1/events/{event}/rounds/", None, 403),
    ("post", "/api/v1/events/{event}/top-cut/", {"size": 2}, 403),
    ("post", "/api/v1/events/{event}/finish/", None, 403),
    ("post", "/api/v1/events/{event}/matches/{match}/result/", {"wins": [1, 0], "draws": 0}, 403),
    ("post", "/api/v1/events/{event}/drop/", {"player": "bob"}, 403),
    ("post", "/api/v1/events/{event}/drop/", {}, 403),
]
# Routes a stranger may use: they answer, but show nothing of bob's.
OPEN_ROUTES = [
    ("get", "/api/v1/events/", None),
    ("get", "/api/v1/events/{event}/", None),
    ("get", "/api/v1/events/{event}/registrations/", None),
]
# What happens at the event is public (names, pairings, results), never a registration's list or deck.
PUBLIC_TOURNAMENT_ROUTES = [
    "/api/v1/events/{event}/rounds/",
    "/api/v1/events/{event}/rounds/1/",
    "/api/v1/events/{event}/standings/",
    "/api/v1/events/{event}/standings.csv",
]


def test_a_stranger_cannot_read_or_touch_a_registration_or_the_organisers_things(world, charlie, api_as, auth):
    routes = [route[:3] for route in STRANGER_ROUTES]
    walked = walk(api_as(charlie, auth), routes, world, state=snapshot)
    failures = []
    for (method, path, response, changed), (*_, expected) in zip(walked, STRANGER_ROUTES, strict=True):
        if response.status_code != expected:
            failures.append((auth, method, path, response.status_code, response.content[:200]))
        if b"bob" in response.content or world["reg"].hex.encode() in response.content:
            failures.append((auth, method, path, "shows bob's registration"))
        if changed:
            failures.append((auth, method, path, "changed the database"))
    assert failures == []


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


def test_a_stranger_reads_the_rounds_and_standings_but_no_list(world, charlie, api_as, auth, registered):
    client = api_as(charlie, auth)
    for path in PUBLIC_TOURNAMENT_ROUTES:
        response = client.get(path.format(**world))
        assert response.status_code == 200, path
        assert registered.list_hash.encode() not in response.content and world["deck"].encode() not in response.content


def test_only_the_matchs_players_and_the_organiser_give_its_result(world, alice, api_as, auth):
    from django.contrib.auth import get_user_model

    path = "/api/v1/events/{event}/matches/{match}/result/".format(**world)
    users = get_user_model().objects
    outsider = users.get(username=({"bob", "dora", "eli"} - set(world["players"])).pop())
    assert api_as(outsider, auth).post(path, {"wins": [1, 0]}, format="json").status_code == 403
    player = users.get(username=world["players"][0])
    assert api_as(player, auth).post(path, {"wins": [1, 0]}, format="json").status_code == 200
    assert api_as(alice, auth).post(path, {"wins": [0, 1]}, format="json").json()["confirmed"]


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


def test_another_events_id_does_not_reach_a_registration(world, bob, alice, cv, api_as, auth):
    from datetime import timedelta

    from django.utils import timezone

    from decks.events.services import event_create

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
