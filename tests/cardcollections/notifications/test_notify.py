"""Notifications from trades, and their mail: who is told, when mail is queued, and that it is sent once."""

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.models import Notification
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.notifications.services import EMAIL_TASK
from cardcollections.notifications.services import NotificationError
from cardcollections.notifications.services import notification_email_set
from cardcollections.notifications.services import notify
from cardcollections.notifications.tasks import notification_email
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import TradeError
from cardcollections.trades.services import trade_accept
from cardcollections.trades.services import trade_counter
from cardcollections.trades.services import trade_decline
from cardcollections.trades.services import trade_propose
from cardcollections.trades.services import trade_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def offer(alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    collection_change(owner=bob, card=cv_cards["means"], delta=2)

    def make(**kwargs):
        lines = [
            LineSpec(TradeLine.Side.PROPOSER, cv_cards["pride"].pk, 1),
            LineSpec(TradeLine.Side.RECIPIENT, cv_cards["means"].pk, 1),
        ]
        return trade_propose(proposer=alice, recipient=bob, lines=lines, **kwargs)

    return make


def told(user) -> list[tuple[str, str, str]]:
    return list(Notification.objects.filter(user=user).order_by("id").values_list("kind", "message", "url"))


def test_it_tells_the_recipient_of_an_offer_and_not_the_proposer(offer, alice, bob):
    trade = offer()
    assert told(bob) == [("trade-proposed", "alice offered you a trade.", f"/trades/{trade.pk}/")]
    assert told(alice) == []


@pytest.mark.parametrize(
    ("action", "actor", "who", "kind", "message"),
    [
        (trade_accept, "bob", "alice", "trade-accepted", "bob accepted your offer: the cards have moved."),
        (trade_decline, "bob", "alice", "trade-declined", "bob declined your offer."),
        (trade_withdraw, "alice", "bob", "trade-withdrawn", "alice withdrew their offer."),
    ],
)
def test_it_tells_the_other_party_what_became_of_the_offer(offer, alice, bob, action, actor, who, kind, message):
    trade = offer()
    users = {"alice": alice, "bob": bob}
    Notification.objects.all().delete()
    action(trade=trade, user=users[actor])
    assert told(users[who]) == [(kind, message, f"/trades/{trade.pk}/")]
    assert told(users[actor]) == []


def test_a_counter_offer_tells_the_first_proposer_once_pointing_at_the_new_offer(offer, alice, bob, cv_cards):
    trade = offer()
    counter = trade_counter(trade=trade, user=bob, lines=[LineSpec(TradeLine.Side.PROPOSER, cv_cards["means"].pk, 1)])
    assert told(alice) == [
        ("trade-countered", "bob answered your offer with a counter-offer.", f"/trades/{counter.pk}/")
    ]


def test_a_refused_action_tells_no_one(offer, alice, bob):
    trade = offer()
    trade_decline(trade=trade, user=bob)
    before = Notification.objects.count()
    with pytest.raises(TradeError):
        trade_accept(trade=Trade.objects.get(pk=trade.pk), user=bob)
    with pytest.raises(TradeError):
        trade_withdraw(trade=Trade.objects.get(pk=trade.pk), user=alice)
    assert Notification.objects.count() == before


def test_an_accept_that_moves_nothing_tells_no_one(offer, alice, bob, cv_cards):
    trade = offer()
    collection_change(owner=alice, card=cv_cards["pride"], delta=-2)  # alice no longer has what she offered
    with pytest.raises(TradeError):
        trade_accept(trade=trade, user=bob)
    assert told(alice) == []


def test_mail_is_queued_after_commit_only_for_a_user_with_an_address_who_wants_it(
    offer, alice, bob, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        offer()
    assert queued == []  # bob has no address
    bob.email = "bob@example.org"
    bob.save()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        trade = offer()
    assert queued == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert queued == [(EMAIL_TASK, [Notification.objects.get(user=bob, url=f"/trades/{trade.pk}/").pk])]
    notification_email_set(user=bob, email=False)
    with django_capture_on_commit_callbacks(execute=True):
        offer()
    assert len(queued) == 1


def test_the_mail_task_sends_once_with_a_link_to_the_site(bob, settings, mailoutbox):
    settings.SITE_URL = "https://cards.example.org"
    bob.email = "bob@example.org"
    bob.save()
    notification = notify(bob, kind="trade-proposed", message="alice offered you a trade.", url="/trades/7/")
    assert notification_email(notification.pk) is True
    assert notification_email(notification.pk) is False  # a second delivery of the message
    assert len(mailoutbox) == 1
    sent = mailoutbox[0]
    assert sent.to == ["bob@example.org"]
    assert sent.subject == "Chapter and Verse: Trade offered"
    assert "alice offered you a trade." in sent.body
    assert "https://cards.example.org/trades/7/" in sent.body


def test_the_mail_task_sends_nothing_once_the_user_turned_mail_off(bob, mailoutbox):
    bob.email = "bob@example.org"
    bob.save()
    notification = notify(bob, kind="trade-declined", message="x", url="")
    notification_email_set(user=bob, email=False)
    assert notification_email(notification.pk) is False
    assert mailoutbox == []


def test_a_mail_that_fails_to_send_is_given_back_for_the_retry(bob, monkeypatch, mailoutbox):
    bob.email = "bob@example.org"
    bob.save()
    notification = notify(bob, kind="trade-declined", message="bob declined", url="/trades/1/")

    def down(*args, **kwargs):
        raise ConnectionRefusedError("no SMTP server")

    monkeypatch.setattr("cardcollections.notifications.services.send_mail", down)
    with pytest.raises(ConnectionRefusedError):
        notification_email(notification.pk)
    notification.refresh_from_db()
    assert notification.emailed is None
    monkeypatch.undo()
    assert notification_email(notification.pk) is True
    assert len(mailoutbox) == 1


def test_it_refuses_an_unknown_kind_and_shortens_a_long_message(bob):
    with pytest.raises(NotificationError):
        notify(bob, kind="nonsense", message="x")
    row = notify(bob, kind="trade-proposed", message="x" * 900)
    assert len(row.message) == 500
