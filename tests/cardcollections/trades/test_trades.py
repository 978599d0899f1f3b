"""Trades: propose, accept (all or nothing, to the copy), decline, withdraw, counter; matching."""

import pytest

from cardcollections.collection.selectors import card_totals
from cardcollections.collection.selectors import ledger_mismatches
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_in_matches_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import CollectionEntry
from cardcollections.models import LedgerEntry
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.selectors import matches_for_my_offers
from cardcollections.trades.selectors import matches_for_my_wishlist
from cardcollections.trades.selectors import trades_for
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import TradeError
from cardcollections.trades.services import TradeNotAllowed
from cardcollections.trades.services import trade_accept
from cardcollections.trades.services import trade_counter
from cardcollections.trades.services import trade_decline
from cardcollections.trades.services import trade_propose
from cardcollections.trades.services import trade_withdraw

GIVES, GETS = TradeLine.Side.PROPOSER, TradeLine.Side.RECIPIENT


def qty(user, card, condition="") -> int:
    row = CollectionEntry.objects.filter(owner=user, card=card, condition=condition).first()
    return row.quantity if row else 0


@pytest.fixture
def stocked(stocked, bob):
    """The trade tests' cards, and bob's Faith Without Works for an offer of two of his cards."""
    collection_change(owner=bob, card=stocked["faith"], delta=1)
    return stocked


@pytest.mark.django_db
def test_accepting_moves_every_card_and_writes_the_ledger(alice, bob, stocked):
    before = card_totals()
    trade = trade_propose(
        proposer=alice,
        recipient=bob,
        lines=[LineSpec(GIVES, stocked["means"].pk, 2), LineSpec(GETS, stocked["pride"].pk, 2)],
        message="swap?",
    )
    trade = trade_accept(trade=trade, user=bob)
    assert trade.status == Trade.Status.ACCEPTED
    assert (qty(alice, stocked["means"]), qty(bob, stocked["means"])) == (1, 2)
    assert (qty(alice, stocked["pride"]), qty(bob, stocked["pride"])) == (2, 0)
    assert card_totals() == before
    assert LedgerEntry.objects.filter(trade=trade).count() == 4
    assert ledger_mismatches() == []


@pytest.mark.django_db
def test_a_short_side_fails_the_accept_names_every_short_card_and_moves_nothing(alice, bob, stocked):
    collection_change(owner=alice, card=stocked["means"], delta=1)  # she holds the 4 she offers...
    trade = trade_propose(
        proposer=alice,
        recipient=bob,
        lines=[
            LineSpec(GIVES, stocked["means"].pk, 4),
            LineSpec(GETS, stocked["pride"].pk, 3),
            LineSpec(GETS, stocked["faith"].pk, 1),
        ],
    )
    collection_change(owner=alice, card=stocked["means"], delta=-1)  # ...and one leaves before bob answers
    with pytest.raises(TradeError) as raised:
        trade_accept(trade=trade, user=bob)
    assert raised.value.shortages == [
        "alice has 3 of By Small Means (CV1 1); the trade needs 4",
        "bob has 2 of Pride Cycle (CV1 17); the trade needs 3",
    ]
    assert (qty(alice, stocked["means"]), qty(bob, stocked["pride"]), qty(bob, stocked["faith"])) == (3, 2, 1)
    trade.refresh_from_db()
    assert trade.status == Trade.Status.PROPOSED
    assert not LedgerEntry.objects.filter(trade=trade).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("close", "closer", "refusal", "copies"),
    [
        # bob accepted it once: his copy arrived, and a second accept moves nothing more.
        (trade_accept, "bob", "This offer is accepted; it can no longer be accepted", (2, 1)),
        # alice withdrew it: her copies stay hers.
        (trade_withdraw, "alice", "withdrawn", (3, 0)),
    ],
    ids=["accepted-only-once", "withdrawn"],
)
def test_a_closed_offer_cannot_be_accepted(alice, bob, stocked, close, closer, refusal, copies):
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(GIVES, stocked["means"].pk, 1)])
    close(trade=trade, user={"alice": alice, "bob": bob}[closer])
    with pytest.raises(TradeError, match=refusal):
        trade_accept(trade=trade, user=bob)
    assert (qty(alice, stocked["means"]), qty(bob, stocked["means"])) == copies


@pytest.mark.django_db
def test_only_the_recipient_accepts_or_declines_and_only_the_proposer_withdraws(alice, bob, stocked):
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(GIVES, stocked["means"].pk, 1)])
    with pytest.raises(TradeNotAllowed):
        trade_accept(trade=trade, user=alice)
    with pytest.raises(TradeNotAllowed):
        trade_decline(trade=trade, user=alice)
    with pytest.raises(TradeNotAllowed):
        trade_withdraw(trade=trade, user=bob)
    assert trade_decline(trade=trade, user=bob).status == Trade.Status.DECLINED
    with pytest.raises(TradeError, match="declined"):
        trade_withdraw(trade=trade, user=alice)


@pytest.mark.django_db
def test_a_counter_closes_the_offer_and_goes_the_other_way(alice, bob, stocked):
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(GETS, stocked["pride"].pk, 2)])
    counter = trade_counter(
        trade=trade,
        user=bob,
        lines=[LineSpec(GIVES, stocked["pride"].pk, 1), LineSpec(GETS, stocked["means"].pk, 1)],
        message="one for one",
    )
    trade.refresh_from_db()
    assert trade.status == Trade.Status.COUNTERED
    assert (counter.proposer, counter.recipient, counter.parent) == (bob, alice, trade)
    trade_accept(trade=counter, user=alice)
    assert (qty(alice, stocked["pride"]), qty(bob, stocked["means"])) == (1, 1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "at least one card"),
        ([LineSpec(GIVES, 999_999, 1)], "No card with id 999999"),
        ([LineSpec(GIVES, None, 0)], "from 1 to 999"),
        ([LineSpec("sideways", None, 1)], "Unknown side"),
        ([LineSpec(GIVES, None, 1, "XX")], "Unknown condition"),
    ],
)
def test_it_refuses_a_malformed_offer(alice, bob, stocked, lines, message):
    lines = [LineSpec(line.side, line.card_id or stocked["means"].pk, line.quantity, line.condition) for line in lines]
    with pytest.raises(TradeError, match=message):
        trade_propose(proposer=alice, recipient=bob, lines=lines)
    assert not Trade.objects.exists()


@pytest.mark.django_db
def test_nobody_trades_with_themselves(alice, stocked):
    with pytest.raises(TradeError, match="yourself"):
        trade_propose(proposer=alice, recipient=alice, lines=[LineSpec(GIVES, stocked["means"].pk, 1)])


@pytest.mark.django_db
def test_accepting_shrinks_the_givers_trade_list_with_the_copies(alice, bob, stocked):
    trade_list_change(owner=bob, card=stocked["pride"], delta=2)
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(GETS, stocked["pride"].pk, 1)])
    trade_accept(trade=trade, user=bob)
    row = CollectionEntry.objects.get(owner=bob, card=stocked["pride"])
    assert (row.quantity, row.for_trade) == (1, 1)


@pytest.mark.django_db
def test_both_users_see_their_offers_and_history(alice, bob, charlie, stocked):
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(GIVES, stocked["means"].pk, 1)])
    assert list(trades_for(user=alice)) == [trade] == list(trades_for(user=bob))
    assert list(trades_for(user=charlie)) == []


@pytest.mark.django_db
def test_matching_finds_who_offers_what_i_want_and_who_wants_what_i_offer(
    alice, bob, charlie, stocked, django_assert_max_num_queries
):
    trade_list_change(owner=bob, card=stocked["pride"], delta=1)
    collection_change(owner=charlie, card=stocked["means2"], delta=1)
    trade_list_change(owner=charlie, card=stocked["means2"], delta=1)
    wishlist_set(owner=alice, card=stocked["pride"], wanted=1)
    for player in (alice, bob, charlie):
        collection_in_matches_set(owner=player, in_matches=True)
    # By title: any printing of By Small Means will do.
    wishlist_set(owner=alice, game=stocked["means"].game, title="By Small Means", wanted=2)
    with django_assert_max_num_queries(2):
        matches = matches_for_my_wishlist(user=alice)
    assert [(m.user.username, [i["card"].pk for i in m.items]) for m in matches] == [
        ("bob", [stocked["pride"].pk]),
        ("charlie", [stocked["means2"].pk]),
    ]
    with django_assert_max_num_queries(2):
        wanted_by = matches_for_my_offers(user=bob)
    assert [(m.user.username, [i["wish"].wanted for i in m.items]) for m in wanted_by] == [("alice", [1])]


def test_a_trade_takes_the_traded_copies_off_the_trade_list_first(alice, bob, stocked):
    # Alice owns 3 and offers 2; she trades those 2 away: her last copy is not offered again.
    trade_list_change(owner=alice, card=stocked["means"], delta=2)
    trade = trade_propose(proposer=bob, recipient=alice, lines=[LineSpec(GETS, stocked["means"].pk, 2)])
    trade_accept(trade=trade, user=alice)
    row = CollectionEntry.objects.get(owner=alice, card=stocked["means"])
    assert (row.quantity, row.for_trade) == (1, 0)
    assert matches_for_my_wishlist(user=bob) == []


def test_received_cards_come_off_both_players_wishlists(alice, bob, stocked):
    wishlist_set(owner=alice, card=stocked["pride"], wanted=2)
    wishlist_set(owner=bob, game=stocked["means"].game, title="By Small Means", wanted=3)
    trade = trade_propose(
        proposer=alice,
        recipient=bob,
        lines=[LineSpec(GIVES, stocked["means"].pk, 2), LineSpec(GETS, stocked["pride"].pk, 2)],
    )
    trade_accept(trade=trade, user=bob)
    assert not alice.wishlist_entries.exists()  # she wanted 2 Pride Cycle and got them
    assert list(bob.wishlist_entries.values_list("title", "wanted")) == [("By Small Means", 1)]
    notice = alice.notifications.get()
    assert "Pride Cycle is off your wishlist" in notice.message
