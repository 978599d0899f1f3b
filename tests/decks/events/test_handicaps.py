"""Handicaps (docs/decks.md, "Handicaps"): the organiser (or a co-organiser) records a player's handicap on the
handicaps page; it is printed on the slips, shown on the pairings and carried to the engine options of the match;
a suggestion comes from goldfish runs of the two lists; a player or a stranger can do none of it."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Game
from decks.events.services import EventError
from decks.events.services import event_create
from decks.handicaps.selectors import match_engine_options
from decks.handicaps.services import handicap_set
from decks.handicaps.services import handicap_suggest
from decks.models import EventCoOrganiser
from decks.models import Match
from decks.models import Registration
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.registry import engine_for
from tests.decks.events.fixtures import close
from tests.project.test_page_accessibility import _problems
from tests.rules.play.harness import box_of

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def reg(event, name: str) -> Registration:
    return Registration.objects.get(event=event, player__username=name, active=True)


def test_the_organiser_records_a_handicap_and_the_slips_and_pairings_show_it(event, seven, alice):
    client = signed_in(alice)
    close(event)
    event_start(event=event)
    event.refresh_from_db()
    round_pair_next(event=event)
    match = (
        Match.objects.filter(round__event=event, player_b__isnull=False)
        .select_related("player_a__user", "player_b__user")
        .first()
    )
    body = {"registration": match.player_a.registration_id, "handicap": "5"}
    assert client.post(f"/events/{event.pk}/handicaps/", body).status_code == 302
    assert 'value="5"' in client.get(f"/events/{event.pk}/handicaps/").content.decode()
    slips = client.get(f"/events/{event.pk}/slips/").content.decode()
    assert "5 blessings" in slips and "7 blessings" in slips
    assert "5 blessings" in client.get(f"/events/{event.pk}/pairings/").content.decode()
    # Both players see it on their table's page.
    for player in (match.player_a.user, match.player_b.user):
        assert (
            "plays with <strong>5 blessings</strong>"
            in signed_in(player).get(f"/events/{event.pk}/play/").content.decode()
        )
    assert _problems(client.get(f"/events/{event.pk}/handicaps/").content.decode()) == []
    match = Match.objects.select_related("player_a__registration", "player_b__registration").get(pk=match.pk)
    options = match_engine_options(match=match, game="chapter-and-verse")
    assert options == {"seat_blessings": [5, None]}
    # The engine deals that seat its own pile.
    engine = engine_for("chapter-and-verse")
    state, _ = engine.new_game(Setup((SeatSpec("a", ()), SeatSpec("b", ())), options, 1, box_of("chapter-and-verse")))
    assert [len(s.blessings) for s in state.seats] == [5, 7]


def test_the_standard_number_or_an_empty_box_clears_it(event, seven, alice):
    client = signed_in(alice)
    bob = reg(event, "bob")
    client.post(f"/events/{event.pk}/handicaps/", {"registration": bob.pk, "handicap": "4"})
    client.post(f"/events/{event.pk}/handicaps/", {"registration": bob.pk, "handicap": "7"})
    assert reg(event, "bob").handicap is None
    client.post(f"/events/{event.pk}/handicaps/", {"registration": bob.pk, "handicap": "4"})
    client.post(f"/events/{event.pk}/handicaps/", {"registration": bob.pk, "handicap": ""})
    assert reg(event, "bob").handicap is None


@pytest.mark.parametrize(("value", "says"), [("0", "from 1 to 7"), ("8", "from 1 to 7"), ("x", "whole number")])
def test_it_refuses_a_number_out_of_bounds(event, seven, alice, value, says):
    response = signed_in(alice).post(
        f"/events/{event.pk}/handicaps/", {"registration": reg(event, "bob").pk, "handicap": value}
    )
    assert response.status_code == 400
    assert says in response.content.decode() and reg(event, "bob").handicap is None


@pytest.mark.parametrize("bad", ["not-an-id", "12345", "", "00000000-0000-0000-0000-00000000000g"])
def test_a_malformed_registration_id_is_a_400_naming_the_field(event, seven, alice, bad):
    client = signed_in(alice)
    response = client.post(f"/events/{event.pk}/handicaps/", {"registration": bad, "handicap": "4"})
    assert response.status_code == 400
    assert f"registration: &#x27;{bad}&#x27; is not a registration&#x27;s id." in response.content.decode()
    suggest = client.post(f"/events/{event.pk}/handicaps/suggest/", {"a": reg(event, "bob").pk, "b": bad})
    assert suggest.status_code == 400 and "is not a registration&#x27;s id." in suggest.content.decode()
    assert not Registration.objects.filter(event=event, handicap__isnull=False).exists()
    with pytest.raises(EventError) as exc:
        handicap_set(event=event, user=alice, registration_id=bad, handicap=4)
    assert exc.value.field == "registration"


def test_a_co_organiser_records_one(event, seven):
    carol = User.objects.create_user("carol", password="carol-password-1")
    EventCoOrganiser.objects.create(event=event, user=carol)
    signed_in(carol).post(f"/events/{event.pk}/handicaps/", {"registration": reg(event, "dora").pk, "handicap": "6"})
    assert reg(event, "dora").handicap == 6


@pytest.mark.parametrize("who", ["player", "stranger"])
def test_a_player_or_a_stranger_cannot(event, seven, charlie, who):
    user = reg(event, "bob").player if who == "player" else charlie
    client = signed_in(user)
    assert client.get(f"/events/{event.pk}/handicaps/").status_code == 404
    assert (
        client.post(
            f"/events/{event.pk}/handicaps/", {"registration": reg(event, "bob").pk, "handicap": "1"}
        ).status_code
        == 404
    )
    body = {"a": reg(event, "bob").pk, "b": reg(event, "dora").pk}
    assert client.post(f"/events/{event.pk}/handicaps/suggest/", body).status_code == 404
    assert reg(event, "bob").handicap is None


def test_a_suggestion_goldfishes_both_lists(event, seven, alice):
    response = signed_in(alice).post(
        f"/events/{event.pk}/handicaps/suggest/", {"a": reg(event, "bob").pk, "b": reg(event, "dora").pk}
    )
    page = response.content.decode()
    assert response.status_code == 200 and "handicap-suggestion" in page
    # Two copies of one list: the same games (one seed), so no handicap (these plain verses never win).
    same = handicap_suggest(event=event, user=alice, registration_ids=(reg(event, "bob").pk, reg(event, "dora").pk))
    assert same.turns[0] == same.turns[1] and same.handicaps == (None, None)
    with pytest.raises(EventError):
        handicap_suggest(event=event, user=alice, registration_ids=(reg(event, "bob").pk, reg(event, "bob").pk))


@pytest.fixture
def bb_event(alice, db):
    """alice's Bible Battles event where ann plays all Shepherds (a wisdom a turn more each turn: 30 by turn 8) and
    ben a fifth Shepherds, the rest Goats (slower): registered rows as a registration writes them."""
    catalog_load(
        document={
            "game": "bible-battles",
            "sets": [{"code": "BB1", "name": "Genesis"}],
            "cards": [
                {
                    "set": "BB1",
                    "number": "1",
                    "title": "Shepherd",
                    "type": "follower",
                    "effort": 1,
                    "wisdom": 1,
                    "offense": 0,
                    "defense": 1,
                },
                {
                    "set": "BB1",
                    "number": "2",
                    "title": "Goat",
                    "type": "animal",
                    "effort": 1,
                    "food": 1,
                    "offense": 0,
                    "defense": 1,
                },
            ],
        }
    )
    event = event_create(
        organiser=alice,
        name="Youth night",
        game=Game.objects.get(slug="bible-battles"),
        format_slug=None,
        deadline=timezone.now() + timedelta(days=7),
    )
    for name, decklist in (("ann", "40 Shepherd"), ("ben", "8 Shepherd\n32 Goat")):
        user = User.objects.create_user(name, password=f"{name}-password-1")
        Registration.objects.create(
            event=event,
            player=user,
            deck_name=name,
            deck_version=1,
            format=event.format,
            decklist=decklist,
            list_hash="ABCD-1234",
            card_count=40,
            validation={"legal": True},
        )
    return event


def test_a_suggestion_gives_the_slower_list_a_lower_wisdom_target(bb_event, alice):
    ann, ben = reg(bb_event, "ann"), reg(bb_event, "ben")
    got = handicap_suggest(event=bb_event, user=alice, registration_ids=(ann.pk, ben.pk))
    assert got.turns[0] is not None and got.turns[1] is not None and got.turns[0] < got.turns[1]
    assert got.handicaps[0] is None and got.handicaps[1] is not None and got.handicaps[1] < 30
    # The same figure the page shows, with one click to use it.
    page = signed_in(alice).post(f"/events/{bb_event.pk}/handicaps/suggest/", {"a": ann.pk, "b": ben.pk})
    assert f"{got.handicaps[1]} wisdom" in page.content.decode()
    signed_in(alice).post(f"/events/{bb_event.pk}/handicaps/", {"registration": ben.pk, "handicap": got.handicaps[1]})
    assert reg(bb_event, "ben").handicap == got.handicaps[1]


def test_the_api_records_a_handicap_for_the_organisers_only(event, seven, alice, charlie, api_as):
    bob = reg(event, "bob")
    path = f"/api/v1/events/{event.pk}/registrations/{bob.pk}/handicap/"
    response = api_as(alice).put(path, {"handicap": 3}, format="json")
    assert response.status_code == 200 and response.json() == {
        "registration": str(bob.pk),
        "player": "bob",
        "handicap": 3,
    }
    assert api_as(alice).get(f"/api/v1/events/{event.pk}/registrations/{bob.pk}/").json()["handicap"] == 3
    bad = api_as(alice).put(path, {"handicap": 9}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "handicap"
    for user in (bob.player, charlie):
        assert api_as(user).put(path, {"handicap": 1}, format="json").status_code == 403
    assert api_as(alice, "session").put(path, {"handicap": None}, format="json").status_code == 200
    assert reg(event, "bob").handicap is None


def test_suggestions_are_counted_by_the_compute_limit(event, seven, alice, settings):
    """Each list plays up to GOLDFISH_INLINE_SECONDS of games: the compute limit counts the posts, not the writes'
    120 a minute (issue #34's rule for the replay page)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "compute_user": "2/min"},
    }
    body = {"a": reg(event, "bob").pk, "b": reg(event, "dora").pk}
    client = signed_in(alice)
    codes = [client.post(f"/events/{event.pk}/handicaps/suggest/", body).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_a_handicap_stays_when_the_player_registers_another_list(event, seven, alice):
    """A handicap is the organiser's word on the player: a new list before the deadline keeps it."""
    from decks.events.services import registration_create
    from decks.handicaps.services import handicap_set
    from decks.lists.services import deck_create
    from tests.decks.conftest import legal_cv_text

    bob = reg(event, "bob")
    handicap_set(event=event, user=alice, registration_id=bob.pk, handicap=5)
    other = deck_create(
        owner=bob.player, game=event.game, name="Second list", format_slug="advanced", decklist=legal_cv_text()
    )
    registration_create(event=event, player=bob.player, deck=other)
    again = reg(event, "bob")
    assert again.pk != bob.pk and again.deck_name == "Second list" and again.handicap == 5
