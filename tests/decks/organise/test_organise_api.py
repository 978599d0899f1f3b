"""Folders, tags and archiving through the API: what the owner sees change. Who may: test_deck_api_ownership.py."""

import pytest

from decks.lists.services import deck_create
from decks.models import DeckTag
from decks.organise.services import deck_organise
from decks.organise.services import folder_create

pytestmark = pytest.mark.django_db
CV = "chapter-and-verse"
URL = "/api/v1/decks/"


def names(response) -> set[str]:
    assert response.status_code == 200, response.content[:300]
    return {d["name"] for d in response.json()["results"]}


def test_tags_are_stored_in_lower_case_once_and_filter_both_lists(token_alice, alice, bob, cv):
    deck = deck_create(owner=alice, game=cv, name="Faith", visibility="public")
    other = deck_create(owner=alice, game=cv, name="Other", visibility="public")
    response = token_alice.put(
        f"{URL}{deck.pk}/organise/", {"tags": [" Aggro  Faith", "aggro faith", "budget"]}, format="json"
    )
    assert response.status_code == 200 and response.json()["tags"] == ["aggro faith", "budget"]
    assert names(token_alice.get(URL, {"tag": "AGGRO faith"})) == {"Faith"}
    assert names(token_alice.get(URL, {"scope": "public", "tag": "budget"})) == {"Faith"}
    assert names(token_alice.get(URL)) == {"Faith", "Other"}
    assert other.pk and names(token_alice.get(URL, {"scope": "public", "tag": "nothing"})) == set()


@pytest.mark.parametrize(
    ("tags", "field"),
    [
        (["a,b"], "tags"),
        (["x\x00"], "tags[0]"),
        (["x" * 41], "tags[0]"),
        ([str(i) for i in range(21)], "tags"),
        ("one", "tags"),
    ],
)
def test_it_refuses_tags_it_cannot_store_naming_the_field(token_alice, alice, cv, tags, field):
    deck = deck_create(owner=alice, game=cv, name="Faith")
    response = token_alice.put(f"{URL}{deck.pk}/organise/", {"tags": tags}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert not DeckTag.objects.exists()


def test_an_archived_deck_leaves_the_lists_but_still_opens(token_alice, alice, cv, api_as, charlie):
    deck = deck_create(owner=alice, game=cv, name="Old", visibility="public")
    deck_create(owner=alice, game=cv, name="New", visibility="public")
    assert token_alice.put(f"{URL}{deck.pk}/organise/", {"archived": True}, format="json").json()["archived"] is True
    assert names(token_alice.get(URL)) == {"New"}
    assert names(token_alice.get(URL, {"archived": "true"})) == {"Old"}
    assert names(api_as(charlie, "token").get(URL, {"scope": "public"})) == {"New"}
    assert api_as(charlie, "token").get(f"{URL}{deck.pk}/").status_code == 200


def test_my_decks_filter_by_folder_with_its_subfolders_and_by_format(token_alice, alice, cv):
    top = folder_create(owner=alice, name="Tournaments")
    sub = folder_create(owner=alice, name="Spring", parent=top)
    deck_organise(deck=deck_create(owner=alice, game=cv, name="A", format_slug="advanced"), folder=top)
    deck_organise(deck=deck_create(owner=alice, game=cv, name="B", format_slug="basic"), folder=sub)
    deck_create(owner=alice, game=cv, name="C", format_slug="basic")
    assert names(token_alice.get(URL, {"folder": top.pk})) == {"A", "B"}
    assert names(token_alice.get(URL, {"folder": sub.pk})) == {"B"}
    assert names(token_alice.get(URL, {"deck_format": "basic"})) == {"B", "C"}
    folders = token_alice.get("/api/v1/deck-folders/").json()
    assert [(f["name"], f["parent"]) for f in folders] == [("Tournaments", None), ("Spring", top.pk)]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"folder": "1e999"}, "folder"),
        ({"folder": "9" * 40}, "folder"),
        ({"tag": "x" * 41}, "tag"),
        ({"scope": "public", "folder": "1"}, "folder"),
        ({"deck_format": "x" * 61}, "deck_format"),
    ],
)
def test_hostile_filters_are_a_400_naming_the_parameter(token_alice, cv, query, field):
    response = token_alice.get(URL, query)
    assert response.status_code == 400 and response.json()["field"] == field


def test_a_folder_name_is_unique_where_it_sits(token_alice, alice, cv):
    assert token_alice.post("/api/v1/deck-folders/", {"name": "Drafts"}, format="json").status_code == 201
    again = token_alice.post("/api/v1/deck-folders/", {"name": " Drafts "}, format="json")
    assert again.status_code == 400 and again.json()["field"] == "name"
