"""Matches show a player's trade list and wishlist only when they chose it (issue #34): `/api/v1/matches/` showed
a private collection's trade list and wishlist to anyone who wishlisted every card."""

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture
def bobs_lists(bob, cv_cards):
    """bob offers Pride Cycle and wants By Small Means; he has made no choice about matches."""
    collection_change(owner=bob, card=cv_cards["pride"], delta=1)
    trade_list_change(owner=bob, card=cv_cards["pride"], delta=1)
    wishlist_set(owner=bob, card=cv_cards["means"], wanted=2)


@pytest.fixture
def prying(charlie, cv_cards, api_as):
    """charlie wishlists every card and offers every card: whoever is in matches, he finds."""
    for card in Card.objects.all():
        wishlist_set(owner=charlie, card=card, wanted=1)
        collection_change(owner=charlie, card=card, delta=1)
        trade_list_change(owner=charlie, card=card, delta=1)
    client = api_as(charlie)

    def found() -> set[str]:
        body = client.get("/api/v1/matches/").json()
        return {m["user"] for side in ("have_what_i_want", "want_what_i_offer") for m in body[side]}

    return found


def test_a_player_who_made_no_choice_is_in_no_ones_matches(bobs_lists, prying, client, charlie):
    assert prying() == set()
    client.force_login(charlie)
    assert "bob" not in client.get("/trades/matches/").content.decode()


@pytest.mark.parametrize("visibility", ["private", "link", "public"])
def test_whoever_may_see_the_collection_matches_wait_for_the_owners_choice(bobs_lists, prying, bob, visibility):
    collection_visibility_set(owner=bob, visibility=visibility)
    assert prying() == set()


def test_a_player_who_chooses_matches_is_found_and_leaves_them_by_choosing_again(bobs_lists, prying, bob, api_as):
    settings_url = "/api/v1/collection/settings/"
    chose = api_as(bob).patch(settings_url, {"in_matches": True}, format="json")
    assert chose.status_code == 200 and chose.json()["in_matches"] is True
    assert chose.json()["visibility"] == "private"  # the collection itself stays private
    assert prying() == {"bob"}
    assert api_as(bob).patch(settings_url, {"in_matches": False}, format="json").json()["in_matches"] is False
    assert prying() == set()


def test_the_choice_is_made_on_the_settings_page(bobs_lists, prying, bob, client):
    client.force_login(bob)
    page = client.get("/collection/settings/").content.decode()
    assert 'name="in_matches"' in page and 'id="in-matches"' in page
    assert client.post("/collection/settings/", {"action": "in-matches", "in_matches": "on"}).status_code == 302
    assert prying() == {"bob"}
    client.post("/collection/settings/", {"action": "in-matches"})  # the box unticked
    assert prying() == set()


@pytest.mark.parametrize("body", [{}, {"in_matches": "yes"}, {"in_matches": 1}])
def test_the_settings_api_refuses_an_empty_change_or_a_value_that_is_not_a_boolean(bob, api_as, body):
    response = api_as(bob).patch("/api/v1/collection/settings/", body, format="json")
    assert response.status_code == 400, response.json()
