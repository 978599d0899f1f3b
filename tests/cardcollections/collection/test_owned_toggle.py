"""All cards / only cards I own (free copies): CardFilter's `owned`, on the catalog page and the card API."""

import re

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.models import Game
from cardcollections.reservations.services import reservations_replace

pytestmark = pytest.mark.django_db
CATALOG = "/catalog/chapter-and-verse/"
API = "/api/v1/cards/"


@pytest.fixture
def alices_cards(cv_cards, alice):
    """alice owns By Small Means (one of each printing), Faith Without Works, and Pride Cycle, which a built deck holds."""
    collection_change(owner=alice, card=cv_cards["means"], delta=1)
    collection_change(owner=alice, card=cv_cards["means2"], delta=1)
    collection_change(owner=alice, card=cv_cards["faith"], delta=1)
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    # One copy of By Small Means and the only Pride Cycle are in a built deck.
    reservations_replace(
        owner=alice,
        game=Game.objects.get(slug="chapter-and-verse"),
        holder="deck:built",
        label="Built deck",
        titles={"by small means": ("By Small Means", 1), "pride cycle": ("Pride Cycle", 1)},
    )
    return cv_cards


def tile_titles(html: str) -> list[str]:
    return re.findall(r'<span class="card-tile-title">([^<]+)</span>', html)


def api_titles(response) -> list[str]:
    assert response.status_code == 200, response.content
    return sorted(c["title"] for c in response.json()["results"])


def test_the_catalog_shows_only_titles_with_free_copies(client, alice, alices_cards):
    client.force_login(alice)
    assert len(tile_titles(client.get(CATALOG).content.decode())) == 4
    html = client.get(CATALOG, {"owned": "free"}).content.decode()
    # Reserved by the built deck: Pride Cycle is not free; By Small Means still has one free copy (both printings show).
    assert sorted(tile_titles(html)) == ["By Small  means", "By Small Means", "Faith Without Works"]
    assert 'value="free" checked' in html and "of which you have a free copy" in html
    # With the catalog's own filters, and through htmx (the results only).
    response = client.get(CATALOG, {"owned": "free", "q": "faith"}, HTTP_HX_REQUEST="true")
    assert tile_titles(response.content.decode()) == ["Faith Without Works"]
    assert "<form" not in response.content.decode()


def test_the_catalog_toggle_is_only_for_signed_in_users(client, alice, alices_cards):
    html = client.get(CATALOG).content.decode()
    assert "Only cards I own" not in html
    # A hand-made link is not applied for an anonymous visitor, and the page says so.
    html = client.get(CATALOG, {"owned": "free"}).content.decode()
    assert len(tile_titles(html)) == 4 and "ignored: owned" in html
    assert "free cop" not in html  # nor does it speak of free copies it did not look for
    client.force_login(alice)
    assert "Only cards I own (free copies)" in client.get(CATALOG).content.decode()


def test_the_catalog_explains_a_bad_owned_value(client, alice, alices_cards):
    client.force_login(alice)
    response = client.get(CATALOG, {"owned": "mine"})
    assert response.status_code == 400 and tile_titles(response.content.decode()) == []
    assert "Show: Select a valid choice." in response.content.decode()


def test_the_api_filters_by_free_copies_for_the_signed_in_user(api_as, alice, bob, alices_cards):
    for auth in ("token", "session"):
        api = api_as(alice, auth)
        assert api_titles(api.get(API, {"owned": "free"})) == [
            "By Small  means",
            "By Small Means",
            "Faith Without Works",
        ]
        assert api_titles(api.get(API, {"owned": "free", "title": "pride cycle"})) == []
        assert api_titles(api.get(API, {"owned": "free", "game": "bible-battles"})) == []
    # bob owns nothing.
    assert api_titles(api_as(bob).get(API, {"owned": "free"})) == []


def test_a_released_reservation_frees_the_copies_again(api_as, alice, alices_cards):
    reservations_replace(
        owner=alice, game=Game.objects.get(slug="chapter-and-verse"), holder="deck:built", label="Built", titles={}
    )
    assert "Pride Cycle" in api_titles(api_as(alice).get(API, {"owned": "free"}))


def test_the_api_refuses_owned_without_a_user_or_with_an_unknown_value(client, api_as, alice, alices_cards):
    response = client.get(API, {"owned": "free"})
    assert response.status_code == 400
    assert (response.json()["field"], response.json()["message"]) == ("owned", "owned needs a signed-in user.")
    response = api_as(alice).get(API, {"owned": "all-of-them"})
    assert response.status_code == 400 and response.json()["field"] == "owned"
    # The strict unknown-parameter check still holds beside it.
    response = api_as(alice).get(API, {"owned": "free", "ownd": "free"})
    assert response.status_code == 400 and response.json()["field"] == "ownd"


def test_the_owned_filter_adds_no_query(api_as, alice, alices_cards, django_assert_num_queries):
    api = api_as(alice, "session")
    # The session and the user, then (as without `owned`) the catalogs' stamp (read again every few seconds:
    # it names the rows this process keeps), the page's ids with the count, and its cards.
    with django_assert_num_queries(5):
        api.get(API, {"owned": "free", "q": "by small"})
