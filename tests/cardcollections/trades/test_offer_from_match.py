"""An offer started from a match starts from that match's cards (#36: "the trade offer form does not start from the
match you clicked")."""

import re
from html import unescape

import pytest
from django.test import Client

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_in_matches_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import CollectionEntry

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def field_value(html: str, name: str) -> str:
    return re.search(rf'name="{name}" min="0" max="\d+" value="(\d+)"', html).group(1)


def test_offering_from_a_match_fills_in_the_cards_of_the_match(alice, bob, cv_cards):
    means, pride = cv_cards["means"], cv_cards["pride"]
    for player in (alice, bob):  # trade matches are for players who opted in (issue #34)
        collection_in_matches_set(owner=player, in_matches=True)
    collection_change(owner=bob, card=means, delta=3)
    trade_list_change(owner=bob, card=means, delta=3)  # bob offers 3 By Small Means
    wishlist_set(owner=alice, game=means.game, title="By Small Means", wanted=2)  # alice wants 2
    collection_change(owner=alice, card=pride, delta=1)
    trade_list_change(owner=alice, card=pride, delta=1)  # alice offers a Pride Cycle
    wishlist_set(owner=bob, card=pride, wanted=4)  # bob wants 4

    alice_browser = signed_in(alice)
    matches = alice_browser.get("/trades/matches/").content.decode()
    links = [unescape(h) for h in re.findall(r'href="(/trades/new/\?[^"]+)"', matches)]
    for_these = next(h for h in links if "get-" in h)
    bobs = CollectionEntry.objects.get(owner=bob, card=means)
    form = alice_browser.get(for_these).content.decode()
    assert field_value(form, f"get-{bobs.pk}") == "2"  # what alice wants, within the 3 bob offers

    mine = CollectionEntry.objects.get(owner=alice, card=pride)
    these = next(h for h in links if "give-" in h)
    form = alice_browser.get(these).content.decode()
    assert field_value(form, f"give-{mine.pk}") == "1"  # bob wants 4; alice offers the 1 she has


def test_a_number_in_the_address_is_kept_within_the_row_and_a_bad_one_ignored(alice, bob, cv_cards):
    means = cv_cards["means"]
    collection_change(owner=bob, card=means, delta=2)
    trade_list_change(owner=bob, card=means, delta=2)
    bobs = CollectionEntry.objects.get(owner=bob, card=means)
    client = signed_in(alice)
    url = f"/trades/new/?to=bob&game=chapter-and-verse&get-{bobs.pk}="
    assert field_value(client.get(url + "50").content.decode(), f"get-{bobs.pk}") == "2"
    assert field_value(client.get(url + "lots").content.decode(), f"get-{bobs.pk}") == "0"
