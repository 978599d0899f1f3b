"""A registration answers with the player's deck id to the player only: an unlisted deck's id is its link,
and registering it must not hand that link (and every later edit of the deck) to the organiser."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.models import Game
from decks.events.services import event_create
from decks.events.services import registration_create
from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(cv_catalog, alice, bob):
    cv = Game.objects.get(slug="chapter-and-verse")
    event = event_create(
        organiser=alice, name="Open", game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(days=1)
    )
    deck = deck_create(owner=bob, game=cv, name="By link", decklist=legal_cv_text(), visibility="unlisted")
    return event, deck, registration_create(event=event, player=bob, deck=deck)


def test_the_organiser_sees_the_snapshot_but_not_the_players_deck_id(registered, alice, api_as):
    event, deck, registration = registered
    client = api_as(alice)
    [listed] = client.get(f"/api/v1/events/{event.pk}/registrations/").json()
    one = client.get(f"/api/v1/events/{event.pk}/registrations/{registration.pk}/").json()
    for body in (listed, one):
        assert body["deck"] is None
        assert body["list_hash"] == registration.list_hash and body["deck_name"] == "By link"
        assert str(deck.pk) not in str(body)


def test_the_player_sees_their_own_deck_id(registered, bob, api_as):
    event, deck, _registration = registered
    client = api_as(bob)
    [listed] = client.get(f"/api/v1/events/{event.pk}/registrations/").json()
    assert listed["deck"] == str(deck.pk)
    again = client.post(f"/api/v1/events/{event.pk}/registrations/", {"deck": str(deck.pk)}, format="json").json()
    assert again["deck"] == str(deck.pk)
    withdrawn = client.delete(f"/api/v1/events/{event.pk}/registrations/{again['id']}/").json()
    assert withdrawn["deck"] == str(deck.pk)
