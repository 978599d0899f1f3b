"""Guest players: an organiser adds players by name with a deck of theirs; the event treats them as anyone (start,
pairings, results, standings); each guest's code lets a person take those games into their own account, once."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.events.models import Registration
from decks.guests.models import MAX_GUESTS_PER_EVENT
from decks.guests.models import GuestPlayer
from decks.guests.services import guest_add
from decks.tournaments.models import Match
from decks.tournaments.models import Player
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_pair_next
from tests.decks.events.fixtures import close
from tests.project.test_page_accessibility import _problems

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def state() -> tuple:
    return (
        sorted(User.objects.values_list("username", flat=True)),
        sorted(GuestPlayer.objects.values_list("name", "claimed")),
        sorted(Registration.objects.values_list("player__username", "active")),
        sorted(Player.objects.values_list("user__username", flat=True)),
    )


def test_the_organiser_adds_a_guest_by_name_with_a_deck_of_theirs(alice, event, lent):
    client = signed_in(alice)
    page = client.get(f"/events/{event.pk}/guests/").content.decode()
    assert "Class deck" in page and _problems(page) == []
    response = client.post(f"/events/{event.pk}/guests/", {"name": "  Ruth  ", "deck": str(lent.pk)})
    assert response.status_code == 302
    guest = GuestPlayer.objects.get()
    assert guest.name == "Ruth" and re.fullmatch(r"ruth-guest-[0-9a-f]{4}", guest.user.username)
    assert not guest.user.has_usable_password() and not guest.user.email
    registration = Registration.objects.get(player=guest.user)
    assert registration.deck_name == "Class deck" and registration.validation["legal"]
    listed = client.get(f"/events/{event.pk}/guests/").content.decode()
    code = guest.claim_code
    assert f"{code[:4]}-{code[4:8]}-{code[8:]}" in listed
    assert len(code) == 12 and not set(code) & set("01OILUV8")


def test_a_guest_plays_the_event_as_anyone_and_claims_it_into_an_account(alice, bob, event, lent, registered):
    guest = guest_add(organiser=alice, event=event, name="Ruth", deck=lent)
    close(event)
    event_start(event=event)
    event.refresh_from_db()
    round_pair_next(event=event)
    match = Match.objects.get()
    wins = [1, 0] if match.player_a.user_id == guest.user_id else [0, 1]  # Ruth wins
    match_result_set(event=event, match=match, user=alice, wins=wins, draws=0)
    standings = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert guest.user.username in standings
    # Ruth makes an account later and claims her games.
    ruth = User.objects.create_user("ruth", password="ruth-password-1")
    response = signed_in(ruth).post("/events/claim/", {"code": guest.claim_code.lower()})
    assert response.status_code == 302 and response["Location"] == f"/events/{event.pk}/"
    assert Player.objects.filter(event=event, user=ruth).exists()
    assert Registration.objects.filter(event=event, player=ruth, active=True).exists()
    assert not User.objects.filter(username=guest.user.username).exists()
    after = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert guest.user.username not in after and re.search(r">\s*ruth\s*<", after)
    # A code claims once.
    again = signed_in(User.objects.create_user("ann", password="ann-password-1")).post(
        "/events/claim/", {"code": guest.claim_code}
    )
    assert again.status_code == 400 and "claimed already" in again.content.decode()


def test_a_player_of_the_same_event_cannot_claim_its_guest(alice, bob, event, lent, registered):
    guest = guest_add(organiser=alice, event=event, name="Ruth", deck=lent)
    before = state()
    response = signed_in(bob).post("/events/claim/", {"code": guest.claim_code})
    assert response.status_code in (400, 409) and "You played in" in response.content.decode()
    assert state() == before


@pytest.mark.parametrize("who", ["stranger", "player", "anonymous"])
def test_no_one_but_the_organiser_sees_or_changes_the_guests(alice, bob, event, lent, registered, who):
    guest = guest_add(organiser=alice, event=event, name="Ruth", deck=lent)
    carol = User.objects.create_user("carol", password="carol-password-1")
    client = {"stranger": signed_in(carol), "player": signed_in(bob), "anonymous": Client()}[who]
    before = state()
    page = client.get(f"/events/{event.pk}/guests/")
    assert page.status_code == (302 if who == "anonymous" else 404)
    assert guest.claim_code not in page.content.decode()
    posts = [
        client.post(f"/events/{event.pk}/guests/", {"name": "Mallory", "deck": str(lent.pk)}),
        client.post(f"/events/{event.pk}/guests/{guest.pk}/remove/"),
    ]
    assert [p.status_code for p in posts] == ([302, 302] if who == "anonymous" else [404, 404])
    assert state() == before


def test_a_guest_removed_before_the_start_leaves_nothing(alice, event, lent):
    guest = guest_add(organiser=alice, event=event, name="Ruth", deck=lent)
    assert signed_in(alice).post(f"/events/{event.pk}/guests/{guest.pk}/remove/").status_code == 302
    assert not GuestPlayer.objects.exists() and not Registration.objects.exists()
    assert not User.objects.filter(username__contains="-guest-").exists()


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"name": "", "deck": "{lent}"}, "This field is required"),
        ({"name": "x" * 31, "deck": "{lent}"}, "at most 30 characters"),
        ({"name": "Ruth", "deck": "{bobs}"}, "Select a valid choice"),
        ({"name": "Ruth", "deck": "not-a-deck"}, "Select a valid choice"),
    ],
)
def test_a_bad_guest_is_a_400_and_adds_no_one(alice, event, lent, bob_deck, form, message):
    before = state()
    data = {k: v.format(lent=lent.pk, bobs=bob_deck.pk) for k, v in form.items()}
    response = signed_in(alice).post(f"/events/{event.pk}/guests/", data)
    assert response.status_code == 400 and message in response.content.decode()
    assert state() == before


def test_an_event_takes_a_bounded_number_of_guests(alice, event, lent):
    GuestPlayer.objects.bulk_create(
        GuestPlayer(event=event, name=f"G{i}", claim_code=f"CODE{i:08d}", created=event.created)
        for i in range(MAX_GUESTS_PER_EVENT)
    )
    before = state()
    response = signed_in(alice).post(f"/events/{event.pk}/guests/", {"name": "One more", "deck": str(lent.pk)})
    assert response.status_code == 400 and f"at most {MAX_GUESTS_PER_EVENT} guests" in response.content.decode()
    assert state() == before


def test_claims_are_counted_by_the_write_limit(alice, event, lent, one_write_a_minute):
    guest = guest_add(organiser=alice, event=event, name="Ruth", deck=lent)
    client = signed_in(User.objects.create_user("ruth", password="ruth-password-1"))
    assert client.post("/events/claim/", {"code": "WRONGWRONG22"}).status_code == 400
    before = state()
    assert client.post("/events/claim/", {"code": guest.claim_code}).status_code == 429
    assert state() == before
