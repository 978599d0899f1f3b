"""Co-organisers (docs/decks.md, "Co-organisers"): the organiser names them by username; a co-organiser runs the
event as the organiser does (the console, rounds, results, the clock, the API) but cannot change its staff; a
judge, a player and a stranger run nothing."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.events.services import EventError
from decks.events.services import co_organiser_add
from decks.judging.models import EventJudge
from decks.models import EventCoOrganiser
from decks.models import Match
from decks.models import Round
from tests.decks.events.fixtures import close

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def carol(db):
    return User.objects.create_user("carol", password="carol-password-1")


@pytest.fixture
def co(alice, event, carol):
    assert signed_in(alice).post(f"/events/{event.pk}/co-organisers/", {"username": "Carol"}).status_code == 302
    return carol


@pytest.fixture
def judge(event, charlie):
    """charlie judges alice's event."""
    EventJudge.objects.create(event=event, user=charlie)
    return charlie


def test_it_lets_a_co_organiser_run_the_rounds_from_the_console(event, seven, co):
    close(event)
    client = signed_in(co)
    assert client.get(f"/events/{event.pk}/run/").status_code == 200
    assert "Co-organisers" in client.get(f"/events/{event.pk}/manage/").content.decode()
    client.post(f"/events/{event.pk}/run/start/")
    client.post(f"/events/{event.pk}/run/pair/")
    round_ = Round.objects.get(event=event)
    match = Match.objects.filter(round=round_, player_b__isnull=False).first()
    client.post(f"/events/{event.pk}/run/matches/{match.pk}/result/", {"result": "1-0-0"})
    client.post(f"/events/{event.pk}/run/clock/", {"action": "start", "minutes": "30"})
    match.refresh_from_db()
    round_.refresh_from_db()
    assert match.confirmed and (match.wins_a, match.wins_b) == (1, 0)
    assert (round_.clock_state, round_.clock_minutes) == ("running", 30)


def test_it_lets_a_co_organiser_pair_rounds_through_the_api(event, seven, co, api_as):
    close(event)
    client = api_as(co)
    assert client.post(f"/api/v1/events/{event.pk}/start/").status_code == 200
    assert client.post(f"/api/v1/events/{event.pk}/rounds/").status_code == 201


@pytest.mark.parametrize("who", ["judge", "bob", "stranger"])
def test_it_lets_no_judge_player_or_stranger_run_the_event(event, seven, judge, bob, who, api_as, db):
    user = {"judge": judge, "bob": bob, "stranger": User.objects.create_user("zed", password="zed-password-1")}[who]
    close(event)
    client = signed_in(user)
    assert client.get(f"/events/{event.pk}/run/").status_code == 404
    assert client.get(f"/events/{event.pk}/manage/").status_code == 404
    client.post(f"/events/{event.pk}/run/start/")
    event.refresh_from_db()
    assert event.state == "registration"
    assert api_as(user).post(f"/api/v1/events/{event.pk}/start/").status_code == 403
    assert client.post(f"/events/{event.pk}/co-organisers/", {"username": user.username}).status_code == 404
    assert not EventCoOrganiser.objects.exists()


def test_a_co_organiser_cannot_change_the_staff(event, co, charlie, alice):
    client = signed_in(co)
    client.post(f"/events/{event.pk}/co-organisers/", {"username": "charlie"})
    client.post(f"/events/{event.pk}/judges/", {"username": "charlie"})
    assert list(EventCoOrganiser.objects.values_list("user__username", flat=True)) == ["carol"]
    assert not EventJudge.objects.exists()
    mine = EventCoOrganiser.objects.get()
    client.post(f"/events/{event.pk}/co-organisers/{mine.pk}/remove/")
    assert EventCoOrganiser.objects.exists()
    page = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "Add a co-organiser" not in page
    # The organiser removes them, and the console is closed to them at once.
    signed_in(alice).post(f"/events/{event.pk}/co-organisers/{mine.pk}/remove/")
    assert client.get(f"/events/{event.pk}/run/").status_code == 404


def test_it_refuses_an_unknown_name_the_organiser_and_a_guest(event, alice):
    for name, says in (("nobody", "No player"), ("alice", "already")):
        with pytest.raises(EventError) as exc:
            co_organiser_add(owner=alice, event=event, username=name)
        assert exc.value.field == "username" and says in exc.value.message
    guest = User.objects.create_user("ruth-guest-3fa2")  # no password: no one signs in to it
    with pytest.raises(EventError):
        co_organiser_add(owner=alice, event=event, username=guest.username)


def test_the_api_names_lists_and_removes_co_organisers_for_the_organiser_only(event, alice, carol, charlie, api_as):
    path = f"/api/v1/events/{event.pk}/co-organisers/"
    response = api_as(alice).post(path, {"username": "carol"}, format="json")
    assert response.status_code == 201 and response.json()["username"] == "carol"
    bad = api_as(alice).post(path, {"username": "nobody"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "username"
    assert [c["username"] for c in api_as(carol).get(path).json()] == ["carol"]
    assert api_as(carol).post(path, {"username": "charlie"}, format="json").status_code == 403
    assert api_as(charlie).get(path).status_code == 404
    assert api_as(charlie).post(path, {"username": "charlie"}, format="json").status_code == 404
    co = response.json()["id"]
    assert api_as(carol).delete(f"{path}{co}/").status_code == 403
    assert api_as(alice).delete(f"{path}{co}/").status_code == 204
    assert not EventCoOrganiser.objects.exists()


def _staff() -> tuple:
    return (
        sorted(EventCoOrganiser.objects.values_list("event_id", "user__username")),
        sorted(EventJudge.objects.values_list("event_id", "user__username")),
    )


def test_a_co_organiser_changing_the_staff_gets_403_on_the_pages_and_the_api_and_nothing_changes(
    event, co, charlie, api_as
):
    """One rule, in the staff services (event_staff_add, event_staff_remove): only the organiser who made the event
    names or removes co-organisers and judges; the pages and the API answer its NotAllowed with a 403."""
    judge = EventJudge.objects.create(event=event, user=charlie)
    mine = EventCoOrganiser.objects.get()
    before = _staff()
    client = signed_in(co)
    pages = {
        "add co-organiser": client.post(f"/events/{event.pk}/co-organisers/", {"username": "bob"}),
        "remove co-organiser": client.post(f"/events/{event.pk}/co-organisers/{mine.pk}/remove/"),
        "add judge": client.post(f"/events/{event.pk}/judges/", {"username": "bob"}),
        "remove judge": client.post(f"/events/{event.pk}/judges/{judge.pk}/remove/"),
    }
    assert {name: answer.status_code for name, answer in pages.items()} == dict.fromkeys(pages, 403)
    assert "Only the organiser who made the event names co-organisers." in pages["add co-organiser"].content.decode()
    assert "Only the organiser who made the event removes judges." in pages["remove judge"].content.decode()
    path = f"/api/v1/events/{event.pk}/co-organisers/"
    added = api_as(co).post(path, {"username": "bob"}, format="json")
    removed = api_as(co).delete(f"{path}{mine.pk}/")
    assert (added.status_code, removed.status_code) == (403, 403)
    assert added.json()["detail"] == "Only the organiser who made the event names co-organisers."
    assert _staff() == before
