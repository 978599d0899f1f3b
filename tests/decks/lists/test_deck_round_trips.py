"""A deck goes out and comes back as it was: its write-up travels with the JSON document, a card link may
name a printing of a hyphenated set, and a JSON list no page can echo is a 400, not a 500."""

import pytest

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.writeups import writeup_render
from decks.models import Deck
from tests.decks.conftest import cv_card
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db
CV = "chapter-and-verse"
WRITEUP = "Play [[Verse 001]] early."


def test_the_json_document_carries_the_write_up_back_through_the_api(cv_catalog, alice, token_alice):
    deck = deck_create(
        owner=alice, game=Game.objects.get(slug=CV), name="A", decklist=legal_cv_text(), description=WRITEUP
    )
    document = token_alice.get(f"/api/v1/decks/{deck.pk}/export/?as=json").json()
    assert document["description"] == WRITEUP
    response = token_alice.post("/api/v1/decks/import/", {"deck": document}, format="json")
    assert response.status_code == 201, response.content
    assert Deck.objects.get(pk=response.json()["id"]).description == WRITEUP


def test_the_import_page_reads_the_write_up_of_a_json_document(cv_catalog, alice, client):
    deck = deck_create(
        owner=alice, game=Game.objects.get(slug=CV), name="A", decklist=legal_cv_text(), description=WRITEUP
    )
    client.force_login(alice)
    exported = client.get(f"/decks/{deck.pk}/export.json").content.decode()
    response = client.post("/decks/import/", {"decklist": exported, "game": CV, "visibility": "private"})
    assert response.status_code == 302, response.content.decode()
    assert Deck.objects.exclude(pk=deck.pk).get().description == WRITEUP


def test_a_card_link_names_a_printing_of_a_set_whose_code_has_a_hyphen(db):
    catalog_load(
        document={
            "game": CV,
            "sets": [{"code": "CV-BLOG", "name": "Blog"}],
            "cards": [cv_card("CV-BLOG", "3", "Rememberance")],
        }
    )
    rendered = writeup_render("See [[Rememberance|CV-BLOG-3]].", game_slug=CV)
    assert 'class="card-link"' in rendered.html and "Rememberance" in rendered.html and not rendered.unknown


@pytest.mark.parametrize(
    "body",
    [
        '{"game": "chapter-and-verse", "cards": [{"title": "\\ud800", "count": 2}]}',
        '[{"title": "\\ud800", "count": 2}]',
    ],
)
def test_a_lone_surrogate_in_an_imported_json_list_is_a_400_naming_it(cv_catalog, alice, client, body):
    client.force_login(alice)
    response = client.post("/decks/import/", {"decklist": body, "game": CV, "visibility": "private"})
    assert response.status_code == 400 and "unpaired surrogate" in response.content.decode()
    assert not Deck.objects.exists()


@pytest.mark.parametrize("url", ["/decks/builder/panel/", "/decks/builder/save/"])
def test_a_lone_surrogate_in_the_builders_list_is_a_400(cv_catalog, alice, client, url):
    client.force_login(alice)
    cards = '[{"set": "C\\ud800", "number": "1", "title": "x", "count": 2}]'
    response = client.post(url, {"game": CV, "name": "N", "cards": cards}, HTTP_X_BUILDER="1")
    assert response.status_code == 400 and "lone surrogate" in response.content.decode()
    assert not Deck.objects.exists()
