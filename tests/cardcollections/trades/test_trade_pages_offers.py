"""The trade pages keep what a user typed and what they were offered: every open offer is listed, a
counter starts from the whole offer, an offer goes as typed or not at all, and matches show every copy."""

import re

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_in_matches_set
from cardcollections.collection.services import collection_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades import views
from cardcollections.trades.selectors import matches_for_my_offers
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_decline
from cardcollections.trades.services import trade_propose

pytestmark = pytest.mark.django_db
GIVES, ASKS = TradeLine.Side.PROPOSER, TradeLine.Side.RECIPIENT


def form_values(html: str) -> dict[str, str]:
    return dict(re.findall(r'name="((?:give|get)-\d+)"[^>]*value="(\d+)"', html))


def test_an_open_offer_stays_listed_however_long_the_history(client, alice, bob, charlie, cv_cards, monkeypatch):
    monkeypatch.setattr(views, "LIST_MOST", 3)
    collection_change(owner=alice, card=cv_cards["means"], delta=1)
    collection_change(owner=charlie, card=cv_cards["pride"], delta=1)
    offer = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(GIVES, cv_cards["means"].pk, 1)])
    for _ in range(4):  # newer trades, closed: more than a list shows
        newer = trade_propose(proposer=charlie, recipient=bob, lines=[LineSpec(GIVES, cv_cards["pride"].pk, 1)])
        trade_decline(trade=newer, user=bob)
    client.force_login(bob)
    page = client.get("/trades/").content.decode()
    incoming = page.split('class="trades incoming"')[1].split("</ul>")[0]
    assert f"/trades/{offer.pk}/" in incoming
    history = page.split('class="trades history"')[1].split("</ul>")[0]
    assert history.count("/trades/") == 3


def test_a_counter_starts_from_every_line_of_the_offer(client, alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=3)
    trade_list_change(owner=alice, card=cv_cards["means"], delta=1)  # 1 of her 3 on her trade list
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)  # owned, not on her trade list
    collection_change(owner=bob, card=cv_cards["pride"], delta=2)
    lines = [LineSpec(GIVES, cv_cards["means"].pk, 3), LineSpec(GIVES, cv_cards["pride"].pk, 2)]
    trade = trade_propose(proposer=alice, recipient=bob, lines=[*lines, LineSpec(ASKS, cv_cards["pride"].pk, 1)])
    client.force_login(bob)
    form = client.get(f"/trades/new/?counter={trade.pk}&game=chapter-and-verse").content.decode()
    values = form_values(form)
    # Both lines she offered are on the form, at the copies offered (one is not on her trade list at all).
    assert sorted(v for k, v in values.items() if k.startswith("get-") and v != "0") == ["2", "3"]
    # Sent as it stands, the counter asks for what she offered, as she offered it.
    response = client.post("/trades/new/", {"counter": trade.pk, "game": "chapter-and-verse", **values})
    assert response.status_code == 302, response.content.decode()
    counter = Trade.objects.get(parent=trade)
    asked = {line.card_id: line.quantity for line in counter.lines.all() if line.side == ASKS}
    assert asked == {cv_cards["means"].pk: 3, cv_cards["pride"].pk: 2}


def test_an_offer_goes_as_typed_or_not_at_all(client, alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=5)
    client.force_login(alice)
    give = re.search(r'name="(give-\d+)"', client.get("/trades/new/?to=bob&game=chapter-and-verse").content.decode())[1]
    collection_change(owner=alice, card=cv_cards["means"], delta=-3)  # a trade accepted in another tab
    response = client.post("/trades/new/", {"to": "bob", "game": "chapter-and-verse", give: "5"})
    assert response.status_code == 400
    assert "By Small Means: I own 2; the offer has 5." in response.content.decode()
    assert not Trade.objects.exists()


def test_matches_show_every_printing_and_condition_i_offer(alice, bob, cv_cards):
    collection_set(owner=alice, card=cv_cards["means"], quantity=2, condition="NM", for_trade=2)
    collection_set(owner=alice, card=cv_cards["means"], quantity=3, condition="LP", for_trade=3)
    collection_set(owner=alice, card=cv_cards["means2"], quantity=4, for_trade=4)
    wishlist_set(owner=bob, game=cv_cards["means"].game, title="By Small Means", wanted=9)
    collection_in_matches_set(owner=bob, in_matches=True)
    [match] = matches_for_my_offers(user=alice)
    assert sorted((i["card"].pk, i["entry"].condition, i["available"]) for i in match.items) == sorted(
        [(cv_cards["means"].pk, "NM", 2), (cv_cards["means"].pk, "LP", 3), (cv_cards["means2"].pk, "", 4)]
    )
