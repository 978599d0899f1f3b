"""The collections app's lists, in the API and on the pages, cost the same queries for many rows as for one."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_in_matches_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import Card
from cardcollections.models import TradeLine
from cardcollections.proposals.services import proposal_create
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_propose

pytestmark = pytest.mark.django_db

LISTS = [
    "/api/v1/collection/",
    "/api/v1/collection/ledger/",
    "/api/v1/wishlist/",
    "/api/v1/tradelist/",
    "/api/v1/trades/",
    "/api/v1/matches/",
    "/api/v1/notifications/",
    # The pages that list the same rows.
    "/collection/",
    "/collection/chapter-and-verse/",
    "/collection/chapter-and-verse/wishlist/",
    "/trades/",
    "/trades/matches/",
    "/notifications/",
]


def _stock(alice, bob, cards: list[Card]) -> None:
    """Each card: alice owns and offers one, bob wants it and owns one; one trade offer a card, two lines each."""
    for card in cards:
        collection_change(owner=alice, card=card, delta=2)
        trade_list_change(owner=alice, card=card, delta=1)
        collection_change(owner=bob, card=card, delta=1)
        wishlist_set(owner=bob, wanted=1, card=card)
        wishlist_set(owner=alice, wanted=1, card=card)
        lines = [LineSpec(TradeLine.Side.PROPOSER, card.id, 1), LineSpec(TradeLine.Side.RECIPIENT, card.id, 1)]
        trade_propose(proposer=bob, recipient=alice, lines=lines)
    for player in (alice, bob):
        collection_in_matches_set(owner=player, in_matches=True)


def _queries(client, url: str) -> int:
    client.get(url)  # what a first request fills once a process (card pools, formats) is not counted
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:200])
    return len(captured.captured_queries)


@pytest.mark.parametrize("url", LISTS)
def test_a_list_costs_the_same_queries_for_four_cards_of_two_games_as_for_one(
    starter_catalogs, alice, bob, api_as, url
):
    client = api_as(alice, "session")
    cards = list(Card.objects.filter(game__slug="chapter-and-verse").order_by("id")[:3])
    cards.append(Card.objects.filter(game__slug="bible-battles").order_by("id").first())
    _stock(alice, bob, cards[:1])
    one = _queries(client, url)
    _stock(alice, bob, cards[1:])
    assert _queries(client, url) == one


PROPOSAL_LISTS = ["/api/v1/proposals/", "/api/v1/proposals/review/", "/proposals/", "/proposals/review/"]


@pytest.mark.parametrize("path", PROPOSAL_LISTS)
def test_a_proposal_list_costs_the_same_queries_for_four_proposals_as_for_one(
    starter_catalogs, alice, api_as, django_user_model, path
):
    # A superuser is a moderator, and has proposals of its own: both lists have rows.
    moderator = django_user_model.objects.create_superuser("mod", password="moderator-password-1")
    client = api_as(moderator, "session")
    cards = list(Card.objects.filter(game__slug="chapter-and-verse").order_by("id")[:4])

    def propose(card: Card) -> None:
        for who in (moderator, alice):
            proposal_create(proposer=who, game=card.game, card=card, fields={"sacrifice": 3}, source="printed card")

    propose(cards[0])
    one = _queries(client, path)
    for card in cards[1:]:
        propose(card)
    assert _queries(client, path) == one
