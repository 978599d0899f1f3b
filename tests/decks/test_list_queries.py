"""The decks app's lists, in the API and on the pages, cost the same queries for many rows as for one."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardcollections.models import Game
from decks.comments.services import comment_create
from decks.follows.services import follow_add
from decks.likes.services import deck_like
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.organise.services import deck_organise
from decks.organise.services import folder_create
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import close
from tests.decks.events.fixtures import open_event
from tests.decks.events.fixtures import register_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def cv(cv_catalog) -> Game:
    return Game.objects.get(slug="chapter-and-verse")


DECK_LISTS = [
    "/api/v1/decks/",
    "/api/v1/decks/?scope=public",
    "/api/v1/decks/buildable/",
    "/api/v1/decks/liked/",
    "/api/v1/feed/",
    "/api/v1/follows/",
    "/api/v1/deck-folders/",
    "/api/v1/events/",
    "/api/v1/decks/{theirs}/comments/",
    "/api/v1/decks/{mine}/versions/",
    "/decks/",
    "/decks/public/",
    "/decks/liked/",
    "/decks/feed/",
    "/events/",
    "/decks/{theirs}/",
    "/decks/{mine}/versions/",
]

EVENT_LISTS = [
    "/api/v1/events/{event}/registrations/",
    "/api/v1/events/{event}/rounds/",
    "/api/v1/events/{event}/standings/",
    "/events/{event}/",
    "/events/{event}/manage/",
    "/events/{event}/run/",
    "/events/{event}/pairings/",
    "/events/{event}/standings/",
    "/events/{event}/slips/",
    "/events/{event}/projector/",
    "/events/{event}/projector/live/",
    "/events/{event}/clock/",
]


def _queries(client, url: str) -> int:
    client.get(url)  # what a first request fills once a process (card pools, formats) is not counted
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code, response.content[:200])
    return len(captured.captured_queries)


def _add(cv, alice, theirs, mine, folder, first: int, count: int) -> None:
    """`count` more of everything alice's lists show: players she follows and their public decks she likes, her
    own tagged decks in a folder, comments on a deck of someone else's, versions of her deck, events."""
    users = get_user_model().objects
    for i in range(first, first + count):
        player = users.create_user(f"player{i}", password=f"player-{i}-password")
        deck = deck_create(owner=player, game=cv, name=f"Faith {i}", visibility="public", decklist=legal_cv_text())
        follow_add(follower=alice, followed=player)
        deck_like(deck=deck, user=alice)
        own = deck_create(owner=alice, game=cv, name=f"Mine {i}", visibility="public", decklist=legal_cv_text())
        deck_organise(deck=own, folder=folder_create(owner=alice, name=f"Folder {i}"), tags=[f"tag{i}", "faith"])
        comment_create(deck=theirs, author=player, body=f"Comment {i} on [[Verse 002]].")
        deck_update(deck=mine, description=f"Version {i + 2}")
        deck_update(deck=mine, decklist=legal_cv_text(copies=1 + i % 2))
        open_event(player, cv, f"Open {i}")


@pytest.mark.parametrize("path", DECK_LISTS)
def test_a_deck_list_costs_the_same_queries_for_four_rows_as_for_one(cv, alice, bob, api_as, path):
    theirs = deck_create(owner=bob, game=cv, name="Bob's", visibility="public", decklist=legal_cv_text())
    mine = deck_create(owner=alice, game=cv, name="Alice's", visibility="public", decklist=legal_cv_text())
    client = api_as(alice, "session")
    url = path.format(theirs=theirs.pk, mine=mine.pk)
    _add(cv, alice, theirs, mine, None, 0, 1)
    one = _queries(client, url)
    _add(cv, alice, theirs, mine, None, 1, 3)
    assert _queries(client, url) == one


def _running_event(cv, alice, players: list[str]):
    event = open_event(alice, cv, "Open")
    register_players(event, players)
    close(event)
    event_start(event=event)
    round_pair_next(event=event)
    return event


@pytest.mark.parametrize("path", EVENT_LISTS)
def test_an_event_list_costs_the_same_queries_for_eight_players_as_for_two(cv, alice, api_as, path):
    client = api_as(alice, "session")
    small = _running_event(cv, alice, ["bob", "dora"])
    large = _running_event(cv, alice, ["eli", "finn", "gia", "hal", "ivy", "jo", "kit", "lu"])
    assert _queries(client, path.format(event=large.pk)) == _queries(client, path.format(event=small.pk))
