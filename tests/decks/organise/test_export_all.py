"""Export all: every deck of mine in one zip of text lists, in folders; nobody else's."""

import io
import zipfile

import pytest
from django.test import Client

from decks.lists.services import deck_create
from decks.organise.services import deck_organise
from decks.organise.services import folder_create

pytestmark = pytest.mark.django_db


def files(content: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


@pytest.fixture
def decks(cv, alice, bob):
    spring = folder_create(owner=alice, name="Spring Open")
    drafts = folder_create(owner=alice, name="Drafts", parent=spring)
    a = deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n// Considering\n// 1 Pride Cycle\n")
    deck_organise(deck=a, folder=drafts)
    deck_create(owner=alice, game=cv, name="Faith", decklist="1 Verse 002\n")
    deck_create(owner=alice, game=cv, name="Faith", decklist="1 Verse 003\n")
    deck_organise(deck=deck_create(owner=alice, game=cv, name="Old", decklist="1 Verse 004\n"), archived=True)
    deck_create(owner=bob, game=cv, name="Bob's", decklist="1 Verse 005\n")


EXPECTED = {
    "spring-open/drafts/faith.txt": "2 Verse 001 (CV1) 1\n// Considering\n// 1 Pride Cycle (CV1) 901\n",
    "faith.txt": "1 Verse 002 (CV1) 2\n",
    "faith-2.txt": "1 Verse 003 (CV1) 3\n",
    "archived/old.txt": "1 Verse 004 (CV1) 4\n",
}


def test_the_page_downloads_every_deck_of_mine_in_its_folder(decks, alice):
    client = Client()
    client.force_login(alice)
    response = client.get("/decks/export-all.zip")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert "my-decks.zip" in response["Content-Disposition"]
    assert files(response.content) == EXPECTED


def test_the_api_downloads_the_same_zip_and_only_the_callers_decks(decks, alice, bob, api_as):
    response = api_as(alice, "token").get("/api/v1/decks/export-all/")
    assert response.status_code == 200 and files(response.content) == EXPECTED
    assert list(files(api_as(bob, "token").get("/api/v1/decks/export-all/").content)) == ["bobs.txt"]


def test_anonymous_visitors_get_no_zip(decks):
    assert Client().get("/decks/export-all.zip").status_code == 302
    assert Client().get("/api/v1/decks/export-all/").status_code == 401
