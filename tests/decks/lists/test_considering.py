"""The considering board: stored beside the list, versioned, exported and imported, ignored by validation."""

import pytest

from decks.exceptions import DeckRequestError
from decks.lists.selectors import deck_document
from decks.lists.selectors import deck_export_text
from decks.lists.services import DeckListError
from decks.lists.services import deck_clone
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.models import DeckVersion
from rules.decklist.parse import parse_decklist
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db

CV = "chapter-and-verse"
URL = "/api/v1/decks/"


def counts(entries):
    return [(e["title"], e["count"]) for e in entries]


def test_it_reads_the_board_from_a_text_list_and_leaves_the_main_list_and_its_verdict_alone(alice, cv):
    text = legal_cv_text() + "\n// Considering\n// 3 Pride Cycle\n// 1 Verse 060\n"
    deck = deck_create(owner=alice, game=cv, name="Faith", decklist=text)
    plain = deck_create(owner=alice, game=cv, name="Plain", decklist=legal_cv_text())
    assert counts(deck.considering) == [("Pride Cycle", 3), ("Verse 060", 1)]
    assert deck.cards == plain.cards and deck.card_count == plain.card_count
    assert deck.legal and deck.validation == plain.validation


def test_export_writes_the_board_as_comments_so_the_spec_reads_only_the_main_list(alice, cv):
    deck = deck_create(
        owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n", considering=[{"title": "Pride Cycle", "count": 1}]
    )
    text = deck_export_text(deck)
    assert text == "2 Verse 001 (CV1) 1\n// Considering\n// 1 Pride Cycle (CV1) 901\n"
    assert [(e.count, e.title) for e in parse_decklist(text).entries] == [(2, "Verse 001")]
    again = deck_create(owner=alice, game=cv, name="Again", decklist=text)
    assert deck_export_text(again) == text
    assert deck_document(deck)["considering"] == [{"set": "CV1", "number": "901", "title": "Pride Cycle", "count": 1}]


def test_a_board_change_alone_is_a_new_version_and_each_version_keeps_its_board(alice, cv):
    deck = deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n")
    deck = deck_update(deck=deck, considering=[{"title": "Verse 002", "count": 2}])
    assert deck.version == 2
    deck = deck_update(deck=deck, decklist="2 Verse 001\n")  # no board section: the board stays
    assert deck.version == 2 and counts(deck.considering) == [("Verse 002", 2)]
    deck = deck_update(deck=deck, considering=[])
    boards = {v.number: counts(v.considering) for v in DeckVersion.objects.filter(deck=deck)}
    assert boards == {1: [], 2: [("Verse 002", 2)], 3: []}


def test_it_refuses_an_unknown_card_on_the_board_naming_the_board(alice, cv):
    with pytest.raises(DeckListError) as caught:
        deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n// Considering\n// 1 Verse 999\n")
    assert caught.value.field == "considering"
    assert [f.to_dict()["line"] for f in caught.value.findings] == [3]
    with pytest.raises(DeckRequestError) as caught:
        deck_create(owner=alice, game=cv, name="Faith", considering="3 Pride Cycle")
    assert caught.value.field == "considering"


def test_a_copy_keeps_the_board(alice, bob, cv):
    deck = deck_create(owner=alice, game=cv, name="Faith", considering=[{"title": "Pride Cycle", "count": 1}])
    assert counts(deck_clone(deck=deck, owner=bob).considering) == [("Pride Cycle", 1)]


def test_the_api_takes_and_answers_the_board_and_versions_show_it(token_alice, cv):
    body = {"game": CV, "name": "Faith", "cards": [{"title": "Verse 001", "count": 2}]}
    body["considering"] = [{"title": "Pride Cycle", "count": 1}]
    created = token_alice.post(URL, body, format="json").json()
    assert counts(created["considering"]) == [("Pride Cycle", 1)]
    url = f"{URL}{created['id']}/"
    response = token_alice.patch(url, {"considering": [{"title": "Pride Cycle", "count": 0}]}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "considering"
    assert token_alice.patch(url, {"considering": []}, format="json").json()["considering"] == []
    versions = token_alice.get(f"{url}versions/").json()["results"]
    assert [(v["number"], counts(v["considering"])) for v in versions] == [(2, []), (1, [("Pride Cycle", 1)])]
    assert created["links"]["organise"].endswith(f"/api/v1/decks/{created['id']}/organise/")


def test_the_api_imports_and_exports_the_board_as_text_and_json(token_alice, cv):
    text = "2 Verse 001\n// Considering\n// 1 Pride Cycle\n"
    created = token_alice.post(f"{URL}import/", {"game": CV, "decklist": text}, format="json").json()
    exported = token_alice.get(f"{URL}{created['id']}/export/?as=text").content.decode()
    assert exported == "2 Verse 001 (CV1) 1\n// Considering\n// 1 Pride Cycle (CV1) 901\n"
    document = token_alice.get(f"{URL}{created['id']}/export/?as=json").json()
    again = token_alice.post(f"{URL}import/", {"deck": document}, format="json").json()
    assert counts(again["considering"]) == [("Pride Cycle", 1)]
    bad = {**document, "considering": [{"title": "Pride Cycle", "count": "x"}]}
    response = token_alice.post(f"{URL}import/", {"deck": bad}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "deck.considering[0].count"


def test_the_import_page_reads_the_board_of_a_json_file(alice, cv):
    from django.test import Client

    browser = Client()
    browser.force_login(alice)
    document = '{"game": "chapter-and-verse", "name": "J", "cards": [{"title": "Verse 001", "count": 1}], '
    document += '"considering": [{"title": "Pride Cycle", "count": 2}]}'
    response = browser.post("/decks/import/", {"decklist": document})
    assert response.status_code == 302
    deck = alice.decks.get(name="J")
    assert counts(deck.considering) == [("Pride Cycle", 2)]
    assert "// 2 Pride Cycle" in browser.get(f"/decks/{deck.pk}/export.txt").content.decode()


def test_the_deck_page_and_a_versions_page_show_the_board_apart(alice, cv):
    from django.test import Client

    deck = deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n// Considering\n// 1 Pride Cycle\n")
    deck_update(deck=deck, considering=[])
    browser = Client()
    browser.force_login(alice)
    first = browser.get(f"/decks/{deck.pk}/versions/", {"v": 1}).content.decode()
    assert "Pride Cycle" in first.split('class="deck-considering"', 1)[1]
    assert 'class="deck-considering"' not in browser.get(f"/decks/{deck.pk}/versions/", {"v": 2}).content.decode()
    assert 'class="deck-considering"' not in browser.get(f"/decks/{deck.pk}/").content.decode()
