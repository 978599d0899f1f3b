"""Decks I can build: the share of a list the signed-in player's free copies fill, on the public decks page,
on a deck page and in the API, with the 100 % and at-least-90 % filters."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from cardcollections.collection.services import collection_change
from cardcollections.models import Card
from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from decks.lists.services import deck_update
from decks.models import Deck
from decks.stock.selectors import decks_buildable

pytestmark = pytest.mark.django_db


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")


def own(user, title: str, copies: int, *, set_code: str = "CV1") -> None:
    card = Card.objects.get(title=title, card_set__code=set_code)
    collection_change(owner=user, card=card, delta=copies)


def public(owner, cv, name: str, decklist: str, visibility: str = "public") -> Deck:
    return deck_create(owner=owner, game=cv, name=name, decklist=decklist, visibility=visibility)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def build_column(page: str) -> dict[str, str]:
    """{deck name: the "I can build" cell} of the public decks table."""
    rows = re.findall(
        r'<tr class="deck-row">\s*<td><a href="/decks/[^"]+/">([^<]+)</a>.*?<td class="num deck-buildable"[^>]*>([^<]*)</td>',
        page,
        re.S,
    )
    return {name: cell.strip() for name, cell in rows}


@pytest.fixture
def decks(cv, alice, bob):
    """bob's public decks of 10 cards; alice owns 10 Verse 001 and 9 Verse 002 over both printings' worth."""
    own(alice, "Verse 001", 10)
    own(alice, "Verse 002", 9)
    own(alice, "By Small Means", 2)  # CV1 printing
    own(alice, "By Small  means", 1, set_code="CV2")  # the same title, reprinted
    return {
        "all": public(bob, cv, "All of it", "10 Verse 001"),
        "ninety": public(bob, cv, "Ninety", "10 Verse 002"),
        "printings": public(bob, cv, "Printings", "3 By Small Means (CV2) 1"),
        "half": public(bob, cv, "Half", "5 Verse 001\n5 Verse 003"),
        "private": public(bob, cv, "Hidden", "10 Verse 001", visibility="private"),
    }


def test_it_shows_each_public_deck_share_for_the_signed_in_player(decks, alice):
    page = client_for(alice).get(reverse("deck-public")).content.decode()
    assert build_column(page) == {"All of it": "100 %", "Ninety": "90 %", "Printings": "100 %", "Half": "50 %"}


def test_a_new_list_is_counted_again(decks, alice):
    deck_update(deck=decks["half"], decklist="10 Verse 001")
    deck_update(deck=decks["all"], name="Renamed", visibility="public")  # a new name: the same list
    page = client_for(alice).get(reverse("deck-public"), {"build": "100"}).content.decode()
    assert set(build_column(page)) == {"Renamed", "Half", "Printings"}


def test_it_counts_copies_held_by_a_built_deck_as_not_free(decks, alice, cv):
    mine = public(alice, cv, "Mine", "4 Verse 001")
    deck_set_built(deck=mine, built=True)
    page = client_for(alice).get(reverse("deck-public")).content.decode()
    column = build_column(page)
    assert column["All of it"] == "60 %"  # 4 of alice's 10 are in her built deck
    assert column["Mine"] == "100 %"  # a built deck does not compete with itself


@pytest.mark.parametrize(
    ("build", "shown"), [("100", {"All of it", "Printings"}), ("90", {"All of it", "Ninety", "Printings"})]
)
def test_it_filters_public_decks_by_what_i_can_build(decks, alice, build, shown):
    page = client_for(alice).get(reverse("deck-public"), {"build": build}).content.decode()
    assert set(build_column(page)) == shown
    assert "Hidden" not in page


def test_the_filter_finds_nothing_when_the_collection_is_empty(decks, charlie):
    page = client_for(charlie).get(reverse("deck-public"), {"build": "90"}).content.decode()
    assert "No public deck you can build at least 90 % of" in page


def test_a_signed_in_reader_with_no_public_deck_to_see_gets_an_empty_page(cv, alice):
    response = client_for(alice).get(reverse("deck-public"))
    assert response.status_code == 200
    assert "No public decks yet." in response.content.decode()
    assert decks_buildable(user=alice, decks=Deck.objects.none()) == {}


def test_anonymous_readers_see_no_build_column_and_no_filter(decks):
    page = Client().get(reverse("deck-public"), {"build": "100"}).content.decode()
    assert "I can build" not in page
    assert "Half" in page  # the filter is ignored, not applied


def test_the_deck_page_says_how_much_the_reader_can_build(decks, alice):
    page = client_for(alice).get(reverse("deck-detail", args=[decks["ninety"].pk])).content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))
    assert "You can build 90 % of this list (9 of 10 cards) from your free copies" in text
    assert "You can build" not in Client().get(reverse("deck-detail", args=[decks["ninety"].pk])).content.decode()


def test_the_public_page_runs_a_bounded_number_of_queries(cv, alice, bob, django_assert_max_num_queries):
    own(alice, "Verse 001", 27)
    for i in range(60):  # 27 of 28, 29, 30 or 31 cards: 96, 93, 90 and 87 %
        public(bob, cv, f"Deck {i}", f"27 Verse 001\n{i % 4 + 1} Verse {i % 50 + 2:03d}")
    client = client_for(alice)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("deck-public"), {"build": "90"}).content.decode()
    assert len(build_column(page)) == 30  # a full page of the 45 decks alice can build 90 % of
    assert "<strong>45</strong> decks" in page
    with django_assert_max_num_queries(12):
        client.get(reverse("deck-public"))


def test_decks_buildable_takes_the_same_queries_for_any_number_of_decks(cv, alice, bob, django_assert_num_queries):
    own(alice, "Verse 001", 5)
    for i in range(40):
        public(bob, cv, f"Deck {i}", "3 Verse 001\n1 Verse 002")
    with django_assert_num_queries(2):  # one aggregate, and whether alice has built decks among them
        shares = decks_buildable(user=alice, decks=Deck.objects.all())
    assert {s.percent for s in shares.values()} == {75}
    deck_set_built(deck=public(alice, cv, "Mine", "2 Verse 001"), built=True)
    with django_assert_num_queries(5):  # and her free copies, and her built decks' lists
        shares = decks_buildable(user=alice, decks=Deck.objects.all())
    assert sorted({s.percent for s in shares.values()}) == [75, 100]


def test_the_api_lists_public_decks_with_my_share_and_filters_them(decks, alice):
    client = Client()
    client.force_login(alice)
    body = client.get("/api/v1/decks/buildable/", {"build": "90"}).json()
    assert {r["deck"]["name"]: r["buildable"] for r in body["results"]} == {
        "All of it": {"buildable": 10, "needed": 10, "percent": 100},
        "Ninety": {"buildable": 9, "needed": 10, "percent": 90},
        "Printings": {"buildable": 3, "needed": 3, "percent": 100},
    }
    assert body["count"] == 3
    one = client.get(f"/api/v1/decks/{decks['half'].pk}/buildable/").json()
    assert one == {"buildable": 5, "needed": 10, "percent": 50}


@pytest.mark.parametrize("query", [{"build": "95"}, {"page": "1" * 400}, {"page": "-1"}, {"colour": "red"}])
def test_the_api_refuses_a_bad_query_naming_the_field(decks, alice, query):
    client = Client()
    client.force_login(alice)
    response = client.get("/api/v1/decks/buildable/", query)
    assert response.status_code == 400
    assert response.json()["field"] == next(iter(query))


def test_the_api_refuses_a_nul_byte_in_the_query(decks, alice):
    client = Client()
    client.force_login(alice)
    assert client.get("/api/v1/decks/buildable/", {"build": "9\x000"}).status_code == 400
