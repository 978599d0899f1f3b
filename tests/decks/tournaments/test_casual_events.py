"""Casual events (docs/decks.md, "Casual events"): the same event, but its standings are for its staff and players
only (a 404 to anyone else, on the page, the CSV and the API), the wall shows none, and no top decks are ranked."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.judging.models import EventJudge
from decks.models import Event
from decks.tournaments.selectors import top_decks
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from tests.decks.events.fixtures import close

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def casual(alice, event, seven):
    assert signed_in(alice).post(f"/events/{event.pk}/edit/", _edit(event, casual="on")).status_code == 302
    event.refresh_from_db()
    assert event.casual
    close(event)
    event_start(event=event)
    round_pair_next(event=event)
    event.refresh_from_db()
    return event


def _edit(event, **more) -> dict:
    return {
        "name": event.name,
        "format": event.format,
        "deadline": event.deadline.strftime("%Y-%m-%dT%H:%M"),
        "description": event.description,
        "games_per_match": "1",
        "top_cut": "0",
        "pairing": "swiss",
        **more,
    }


@pytest.mark.parametrize("who", ["organiser", "judge", "player"])
def test_its_staff_and_players_see_the_standings(casual, alice, bob, who, api_as):
    judge = User.objects.create_user("jo", password="jo-password-1")
    EventJudge.objects.create(event=casual, user=judge)
    user = {"organiser": alice, "judge": judge, "player": bob}[who]
    assert signed_in(user).get(f"/events/{casual.pk}/standings/").status_code == 200
    assert signed_in(user).get(f"/events/{casual.pk}/standings.csv").status_code == 200
    assert api_as(user).get(f"/api/v1/events/{casual.pk}/standings/").status_code == 200


def test_no_one_else_sees_them(casual, charlie, api_as):
    for client in (signed_in(charlie), signed_in(None)):
        assert client.get(f"/events/{casual.pk}/standings/").status_code == 404
        assert client.get(f"/events/{casual.pk}/standings.csv").status_code == 404
    assert api_as(charlie).get(f"/api/v1/events/{casual.pk}/standings/").status_code == 404
    wall = signed_in(None).get(f"/events/{casual.pk}/projector/").content.decode()
    assert "projector-standings" not in wall and "round 1" in wall
    # Its pairings stay as public as any event's.
    assert signed_in(None).get(f"/events/{casual.pk}/pairings/").status_code == 200
    assert api_as(charlie).get(f"/api/v1/events/{casual.pk}/").json()["casual"] is True


def test_a_finished_casual_event_ranks_no_top_decks(casual):
    Event.objects.filter(pk=casual.pk).update(state="finished", decklists_public=True)
    casual.refresh_from_db()
    assert top_decks(event=casual) == []


def test_an_event_is_not_casual_unless_its_organiser_says_so(event, charlie):
    close(event)
    assert signed_in(charlie).get(f"/events/{event.pk}/standings/").status_code == 200
