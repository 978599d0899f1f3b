"""A player can block another (issue #34): no trade offers, comments, follows (or table invitations) from them.

alice blocks bob; charlie is a stranger to both. What bob had open towards alice is closed; what alice does
towards bob is not blocked (a block is one way: it stops what comes to the blocker)."""

import pytest
from rest_framework.test import APIClient

from cardcollections.blocks.models import PlayerBlock
from cardcollections.blocks.selectors import player_blocks
from cardcollections.blocks.services import BlockError
from cardcollections.blocks.services import player_block
from cardcollections.blocks.services import player_unblock
from cardcollections.collection.services import collection_change
from cardcollections.models import Notification
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import TradeNotAllowed
from cardcollections.trades.services import trade_propose
from decks.comments.services import CommentNotAllowed
from decks.comments.services import comment_create
from decks.exceptions import DeckRequestError
from decks.follows.services import follow_add
from decks.lists.services import deck_create
from decks.models import DeckComment
from decks.models import Follow

pytestmark = pytest.mark.django_db


@pytest.fixture
def offer(alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    collection_change(owner=bob, card=cv_cards["means"], delta=1)

    def make(proposer, recipient):
        card = cv_cards["pride"] if proposer == alice else cv_cards["means"]
        return trade_propose(
            proposer=proposer, recipient=recipient, lines=[LineSpec(TradeLine.Side.PROPOSER, card.pk, 1)]
        )

    return make


@pytest.fixture
def public_deck(alice, cv_cards):
    from cardcollections.models import Game

    game = Game.objects.get(slug="chapter-and-verse")
    return deck_create(owner=alice, game=game, name="Faith first", decklist="1 Pride Cycle", visibility="public")


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_blocked_player_can_no_longer_offer_comment_or_follow(offer, public_deck, alice, bob):
    player_block(blocker=alice, username="BOB")  # any case
    with pytest.raises(TradeNotAllowed, match="does not take offers from you"):
        offer(bob, alice)
    with pytest.raises(CommentNotAllowed, match="does not take comments from you"):
        comment_create(deck=public_deck, author=bob, body="hi")
    with pytest.raises(DeckRequestError, match="does not take follows from you"):
        follow_add(follower=bob, followed=alice)
    assert not Trade.objects.filter(proposer=bob).exists()
    assert not DeckComment.objects.exists() and not Follow.objects.exists()
    assert not Notification.objects.filter(user=alice).exists()  # alice hears nothing from bob


def test_the_block_is_one_way_and_others_are_not_blocked(offer, public_deck, alice, bob, charlie):
    player_block(blocker=alice, username="bob")
    assert player_blocks(sender=bob, recipient=alice) and not player_blocks(sender=alice, recipient=bob)
    offer(alice, bob)  # alice may still offer to bob
    comment_create(deck=public_deck, author=charlie, body="nice")
    follow_add(follower=charlie, followed=alice)


def test_blocking_ends_the_blocked_players_follow_of_the_blocker_only(alice, bob, charlie):
    follow_add(follower=bob, followed=alice)
    follow_add(follower=alice, followed=bob)  # the blocker's own follow is theirs to keep or end
    follow_add(follower=bob, followed=charlie)
    player_block(blocker=alice, username="bob")
    assert sorted(Follow.objects.values_list("follower__username", "followed__username")) == [
        ("alice", "bob"),
        ("bob", "charlie"),
    ]


def test_blocking_declines_the_blocked_players_open_offers(offer, alice, bob):
    theirs = offer(bob, alice)
    mine = offer(alice, bob)
    player_block(blocker=alice, username="bob")
    assert Trade.objects.get(pk=theirs.pk).status == "declined"
    assert Trade.objects.get(pk=mine.pk).status == "proposed"


def test_unblocking_lets_them_through_again(offer, alice, bob):
    player_block(blocker=alice, username="bob")
    assert player_unblock(blocker=alice, username="bob") is True
    assert player_unblock(blocker=alice, username="bob") is False
    offer(bob, alice)


@pytest.mark.parametrize(("name", "message"), [("alice", "yourself"), ("nobody", "No player"), ("", "No player")])
def test_a_block_of_oneself_or_of_no_one_is_refused(alice, name, message):
    with pytest.raises(BlockError, match=message):
        player_block(blocker=alice, username=name)
    assert not PlayerBlock.objects.exists()


def test_blocking_twice_is_one_block(alice, bob):
    assert player_block(blocker=alice, username="bob") == player_block(blocker=alice, username="Bob")
    assert PlayerBlock.objects.count() == 1


def test_the_api_lists_makes_and_lifts_ones_own_blocks(alice, bob, charlie):
    made = api(alice).post("/api/v1/blocks/", {"username": "bob"}, format="json")
    assert made.status_code == 201 and made.json()["username"] == "bob"
    assert [b["username"] for b in api(alice).get("/api/v1/blocks/").json()] == ["bob"]
    assert api(charlie).get("/api/v1/blocks/").json() == []  # alice's blocks are hers alone
    assert api(charlie).delete("/api/v1/blocks/bob/").status_code == 404
    assert PlayerBlock.objects.filter(blocker=alice).count() == 1
    assert api(alice).delete("/api/v1/blocks/bob/").status_code == 204
    assert api(alice).delete("/api/v1/blocks/bob/").status_code == 404
    assert not PlayerBlock.objects.exists()


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"username": "nobody"}, 404, None),
        ({"username": "alice"}, 400, "username"),
        ({}, 400, "username"),
        ({"username": "x" * 151}, 400, "username"),
        ({"username": "bob", "extra": 1}, 400, "extra"),
    ],
)
def test_the_api_refuses_a_bad_block_naming_the_field(alice, bob, body, status, field):
    response = api(alice).post("/api/v1/blocks/", body, format="json")
    assert response.status_code == status, response.content
    if field:
        assert response.json()["field"] == field
    assert not PlayerBlock.objects.exists()


def test_an_anonymous_caller_has_no_blocks(bob):
    assert APIClient().get("/api/v1/blocks/").status_code in (401, 403)
    assert APIClient().post("/api/v1/blocks/", {"username": "bob"}, format="json").status_code in (401, 403)


def test_an_offer_through_the_api_from_a_blocked_player_is_a_403(offer, alice, bob, cv_cards):
    player_block(blocker=alice, username="bob")
    response = api(bob).post(
        "/api/v1/trades/",
        {"recipient": "alice", "give": [{"card": cv_cards["means"].pk, "quantity": 1}]},
        format="json",
    )
    assert response.status_code == 403 and "does not take offers" in response.json()["detail"]


def test_the_settings_page_blocks_lists_and_unblocks(client, alice, bob):
    client.force_login(alice)
    response = client.post("/collection/settings/", {"action": "block", "username": "bob"}, follow=True)
    html = response.content.decode()
    assert "You blocked bob." in html and 'aria-label="Unblock bob"' in html
    assert PlayerBlock.objects.filter(blocker=alice, blocked=bob).exists()
    refused = client.post("/collection/settings/", {"action": "block", "username": "nobody"}, follow=True)
    assert "No player has that name." in refused.content.decode()
    client.post("/collection/settings/", {"action": "unblock", "username": "bob"})
    assert not PlayerBlock.objects.exists()
