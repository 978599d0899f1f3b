"""Trades read ids and quantities strictly: `²`, `abc` and `175.9` are refusals naming the field, never 500s or another card."""

import pytest
from django.test import Client

from cardcollections.collection.services import trade_list_change
from cardcollections.models import CollectionEntry
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_propose


@pytest.fixture
def stocked(stocked, bob):
    """The trade tests' cards, with bob's two Pride Cycle on his trade list as well."""
    trade_list_change(owner=bob, card=stocked["pride"], delta=2)
    return stocked


def page_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("counter", ["²", "abc", "1.5", "-1"])
def test_it_refuses_a_counter_that_is_not_an_id(alice, bob, stocked, counter):
    response = page_as(alice).get("/trades/new/", {"to": "bob", "game": "chapter-and-verse", "counter": counter})
    assert response.status_code == 400
    assert "counter must be a whole number" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "\u0661", "2.0", "abc", "-1"])
def test_it_refuses_a_give_or_get_quantity_that_is_not_a_whole_number(alice, bob, stocked, value):
    mine = CollectionEntry.objects.get(owner=alice, card=stocked["means"])
    theirs = CollectionEntry.objects.get(owner=bob, card=stocked["pride"])
    for name, other in ((f"give-{mine.pk}", f"get-{theirs.pk}"), (f"get-{theirs.pk}", f"give-{mine.pk}")):
        response = page_as(alice).post(
            "/trades/new/", {"to": "bob", "game": "chapter-and-verse", name: value, other: "1"}
        )
        assert response.status_code == 400
        assert f"{name} must be a whole number from 0 to 999." in response.content.decode()
    assert not Trade.objects.exists()


@pytest.mark.django_db
def test_a_counter_with_a_bad_quantity_changes_nothing(alice, bob, stocked):
    offer = trade_propose(
        proposer=bob, recipient=alice, lines=[LineSpec(TradeLine.Side.RECIPIENT, stocked["means"].pk, 1)]
    )
    mine = CollectionEntry.objects.get(owner=alice, card=stocked["means"])
    response = page_as(alice).post(
        "/trades/new/", {"game": "chapter-and-verse", "counter": str(offer.pk), f"give-{mine.pk}": "²"}
    )
    assert response.status_code == 400
    assert Trade.objects.get().status == Trade.Status.PROPOSED


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("line", "field"),
    [
        ({"card": "{pk}.9", "quantity": 1}, "card"),
        ({"card": "{pk}.0", "quantity": 1}, "card"),
        ({"card": "²", "quantity": 1}, "card"),
        ({"card": True, "quantity": 1}, "card"),
        ({"card": "{pk}", "quantity": 1.5}, "quantity"),
        ({"card": "{pk}", "quantity": 1.0}, "quantity"),
        ({"card": "{pk}", "quantity": "²"}, "quantity"),
    ],
)
def test_the_api_refuses_a_line_whose_card_or_quantity_is_not_a_whole_number(
    alice, bob, stocked, api_as, auth, line, field
):
    bounds = {"card": "of at least 1", "quantity": "from 1 to 999"}
    pk = stocked["means"].pk
    line = {
        k: (float(v.format(pk=pk)) if v in ("{pk}.9", "{pk}.0") else int(pk) if v == "{pk}" else v)
        for k, v in line.items()
    }
    response = api_as(alice, auth).post("/api/v1/trades/", {"recipient": "bob", "give": [line]}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == f"give[0].{field}"
    assert response.json()["message"] == f"{field} must be a whole number {bounds[field]}."
    assert not Trade.objects.exists()
