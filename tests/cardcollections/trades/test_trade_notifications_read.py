"""Answering an offer answers its notification: it no longer waits unread in the bell (#36: "a trade notification
stays unread after she accepted it")."""

import re

import pytest
from django.test import Client

from cardcollections.collection.services import collection_change
from cardcollections.models import Notification
from cardcollections.models import TradeLine
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_propose

pytestmark = pytest.mark.django_db


def offer(proposer, recipient, cards):
    collection_change(owner=proposer, card=cards["pride"], delta=1)
    collection_change(owner=recipient, card=cards["means"], delta=1)
    lines = [
        LineSpec(TradeLine.Side.PROPOSER, cards["pride"].pk, 1),
        LineSpec(TradeLine.Side.RECIPIENT, cards["means"].pk, 1),
    ]
    return trade_propose(proposer=proposer, recipient=recipient, lines=lines)


def bell(client: Client) -> str:
    return re.search(r'aria-label="(Notifications[^"]*)"', client.get("/notifications/bell/").content.decode()).group(1)


@pytest.mark.parametrize("answer", ["accept", "decline"])
def test_accepting_or_declining_on_the_page_marks_the_offers_notification_read(answer, alice, bob, cv_cards):
    trade = offer(bob, alice, cv_cards)
    client = Client()
    client.force_login(alice)
    assert bell(client) == "Notifications, 1 unread"

    assert client.post(f"/trades/{trade.pk}/{answer}/").status_code == 302

    assert bell(client) == "Notifications"
    assert Notification.objects.get(user=alice).read is not None
    assert Notification.objects.get(user=bob).read is None  # bob has yet to see the answer


def test_a_counter_offer_marks_the_offer_read_and_another_offer_stays_unread(alice, bob, cv_cards):
    from cardcollections.trades.services import trade_counter

    trade = offer(bob, alice, cv_cards)
    other = offer(bob, alice, cv_cards)
    trade_counter(trade=trade, user=alice, lines=[LineSpec(TradeLine.Side.RECIPIENT, cv_cards["pride"].pk, 1)])
    unread = Notification.objects.filter(user=alice, read__isnull=True).values_list("url", flat=True)
    assert list(unread) == [f"/trades/{other.pk}/"]
