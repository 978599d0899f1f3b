"""The builder's considering board: posted beside the working list, shown apart, never validated, saved."""

import json

import pytest

from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.models import Deck
from decks.models import DeckVersion
from tests.decks.builder.test_builder_page import legal_state
from tests.decks.builder.test_builder_page import post_panel
from tests.decks.builder.test_builder_page import post_save
from tests.decks.builder.test_builder_page import working_list

pytestmark = pytest.mark.django_db

BOARD = [{"set": "CV1", "number": "901", "title": "Pride Cycle", "count": 3}]


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")


def test_the_panel_shows_the_board_apart_and_leaves_it_out_of_the_count_and_verdict(client, cv, alice):
    client.force_login(alice)
    html = post_panel(client, working_list(40), considering=json.dumps(BOARD)).content.decode()
    assert legal_state(html) == "true"  # 40 cards: the 3 candidates would make it 43
    assert 'data-count="40"' in html
    board = html.split('id="deck-board"', 1)[1]
    assert 'data-count="3"' in board and "Pride Cycle" in board and "To the deck" in board


def test_saving_stores_the_board_as_a_new_version_and_the_edit_page_brings_it_back(client, cv, alice):
    client.force_login(alice)
    post_save(client, working_list(40))
    deck = Deck.objects.get(owner=alice)
    response = post_save(client, working_list(40), deck=deck, considering=json.dumps(BOARD))
    assert response.status_code == 200 and response["X-Deck-Version"] == "2"
    deck.refresh_from_db()
    assert [(e["title"], e["count"]) for e in deck.considering] == [("Pride Cycle", 3)] and deck.legal
    assert DeckVersion.objects.get(deck=deck, number=2).considering == deck.considering
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    field = page.split('id="deck-considering" value="', 1)[1].split('"', 1)[0]
    assert "Pride Cycle" in field.replace("&quot;", '"')


def test_a_save_without_the_board_field_keeps_the_stored_board(client, cv, alice):
    client.force_login(alice)
    deck = deck_create(owner=alice, game=cv, name="Faith", cards=working_list(4), considering=BOARD)
    post_save(client, working_list(6), deck=deck)
    deck.refresh_from_db()
    assert deck.card_count == 6 and deck.considering[0]["count"] == 3


def test_a_board_that_is_not_a_list_is_a_400_naming_the_board(client, cv, alice):
    client.force_login(alice)
    response = post_panel(client, working_list(4), considering="{nope")
    assert response.status_code == 400
    assert "considering board" in response.content.decode()
