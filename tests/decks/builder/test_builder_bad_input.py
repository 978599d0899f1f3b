"""Bad input to the deck builder and the import page: a 4xx naming the problem, never a 500, nothing saved.

NUL bytes and lone surrogates cannot be stored (PostgreSQL refuses NUL; UTF-8 cannot
encode a surrogate), so they must be refused before any query: run these on
PostgreSQL too (DATABASE_URL), where they were 500s.
"""

import io
import json

import pytest

from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.models import Deck
from decks.models import DeckVersion
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db

PANEL = "/decks/builder/panel/"
SAVE = "/decks/builder/save/"
NUL = "\x00"


@pytest.fixture
def signed_in(client, cv_catalog, alice):
    client.force_login(alice)
    return client


def save_fields(**changes) -> dict:
    return {
        "game": "chapter-and-verse",
        "format": "advanced",
        "name": "Faith",
        "description": "",
        "visibility": "private",
        "cards": "[]",
        **changes,
    }


@pytest.mark.parametrize(
    "changes",
    [
        {"name": f"Faith{NUL}"},
        {"description": f"A{NUL}B"},
        {"format": f"advanced{NUL}"},
        {"format": NUL},
    ],
    ids=["name", "description", "format", "format-only-nul"],
)
def test_it_refuses_a_nul_byte_in_a_new_decks_fields_with_a_400(signed_in, changes):
    response = signed_in.post(SAVE, save_fields(**changes), HTTP_X_BUILDER="1")
    assert response.status_code == 400
    assert not Deck.objects.exists() and not DeckVersion.objects.exists()


def test_it_refuses_a_nul_byte_when_saving_an_existing_deck_and_changes_nothing(signed_in, alice):
    cv = Game.objects.get(slug="chapter-and-verse")
    deck = deck_create(owner=alice, game=cv, name="Kept", decklist=legal_cv_text())
    for changes in ({"name": f"X{NUL}"}, {"description": NUL}, {"format": NUL}):
        fields = save_fields(deck=str(deck.pk), version=str(deck.version), **changes)
        response = signed_in.post(SAVE, fields, HTTP_X_BUILDER="1")
        assert response.status_code == 400, changes
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.version, deck.card_count) == ("Kept", "", 1, 40)
    assert DeckVersion.objects.filter(deck=deck).count() == 1


def test_a_nul_byte_in_the_game_or_format_is_a_400_naming_the_field_and_saves_nothing(signed_in):
    # A NUL in any page form field is refused before the view (cardsite.request_guards.RefuseNulInForms).
    for field, value in (("game", NUL), ("format", f"x{NUL}")):
        for url in (SAVE, PANEL):
            response = signed_in.post(url, save_fields(**{field: value}), HTTP_X_BUILDER="1")
            assert response.status_code == 400, (url, field)
            assert f"'{field}' contains a NUL byte".encode() in response.content
    # The new-deck page falls back to the first game, as for any unknown one.
    # A NUL in any query is refused in one place (cardsite.request_guards), before the builder reads it.
    assert signed_in.get("/decks/new/", {"game": NUL}).status_code == 400
    assert not Deck.objects.exists()


def test_it_refuses_a_working_list_nested_deeper_than_python_can_read_with_a_400(signed_in):
    nested = "[" * 100_000 + "]" * 100_000
    for url in (PANEL, SAVE):
        response = signed_in.post(url, save_fields(cards=nested[:199_998]), HTTP_X_BUILDER="1")
        assert response.status_code == 400, url
        assert b"not valid JSON" in response.content
    assert not Deck.objects.exists()


def test_an_imported_json_file_whose_name_cannot_be_stored_is_a_400_and_saves_nothing(signed_in):
    document = {"game": "chapter-and-verse", "name": "Bad \ud800 name", "cards": [{"title": "Verse 001", "count": 2}]}
    upload = io.BytesIO(json.dumps(document).encode())  # json.dumps writes the surrogate as \ud800
    upload.name = "deck.json"
    response = signed_in.post("/decks/import/", {"file": upload, "visibility": "private"})
    assert response.status_code == 400
    assert b"lone surrogates" in response.content
    assert not Deck.objects.exists()


def test_an_imported_json_file_whose_format_cannot_be_stored_is_a_400_and_saves_nothing(signed_in):
    document = {"game": "chapter-and-verse", "format": "adv\ud800", "cards": [{"title": "Verse 001", "count": 2}]}
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "deck.json"
    response = signed_in.post("/decks/import/", {"file": upload, "visibility": "private"})
    assert response.status_code == 400
    assert not Deck.objects.exists()
