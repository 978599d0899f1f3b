"""An event once it has started: registration stays closed whatever its deadline, and the edit form
and PATCH still save what may change (stored values sent back are no change; a fixed field's change is a 409)."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from decks.events.services import RegistrationClosed
from decks.events.services import event_update
from decks.events.services import registration_create
from decks.events.services import registration_withdraw
from decks.lists.services import deck_create
from decks.models import Event
from decks.models import EventState
from decks.models import Match
from decks.models import Player
from decks.models import Registration
from decks.tournaments.services import event_finish
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_pair_next
from decks.tournaments.services import top_cut_start
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import lists_public

pytestmark = pytest.mark.django_db


def base(event) -> str:
    return f"/api/v1/events/{event.pk}/"


def local_input(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def started(event) -> Event:
    event_start(event=event)
    return Event.objects.get(pk=event.pk)


def deadline_moved_on(event) -> None:
    """The deadline put a day ahead behind the services' back (as the PATCH allowed before it was fixed)."""
    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() + timedelta(days=1))
    event.refresh_from_db()


def play(event, round_, organiser) -> None:
    """The organiser enters 1-0 for the first-listed player of every match of `round_` without a result."""
    for match in Match.objects.filter(round=round_, confirmed=False):
        match_result_set(event=event, match=match, user=organiser, wins=[1, 0], draws=0)


def finished(event, organiser, *, top_cut: int = 0) -> Event:
    """`event` played to its end: one Swiss round, then a top cut of `top_cut` players unless 0."""
    event_update(event=event, rounds=1)
    event_start(event=event)
    play(event, round_pair_next(event=event), organiser)
    if top_cut:
        play(event, top_cut_start(event=event, size=top_cut), organiser)
    event_finish(event=event)
    return Event.objects.get(pk=event.pk)


# ---------------------------------------------------------------- bug 1: registration stays closed
def test_a_patch_cannot_move_the_deadline_of_a_started_event(event, seven, alice, api_as):
    event = started(event)
    later = (timezone.now() + timedelta(days=1)).isoformat()
    response = api_as(alice).patch(base(event), {"deadline": later}, format="json")
    assert response.status_code == 409 and response.json()["field"] == "deadline"
    assert "has started" in response.json()["detail"]
    assert Event.objects.get(pk=event.pk).deadline == event.deadline
    assert api_as(alice).get(base(event)).json()["open"] is False


def test_nobody_registers_or_withdraws_once_the_event_has_started_whatever_its_deadline(
    event, seven, bob, charlie, cv, api_as
):
    event = started(event)
    deadline_moved_on(event)
    deck = deck_create(owner=charlie, game=cv, name="Late", format_slug="advanced", decklist=legal_cv_text())
    response = api_as(charlie).post(base(event) + "registrations/", {"deck": str(deck.pk)}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "deadline"
    assert "has started" in response.json()["message"]
    mine = Registration.objects.get(event=event, player=bob, active=True)
    response = api_as(bob).delete(base(event) + f"registrations/{mine.pk}/")
    assert response.status_code == 400 and response.json()["field"] == "deadline"
    assert Registration.objects.get(pk=mine.pk).active
    assert not Registration.objects.filter(player=charlie).exists()
    assert api_as(charlie).get(base(event)).json()["open"] is False


def test_the_services_check_the_state_under_the_lock(event, seven, bob, charlie, cv):
    """A copy of the event read before the start (a request racing it) is refused all the same."""
    stale = Event.objects.get(pk=event.pk)
    deadline_moved_on(started(event))
    deck = deck_create(owner=charlie, game=cv, name="Late", format_slug="advanced", decklist=legal_cv_text())
    with pytest.raises(RegistrationClosed, match="has started"):
        registration_create(event=stale, player=charlie, deck=deck)
    mine = Registration.objects.select_related("event").get(player=bob, active=True)
    mine.event = stale
    with pytest.raises(RegistrationClosed, match="has started"):
        registration_withdraw(registration=mine)
    assert Player.objects.filter(event=event).count() == 7 and Registration.objects.get(pk=mine.pk).active


def test_the_pages_say_registration_has_closed_once_the_event_has_started(client, event, seven, bob, charlie, cv):
    event = started(event)
    deadline_moved_on(event)
    deck = deck_create(owner=charlie, game=cv, name="Late", format_slug="advanced", decklist=legal_cv_text())
    client.force_login(charlie)
    assert f'href="/events/{event.pk}/register/"' not in client.get("/events/").content.decode()
    assert b"has closed: the event has started" in client.get(f"/events/{event.pk}/register/").content
    response = client.post(f"/events/{event.pk}/register/", {"deck": str(deck.pk)})
    assert response.status_code == 400 and not Registration.objects.filter(player=charlie).exists()
    client.force_login(bob)
    response = client.post(f"/events/{event.pk}/withdraw/")
    assert Registration.objects.get(player=bob).active
    assert b"has started" in client.get(response["Location"]).content


# ---------------------------------------------------------------- bug 2: the edit form after the start
def as_the_old_page_posted(event, **changes) -> dict[str, str]:
    """Every field of the edit form with the event's stored values (the deadline to the minute), then `changes`."""
    body = {
        "name": event.name,
        "format": event.format,
        "deadline": local_input(event.deadline),
        "description": event.description,
        "rounds": str(event.rounds or ""),
        "games_per_match": str(event.games_per_match),
        "top_cut": str(event.top_cut),
    }
    if event.decklists_public:
        body["decklists_public"] = "on"
    body.update(changes)
    return body


def disabled_fields(html: str) -> set[str]:
    return {
        name
        for tag in re.findall(r"<(?:input|select|textarea)[^>]*>", html)
        if " disabled" in tag and (name := re.search(r'name="([^"]+)"', tag)) and (name := name.group(1))
    }


def test_the_edit_page_saves_a_running_event_and_shows_what_is_fixed(client, event, seven, alice):
    event = started(event)
    client.force_login(alice)
    html = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert disabled_fields(html) == {
        "deadline",
        "games_per_match",
        "pairing",
        "decklists_public",
    }  # private lists registered
    assert "registration is closed for good" in html
    # A browser leaves the disabled fields out of its post.
    body = as_the_old_page_posted(event, description="Typo fixed.")
    del body["deadline"], body["games_per_match"]
    response = client.post(f"/events/{event.pk}/edit/", body)
    assert response.status_code == 302, response.content.decode()
    saved = Event.objects.get(pk=event.pk)
    assert (saved.description, saved.deadline, saved.state) == ("Typo fixed.", event.deadline, EventState.RUNNING)


@pytest.mark.parametrize("top_cut", [0, 2])
def test_the_edit_page_shows_the_top_decks_lists_of_a_finished_event(client, event, seven, alice, top_cut):
    lists_public(event)
    event = finished(event, alice, top_cut=top_cut)
    client.force_login(alice)
    html = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert disabled_fields(html) == {"deadline", "games_per_match", "pairing", "rounds", "top_cut"}
    # Every field posted with its stored value (a script, or a page loaded before the start): fixed ones are kept.
    response = client.post(f"/events/{event.pk}/edit/", as_the_old_page_posted(event, decklists_public="on"))
    assert response.status_code == 302, response.content.decode()
    saved = Event.objects.get(pk=event.pk)
    assert saved.decklists_public and (saved.deadline, saved.top_cut) == (event.deadline, top_cut)


def test_the_edit_page_saves_a_closed_event_whose_deadline_is_left_as_it_was(client, event, alice):
    """Closed but not started: the stored deadline, shown to the minute and posted back, is no change."""
    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() - timedelta(minutes=5, seconds=17))
    event.refresh_from_db()
    client.force_login(alice)
    assert not disabled_fields(client.get(f"/events/{event.pk}/edit/").content.decode())
    response = client.post(f"/events/{event.pk}/edit/", as_the_old_page_posted(event, description="Moved rooms."))
    assert response.status_code == 302, response.content.decode()
    saved = Event.objects.get(pk=event.pk)
    assert (saved.description, saved.deadline) == ("Moved rooms.", event.deadline)


def test_a_patch_sending_back_the_stored_values_of_a_finished_event_is_accepted(event, seven, alice, api_as):
    lists_public(event)
    event = finished(event, alice, top_cut=2)
    organiser = api_as(alice)
    stored = organiser.get(base(event)).json()
    body = {key: stored[key] for key in ("deadline", "rounds", "games_per_match", "top_cut")}
    response = organiser.patch(base(event), {**body, "decklists_public": True}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["decklists_public"] is True
    assert Event.objects.get(pk=event.pk).deadline == event.deadline


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"top_cut": 4}, "is finished"),
        ({"games_per_match": 3}, "fixed once the event has started"),
        ({"rounds": 3}, "number of rounds is fixed"),
        ({"deadline": "2099-01-01T00:00:00Z"}, "has started"),
    ],
)
def test_a_patch_changing_a_fixed_field_of_a_finished_event_is_a_409_on_it(event, seven, alice, api_as, change, says):
    event = finished(event, alice)
    response = api_as(alice).patch(base(event), {**change, "decklists_public": True}, format="json")
    (field,) = change
    assert response.status_code == 409 and response.json()["field"] == field and says in response.json()["detail"]
    assert not Event.objects.get(pk=event.pk).decklists_public
