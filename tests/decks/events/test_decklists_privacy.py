"""Players register their decks under the event's promise about its lists (issue #34): an organiser could turn
`decklists_public` on after private decks were registered, publishing them. Once a registration exists, private
lists stay private (the service, the API and the edit page); turning public lists private stays allowed."""

import pytest

from decks.events.services import OutOfTurn
from decks.events.services import event_update
from decks.events.services import registration_withdraw
from decks.models import Event

pytestmark = pytest.mark.django_db

SAYS = "cannot be made public now"


def test_an_event_without_registrations_may_make_its_lists_public(event):
    assert event_update(event=event, decklists_public=True).decklists_public


def test_private_lists_stay_private_once_a_deck_is_registered(event, registered):
    with pytest.raises(OutOfTurn, match=SAYS) as refused:
        event_update(event=event, decklists_public=True)
    assert refused.value.field == "decklists_public"
    assert not Event.objects.get(pk=event.pk).decklists_public
    # Sending the stored value back is no change: the other settings still save.
    assert event_update(event=event, decklists_public=False, top_cut=4).top_cut == 4


def test_public_lists_may_still_be_made_private_and_then_stay_so(event, registered):
    Event.objects.filter(pk=event.pk).update(decklists_public=True)  # chosen before the registration
    assert not event_update(event=Event.objects.get(pk=event.pk), decklists_public=False).decklists_public
    with pytest.raises(OutOfTurn, match=SAYS):
        event_update(event=Event.objects.get(pk=event.pk), decklists_public=True)


def test_once_every_deck_is_withdrawn_the_lists_may_be_made_public(event, registered):
    registration_withdraw(registration=registered)  # the row stays, inactive: its list is never shown
    assert event_update(event=event, decklists_public=True).decklists_public


def test_the_api_answers_409_on_the_field(event, registered, alice, api_as):
    response = api_as(alice).patch(f"/api/v1/events/{event.pk}/", {"decklists_public": True}, format="json")
    assert response.status_code == 409, response.json()
    assert response.json()["field"] == "decklists_public" and SAYS in response.json()["detail"]
    assert not Event.objects.get(pk=event.pk).decklists_public


def test_the_edit_page_shows_the_choice_fixed_with_the_reason_and_keeps_it(event, registered, alice, client):
    client.force_login(alice)
    html = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert SAYS in html
    assert any('name="decklists_public"' in tag and " disabled" in tag for tag in html.split("<input")[1:]), (
        "the checkbox is disabled"
    )
    body = {
        "name": event.name,
        "format": event.format,
        "deadline": "2099-01-01T10:00",
        "description": "",
        "rounds": "",
        "games_per_match": "1",
        "top_cut": "0",
        "decklists_public": "on",
    }
    assert client.post(f"/events/{event.pk}/edit/", body).status_code == 302
    assert not Event.objects.get(pk=event.pk).decklists_public
