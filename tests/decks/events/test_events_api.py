"""Events API: events, registrations, the CSV and re-check jobs, through token and session clients."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from decks.events.tasks import event_check
from decks.lists.services import deck_create
from decks.models import Event
from decks.models import EventCheck
from decks.models import Registration
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import close

pytestmark = pytest.mark.django_db


def base(event) -> str:
    return f"/api/v1/events/{event.pk}/"


# ---------------------------------------------------------------- events
def test_an_organiser_creates_an_event_and_anyone_reads_it(cv, alice, api_as, client):
    deadline = (timezone.now() + timedelta(days=5)).replace(microsecond=0)
    body = {"name": "Spring Open", "game": "chapter-and-verse", "format": "advanced", "deadline": deadline.isoformat()}
    response = api_as(alice, "session").post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["organiser"] == "alice" and data["open"] is True and data["format"] == "advanced"
    assert data["url"].endswith(f"/api/v1/events/{data['id']}/")
    listing = client.get("/api/v1/events/").json()
    assert [e["name"] for e in listing["results"]] == ["Spring Open"]
    assert client.get(f"/api/v1/events/{data['id']}/").json()["game"] == "chapter-and-verse"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "nope"}, "format"),
        ({"game": "nope"}, "game"),
        ({"deadline": "2001-01-01T00:00:00Z"}, "deadline"),
        ({"deadline": "not a date"}, "deadline"),
        ({"name": ""}, "name"),
    ],
)
def test_a_bad_event_is_a_400_naming_the_field(cv, alice, api_as, change, field):
    body = {"name": "X", "game": "chapter-and-verse", "deadline": (timezone.now() + timedelta(days=1)).isoformat()}
    body.update(change)
    response = api_as(alice).post("/api/v1/events/", body, format="json")
    assert response.status_code == 400 and response.json()["field"] == field, response.json()
    assert not Event.objects.exists()


def test_only_the_organiser_changes_an_event(event, alice, bob, api_as):
    assert api_as(bob).patch(base(event), {"name": "Mine"}, format="json").status_code == 403
    response = api_as(alice).patch(base(event), {"name": "Autumn II", "format": "basic"}, format="json")
    assert response.status_code == 200 and response.json()["format"] == "basic"
    bad = api_as(alice).patch(base(event), {"format": "nope"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "format"
    event.refresh_from_db()
    assert (event.name, event.format) == ("Autumn II", "basic")


# ---------------------------------------------------------------- registrations
@pytest.mark.parametrize("auth", ["token", "session"])
def test_a_player_registers_replaces_and_withdraws(event, bob, bob_deck, cv, api_as, auth):
    client = api_as(bob, auth)
    response = client.post(base(event) + "registrations/", {"deck": str(bob_deck.pk)}, format="json")
    assert response.status_code == 201, response.json()
    first = response.json()
    assert first["player"] == "bob" and first["legal"] is True and first["card_count"] == 40
    assert first["list_hash"] == Registration.objects.get().list_hash and first["decklist"].startswith("2 Verse 001")
    other = deck_create(owner=bob, game=cv, name="Second", decklist=legal_cv_text(42))
    second = client.post(base(event) + "registrations/", {"deck": str(other.pk)}, format="json").json()
    old = client.get(base(event) + f"registrations/{first['id']}/").json()
    assert old["active"] is False and old["replaced"] is not None
    assert [r["id"] for r in client.get(base(event) + "registrations/").json()] == [second["id"]]
    withdrawn = client.delete(base(event) + f"registrations/{second['id']}/")
    assert withdrawn.status_code == 200 and withdrawn.json()["active"] is False
    assert client.get(base(event) + "registrations/").json() == []


def test_an_illegal_deck_is_a_400_with_its_findings(event, bob, cv, api_as):
    deck = deck_create(owner=bob, game=cv, name="Short", decklist=legal_cv_text(38))
    response = api_as(bob).post(base(event) + "registrations/", {"deck": str(deck.pk)}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "deck" and [f["code"] for f in body["findings"]] == ["deck-too-small"]
    assert body["validation"]["legal"] is False
    assert not Registration.objects.exists()


def test_after_the_deadline_registering_and_withdrawing_are_refused(registered, event, bob, bob_deck, api_as):
    close(event)
    client = api_as(bob)
    response = client.post(base(event) + "registrations/", {"deck": str(bob_deck.pk)}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "deadline"
    response = client.delete(base(event) + f"registrations/{registered.pk}/")
    assert response.status_code == 400 and response.json()["field"] == "deadline"
    assert Registration.objects.get().active
    # The player still sees their registration after the deadline.
    assert client.get(base(event) + "registrations/").json()[0]["id"] == str(registered.pk)


def test_the_organiser_sees_all_and_a_player_only_their_own(registered, event, alice, charlie, cv, api_as):
    deck = deck_create(owner=charlie, game=cv, name="Charlie's", decklist=legal_cv_text())
    api_as(charlie).post(base(event) + "registrations/", {"deck": str(deck.pk)}, format="json")
    assert [r["player"] for r in api_as(alice).get(base(event) + "registrations/").json()] == ["bob", "charlie"]
    assert [r["player"] for r in api_as(charlie).get(base(event) + "registrations/").json()] == ["charlie"]
    # The organiser reads any registration but may not withdraw a player's.
    assert api_as(alice).get(base(event) + f"registrations/{registered.pk}/").status_code == 200
    assert api_as(alice).delete(base(event) + f"registrations/{registered.pk}/").status_code == 403
    assert Registration.objects.filter(active=True).count() == 2


def test_the_organiser_downloads_the_csv_both_ways(registered, event, alice, api_as):
    client = api_as(alice)
    for url in (base(event) + "registrations.csv", base(event) + "registrations/?format=csv"):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv"), url
        rows = list(csv.DictReader(io.StringIO(response.content.decode())))
        assert [(r["player"], r["hash"], r["legal"]) for r in rows] == [("bob", registered.list_hash, "yes")]


def test_the_organiser_rechecks_every_registration(registered, event, alice, api_as, sent):
    client = api_as(alice)
    response = client.post(base(event) + "checks/")
    assert response.status_code == 202
    job = response.json()
    assert job["status"] == "queued" and job["total"] == 1 and job["progress"] == 0.0
    assert job["url"].endswith(f"/api/v1/events/{event.pk}/checks/{job['id']}/")
    event_check(job["id"])
    done = client.get(job["url"]).json()
    assert (done["status"], done["progress"], done["legal"], done["illegal"]) == ("done", 1.0, 1, 0)
    reg = client.get(base(event) + f"registrations/{registered.pk}/").json()
    assert reg["recheck_legal"] is True and reg["rechecked"] is not None


def test_the_list_of_events_costs_a_bounded_number_of_queries(cv, alice, api_as, django_assert_max_num_queries):
    from decks.events.services import event_create

    for i in range(10):
        event_create(
            organiser=alice, name=f"E{i}", game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(i + 1)
        )
    client = api_as(alice)
    with django_assert_max_num_queries(6):
        assert len(client.get("/api/v1/events/").json()["results"]) == 10
    assert EventCheck.objects.count() == 0


def test_a_patch_cannot_move_the_deadline_into_the_past(event, alice, api_as):
    before = event.deadline
    past = (timezone.now() - timedelta(hours=1)).isoformat()
    response = api_as(alice).patch(base(event), {"deadline": past}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "deadline"
    event.refresh_from_db()
    assert event.deadline == before


def test_the_organiser_closes_registration_now_from_the_manage_page(event, alice, bob, client):
    client.force_login(bob)
    assert client.post(f"/events/{event.pk}/close/").status_code == 404  # not bob's event
    event.refresh_from_db()
    assert event.deadline > timezone.now()
    client.force_login(alice)
    assert "Close registration now" in client.get(f"/events/{event.pk}/manage/").content.decode()
    assert client.post(f"/events/{event.pk}/close/").status_code == 302
    event.refresh_from_db()
    assert event.deadline <= timezone.now()
    assert "Close registration now" not in client.get(f"/events/{event.pk}/manage/").content.decode()
