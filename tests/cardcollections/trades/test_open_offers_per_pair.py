"""A player may have only TRADE_OPEN_PER_PAIR offers waiting for one other player (issue #34: 40 offers in 1.2 s
gave their recipient 40 notifications and 40 mails)."""

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.models import Notification
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import TradeError
from cardcollections.trades.services import trade_counter
from cardcollections.trades.services import trade_propose
from cardcollections.trades.services import trade_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def offer(alice, bob, cv_cards, settings):
    settings.TRADE_OPEN_PER_PAIR = 3
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    collection_change(owner=bob, card=cv_cards["means"], delta=1)

    def make(proposer=alice, recipient=bob):
        card = cv_cards["pride"] if proposer == alice else cv_cards["means"]
        return trade_propose(
            proposer=proposer, recipient=recipient, lines=[LineSpec(TradeLine.Side.PROPOSER, card.pk, 1)]
        )

    return make


def test_the_offer_past_the_limit_is_a_409_and_tells_no_one(offer, bob):
    made = [offer() for _ in range(3)]
    with pytest.raises(TradeError, match="already have 3 offers waiting for bob") as refused:
        offer()
    assert refused.value.kind == "conflict"
    assert Trade.objects.count() == 3
    assert Notification.objects.filter(user=bob).count() == 3
    trade_withdraw(trade=made[0], user=made[0].proposer)  # an answer, or a withdrawal, makes room
    offer()


def test_the_limit_is_per_pair_and_per_direction(offer, alice, bob, charlie, cv_cards):
    for _ in range(3):
        offer()
    offer(proposer=bob, recipient=alice)  # bob's own offers to alice are his
    collection_change(owner=charlie, card=cv_cards["means"], delta=1)
    trade_propose(proposer=charlie, recipient=bob, lines=[LineSpec(TradeLine.Side.PROPOSER, cv_cards["means"].pk, 1)])


def test_a_counter_offer_counts_too(offer, alice, bob, cv_cards):
    firsts = [offer(proposer=bob, recipient=alice) for _ in range(3)]
    lines = [LineSpec(TradeLine.Side.PROPOSER, cv_cards["pride"].pk, 1)]
    for trade in firsts[:2]:
        trade_counter(trade=trade, user=alice, lines=lines)
    offer()  # alice now has 3 waiting for bob
    with pytest.raises(TradeError, match="already have 3"):
        trade_counter(trade=firsts[2], user=alice, lines=lines)
    assert Trade.objects.get(pk=firsts[2].pk).status == Trade.Status.PROPOSED  # the refused counter closed nothing


def test_the_api_answers_409(offer, alice, api_as, cv_cards):
    for _ in range(3):
        offer()
    body = {"recipient": "bob", "give": [{"card": cv_cards["pride"].pk, "quantity": 1}]}
    response = api_as(alice).post("/api/v1/trades/", body, format="json")
    assert response.status_code == 409, response.json()
    assert "already have 3 offers waiting for bob" in response.json()["detail"]
