"""Card pages: how many public decks play the card (any printing of its title), linked to those decks; the same
in the API. Private and unlisted decks are not counted."""

import pytest
from django.test import Client
from django.urls import reverse

from cardcollections.models import Card
from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(cv_catalog, alice, bob):
    cv = Game.objects.get(slug="chapter-and-verse")
    made = {
        "cv1": deck_create(
            owner=alice, game=cv, name="First", decklist="2 By Small Means (CV1) 900", visibility="public"
        ),
        "cv2": deck_create(
            owner=bob, game=cv, name="Reprint", decklist="1 By Small  means (CV2) 1", visibility="public"
        ),
        "other": deck_create(owner=bob, game=cv, name="Other", decklist="2 Verse 001", visibility="public"),
        "private": deck_create(owner=alice, game=cv, name="Hidden", decklist="2 By Small Means"),
        "unlisted": deck_create(owner=alice, game=cv, name="Link", decklist="2 By Small Means", visibility="unlisted"),
    }
    return made


def card(set_code: str, number: str) -> Card:
    return Card.objects.get(card_set__code=set_code, number=number)


def test_the_card_page_counts_public_decks_playing_any_printing_and_links_them(decks):
    page = Client().get(reverse("card-detail", args=[card("CV2", "1").pk])).content.decode()
    assert "2 public decks</a> play" in page
    listing = Client().get(reverse("deck-public"), {"card": card("CV2", "1").pk}).content.decode()
    assert "First" in listing and "Reprint" in listing
    assert "Other" not in listing and "Hidden" not in listing and "Link" not in listing


def test_a_card_no_public_deck_plays_says_so_and_a_list_change_counts(decks):
    verse = card("CV1", "2")
    assert "No public deck plays" in Client().get(reverse("card-detail", args=[verse.pk])).content.decode()
    deck_update(deck=decks["other"], decklist="2 Verse 002")
    assert "1 public deck</a> plays" in Client().get(reverse("card-detail", args=[verse.pk])).content.decode()


@pytest.mark.parametrize("value", ["abc", "-1", "99999999999999999999", "0"])
def test_an_unreadable_card_filter_is_ignored(decks, value):
    response = Client().get(reverse("deck-public"), {"card": value})
    assert response.status_code == 200 and "Other" in response.content.decode()


def test_the_api_lists_the_public_decks_playing_a_card(decks):
    body = Client().get(f"/api/v1/cards/{card('CV1', '900').pk}/decks/").json()
    assert body["count"] == 2 and {d["name"] for d in body["results"]} == {"First", "Reprint"}
    assert Client().get("/api/v1/cards/99999999999999/decks/").status_code == 404
    assert Client().get("/api/v1/cards/1/decks/", {"page": "x"}).status_code == 400
