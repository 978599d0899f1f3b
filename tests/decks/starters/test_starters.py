"""Starter decks: a labelled list per game for new players, each legal, with a write-up whose card links all
resolve, copied into a player's decks with one click (page or API)."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from decks.lists.writeups import writeup_render
from decks.models import Deck
from decks.starters.catalog import STARTERS
from decks.starters.selectors import starter_get
from decks.starters.services import starter_copy

pytestmark = pytest.mark.django_db


@pytest.fixture
def copied(starter_catalogs, alice) -> dict[str, Deck]:
    return {s.slug: starter_copy(starter=s, game=starter_get(slug=s.slug)[1], owner=alice) for s in STARTERS}


def test_every_game_with_a_collectible_or_boxed_catalog_has_a_starter(copied):
    games = {s.game for s in STARTERS}
    assert {"chapter-and-verse", "bible-battles", "book-of-mormon-battles", "warriors-of-the-promised-land"} <= games


def test_every_starter_is_legal_and_complete_with_links_that_resolve(copied):
    failures = []
    for s in STARTERS:
        deck = copied[s.slug]
        if not deck.legal:
            failures.append((s.slug, deck.validation.get("errors")))
        if writeup_render(s.writeup, game_slug=s.game).unknown:
            failures.append((s.slug, "unknown titles in the write-up"))
    assert failures == []


def test_a_box_is_every_card_of_the_game_with_its_copies(copied):
    from cardcollections.models import Card

    box = copied["wpl-box"]
    assert box.card_count == sum(
        Card.objects.filter(game__slug="warriors-of-the-promised-land").values_list("copies", flat=True)
    )
    assert box.card_count > len(box.cards)  # some Armory cards come more than once


def test_the_page_lists_the_starters_and_copies_one_into_my_decks(starter_catalogs, alice):
    client = Client()
    client.force_login(alice)
    html = client.get(reverse("deck-starters")).content.decode()
    assert html.count('class="starter-deck"') == len(STARTERS)
    assert "Faith and works" in html and "First deck" in html and "Fixed deck" in html
    response = client.post(reverse("deck-starter-copy", args=["cv-faith-and-works"]))
    deck = Deck.objects.get(owner=alice)
    assert response["Location"] == reverse("deck-detail", args=[deck.pk])
    assert (deck.name, deck.visibility, deck.card_count, deck.legal) == ("Faith and works", "private", 40, True)
    assert client.post(reverse("deck-starter-copy", args=["no-such"])).status_code == 404


def test_each_starter_has_its_own_copy_button(starter_catalogs, alice):
    client = Client()
    client.force_login(alice)
    html = client.get(reverse("deck-starters")).content.decode()
    for s in STARTERS:
        action = reverse("deck-starter-copy", args=[s.slug])
        assert f'action="{action}" class="inline-form">' in html, s.slug
    assert html.count('<button type="submit" class="btn btn-primary">Copy to my decks</button>') == len(STARTERS)
    assert "Log in to copy" not in html


def test_anonymous_visitors_see_the_starters_but_log_in_to_copy(starter_catalogs):
    html = Client().get(reverse("deck-starters")).content.decode()
    assert "Log in to copy" in html
    response = Client().post(reverse("deck-starter-copy", args=["cv-faith-and-works"]))
    assert response.status_code == 302 and "/login" in response["Location"]
    assert APIClient().post("/api/v1/decks/starters/cv-faith-and-works/copy/").status_code == 401
    assert not Deck.objects.exists()


def test_the_api_lists_starters_and_copies_one(starter_catalogs, bob):
    client = APIClient()
    client.force_authenticate(bob)
    listed = client.get("/api/v1/decks/starters/").json()
    assert [s["slug"] for s in listed] == [s.slug for s in STARTERS]
    assert listed[0]["card_count"] == 40 and listed[0]["label"] == "First deck"
    response = client.post("/api/v1/decks/starters/bb-shepherds-and-fields/copy/")
    assert response.status_code == 201
    assert (response.json()["owner"], response.json()["card_count"]) == ("bob", 60)
    assert client.post("/api/v1/decks/starters/nothing/copy/").status_code == 404


def test_a_box_no_deck_list_can_hold_is_refused_with_a_message_not_an_error_page(db, alice):
    from cardcollections.catalog.services import catalog_load

    abish = {"set": "BMB", "number": "1", "title": "Abish", "kind": "character", "value": 100}
    catalog_load(
        document={
            "game": "book-of-mormon-battles",
            "sets": [{"code": "BMB", "name": "Boxed Game"}],
            "cards": [{**abish, "color": "gold", "shape": "diamond", "copies": 1000}],
        }
    )
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("deck-starter-copy", args=["bomb-box"]), follow=True)
    assert response.status_code == 200
    assert "Could not copy" in response.content.decode() and "1000 copies of Abish" in response.content.decode()
    assert not Deck.objects.filter(owner=alice).exists()
