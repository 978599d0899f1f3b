"""The collection, its ledger and the wishlist read ids and counts strictly: never a 500, never another card."""

import pytest
from django.test import Client

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import CollectionEntry
from cardcollections.models import LedgerEntry
from cardcollections.models import WishlistEntry


def page_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def snapshot() -> tuple:
    return (
        sorted(CollectionEntry.objects.values_list("card_id", "quantity", "for_trade")),
        LedgerEntry.objects.count(),
        sorted(WishlistEntry.objects.values_list("card_id", "title", "wanted")),
    )


@pytest.mark.django_db
@pytest.mark.parametrize("card", ["²", "\u0661", "1.0", "-1", "abc", ""])
def test_the_ledger_refuses_a_card_that_is_not_an_id(alice, cv_cards, api_as, auth, card):
    collection_change(owner=alice, card=cv_cards["means"], delta=1)
    response = api_as(alice, auth).get("/api/v1/collection/ledger/", {"card": card})
    assert response.status_code == 400
    assert response.json()["field"] == "card"
    assert response.json()["message"] == "card must be a whole number of at least 1."


# (endpoint, body with {pk} for the card's id, the field to blame)
BAD_BODIES = [
    ("/api/v1/collection/adjust/", {"card": "{pk}.9", "delta": 1}, "card"),
    ("/api/v1/collection/adjust/", {"card": "{pk}.0", "delta": 1}, "card"),
    ("/api/v1/collection/adjust/", {"card": "²", "delta": 1}, "card"),
    ("/api/v1/collection/adjust/", {"card": "{pk}", "delta": 1.5}, "delta"),
    ("/api/v1/collection/adjust/", {"card": "{pk}", "delta": "²"}, "delta"),
    ("/api/v1/collection/", {"card": "{pk}.9", "quantity": 2}, "card"),
    ("/api/v1/collection/", {"card": "{pk}", "quantity": 2.5}, "quantity"),
    ("/api/v1/collection/", {"card": "{pk}", "quantity": "\u0662"}, "quantity"),
    ("/api/v1/wishlist/", {"card": "{pk}.9", "wanted": 1}, "card"),
    ("/api/v1/wishlist/", {"card": "{pk}", "wanted": 1.0}, "wanted"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "body", "field"), BAD_BODIES)
def test_the_api_refuses_an_id_or_count_that_is_not_a_whole_number(alice, cv_cards, api_as, auth, url, body, field):
    # Card "means" is the one whose id the body names with a fraction: it must not be the card acted on.
    pk = cv_cards["means"].pk

    def value(v):
        if v == "{pk}":
            return pk
        if isinstance(v, str) and v.startswith("{pk}."):
            return float(v.replace("{pk}", str(pk)))
        return v

    before = snapshot()
    response = api_as(alice, auth).post(url, {k: value(v) for k, v in body.items()}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert response.json()["message"].startswith(f"{field} must be a whole number")
    assert snapshot() == before


@pytest.mark.django_db
@pytest.mark.parametrize("remove", ["abc", "²", "1.0", "-1"])
def test_the_wishlist_page_refuses_a_remove_that_is_not_an_id(alice, cv_cards, remove):
    wishlist_set(owner=alice, game=cv_cards["means"].game, title="By Small Means", wanted=1)
    before = snapshot()
    response = page_as(alice).post("/collection/chapter-and-verse/wishlist/", {"remove": remove})
    assert response.status_code == 400
    assert "remove must be a whole number of at least 1." in response.content.decode()
    assert snapshot() == before


@pytest.mark.django_db
def test_the_wishlist_page_still_removes_a_wish(alice, cv_cards):
    wish = wishlist_set(owner=alice, game=cv_cards["means"].game, title="By Small Means", wanted=1)
    response = page_as(alice).post("/collection/chapter-and-verse/wishlist/", {"remove": str(wish.pk)})
    assert response.status_code == 302
    assert not WishlistEntry.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("wanted", ["²", "2.0", "\u0662"])
def test_the_wishlist_form_refuses_a_count_that_is_not_a_whole_number(alice, cv_cards, wanted):
    response = page_as(alice).post(
        "/collection/chapter-and-verse/wishlist/", {"title": "By Small Means", "wanted": wanted}
    )
    assert response.status_code == 400
    assert "wanted must be a whole number from 1 to 999." in response.content.decode()
    assert not WishlistEntry.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("delta", ["²", "\u0661", "1.0"])
def test_the_plus_button_refuses_a_delta_that_is_not_a_whole_number(alice, cv_cards, delta):
    card = cv_cards["means"]
    response = page_as(alice).post(f"/collection/chapter-and-verse/cards/{card.pk}/adjust/", {"delta": delta})
    assert response.status_code < 500
    assert not CollectionEntry.objects.filter(quantity__gt=0).exists()
