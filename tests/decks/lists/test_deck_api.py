"""The saved-deck API (/api/v1/decks/): what each endpoint does for its users.

Who may do what on whose deck is tests/decks/lists/test_deck_api_ownership.py.
"""

import pytest
from rest_framework.test import APIClient

from cardcollections.catalog.services import catalog_load
from cardcollections.collection.services import collection_change
from cardcollections.models import Card
from cardcollections.models import Game
from decks.lists import services
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckVersion
from tests.decks.conftest import cv_card
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db

URL = "/api/v1/decks/"
CV = "chapter-and-verse"


def make(owner, game, name="Faith", text="2 Verse 001\n", **kwargs):
    return deck_create(owner=owner, game=game, name=name, decklist=text, **kwargs)


# ---------------------------------------------------------------- create
def test_it_saves_a_deck_from_text_and_answers_the_whole_deck(token_alice, cv, alice):
    body = {"game": CV, "name": " Spring faith ", "decklist": legal_cv_text(), "visibility": "unlisted"}
    response = token_alice.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    deck = Deck.objects.get(pk=data["id"])
    assert deck.owner == alice and deck.name == "Spring faith" and deck.visibility == "unlisted"
    assert data["name"] == "Spring faith" and data["owner"] == "alice" and data["game"] == CV
    assert data["format"] == "advanced" and data["version"] == 1 and data["card_count"] == 40
    assert data["legal"] is True and data["validation"]["legal"] is True and data["validation"]["errors"] == []
    assert data["cards"][0] == {"set": "CV1", "number": "1", "title": "Verse 001", "count": 2}
    assert data["built"] is False and data["built_at"] is None and data["cloned_from"] is None
    assert data["links"]["self"].endswith(f"/api/v1/decks/{deck.pk}/")
    assert data["links"]["export_text"].endswith(f"/api/v1/decks/{deck.pk}/export/?as=text")
    assert token_alice.get(data["links"]["validation"]).status_code == 200


def test_it_saves_an_illegal_deck_with_its_findings(token_alice, cv):
    response = token_alice.post(
        URL, {"game": CV, "name": "Short", "cards": [{"title": "Verse 001", "count": 4}]}, "json"
    )
    assert response.status_code == 201
    codes = {f["code"] for f in response.json()["validation"]["errors"]}
    assert codes == {"deck-too-small", "too-many-copies"} and response.json()["legal"] is False


def test_it_saves_an_empty_deck_when_no_list_is_given(token_alice, cv):
    response = token_alice.post(URL, {"game": CV, "name": "Empty for now"}, format="json")
    assert response.status_code == 201 and response.json()["cards"] == [] and response.json()["card_count"] == 0


def test_unknown_cards_are_a_400_listing_every_one_and_nothing_is_saved(token_alice, cv):
    text = "2 Verse 001\n3 Bye Small Means\nwhat is this\n1 Nonesuch\n"
    response = token_alice.post(URL, {"game": CV, "name": "Bad", "decklist": text}, format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["field"] == "decklist" and data["message"]
    assert [(f["code"], f["line"]) for f in data["findings"]] == [
        ("unknown-card", 2),
        ("unparseable-line", 3),
        ("unknown-card", 4),
    ]
    assert "By Small Means" in data["findings"][0]["suggestions"]
    cards = [{"title": "Verse 001", "count": 1}, {"title": "Nope", "count": 1}]
    data = token_alice.post(URL, {"game": CV, "name": "Bad", "cards": cards}, format="json").json()
    assert data["field"] == "cards" and data["findings"][0]["index"] == 1
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "x"}, "game"),
        ({"game": "chess", "name": "x"}, "game"),
        ({"game": CV}, "name"),
        ({"game": CV, "name": "   "}, "name"),
        ({"game": CV, "name": "x" * 121}, "name"),
        ({"game": CV, "name": 7}, "name"),
        ({"game": CV, "name": "x", "format": "nope"}, "format"),
        ({"game": CV, "name": "x", "visibility": "secret"}, "visibility"),
        ({"game": CV, "name": "x", "decklist": "1 Verse 001", "cards": []}, "decklist"),
        ({"game": CV, "name": "x", "cards": [{"title": "Verse 001"}]}, "cards"),
        ({"game": CV, "name": "x", "cards": "1 Verse 001"}, "cards"),
        ({"game": CV, "name": "x", "colour": "red"}, "colour"),
    ],
)
def test_a_malformed_create_is_a_400_naming_the_field(token_alice, cv, body, field):
    response = token_alice.post(URL, body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field and response.json()["message"]
    assert not Deck.objects.exists()


def test_a_body_that_is_not_an_object_is_a_400(token_alice, cv):
    assert token_alice.post(URL, [1, 2], format="json").status_code == 400
    assert token_alice.post(URL, "{nope", content_type="application/json").status_code == 400


# ---------------------------------------------------------------- list
def test_it_lists_only_my_decks_newest_change_first(token_alice, cv, alice, bob):
    first = make(alice, cv, "First")
    make(alice, cv, "Second")
    make(bob, cv, "Bob's", visibility="public")
    deck_update(deck=first, name="First, renamed")
    data = token_alice.get(URL).json()
    assert data["count"] == 2
    assert [d["name"] for d in data["results"]] == ["First, renamed", "Second"]
    assert "cards" not in data["results"][0] and data["results"][0]["owner"] == "alice"


def test_it_filters_by_game_and_built(token_alice, cv, bb_catalog, alice):
    make(alice, cv, "Verses")
    make(alice, Game.objects.get(slug="bible-battles"), "Flock", text="3 Shepherd\n")
    built = make(alice, cv, "On the table")
    deck_set_built(deck=built, built=True)
    assert [d["name"] for d in token_alice.get(URL, {"game": "bible-battles"}).json()["results"]] == ["Flock"]
    assert [d["name"] for d in token_alice.get(URL, {"built": "true"}).json()["results"]] == ["On the table"]
    assert token_alice.get(URL, {"built": "false", "game": CV}).json()["count"] == 1


def test_everyone_sees_public_decks_with_scope_public_even_anonymously(cv, alice, bob):
    make(alice, cv, "Alice public", visibility="public")
    make(alice, cv, "Alice unlisted", visibility="unlisted")
    make(bob, cv, "Bob private")
    data = APIClient().get(URL, {"scope": "public"}).json()
    assert [d["name"] for d in data["results"]] == ["Alice public"]


def test_a_list_is_paged(token_alice, cv, alice):
    for i in range(5):
        make(alice, cv, f"Deck {i}")
    data = token_alice.get(URL, {"page_size": 2, "page": 2}).json()
    assert data["count"] == 5 and len(data["results"]) == 2 and data["next"] and data["previous"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"game": "chess"}, "game"),
        ({"scope": "everyone"}, "scope"),
        ({"built": "maybe"}, "built"),
        ({"page_size": "500"}, "page_size"),
        ({"page": "0"}, "page"),
    ],
)
def test_an_unknown_parameter_or_value_is_a_400_naming_it(token_alice, cv, query, field):
    response = token_alice.get(URL, query)
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_a_repeated_parameter_is_a_400(token_alice, cv):
    response = token_alice.get(URL + "?game=chapter-and-verse&game=bible-battles")
    assert response.status_code == 400 and response.json()["field"] == "game"


@pytest.mark.parametrize("auth", ["token", "session"])
def test_the_list_costs_a_fixed_number_of_queries(cv, alice, bob, api_as, auth, django_assert_max_num_queries):
    for i in range(25):
        make(alice, cv, f"Deck {i}", visibility="public")
        make(bob, cv, f"Bob {i}", visibility="public")
    client = api_as(alice, auth)
    with django_assert_max_num_queries(5):
        assert len(client.get(URL).json()["results"]) == 25
    with django_assert_max_num_queries(5):
        assert client.get(URL, {"scope": "public", "page_size": 60}).json()["count"] == 50


# ---------------------------------------------------------------- detail, change, delete
def test_it_changes_a_deck_and_keeps_the_previous_list_as_a_version(token_alice, cv, alice):
    deck = make(alice, cv)
    url = f"{URL}{deck.pk}/"
    response = token_alice.patch(url, {"name": "Renamed", "visibility": "public"}, format="json")
    assert response.status_code == 200
    assert response.json()["name"] == "Renamed" and response.json()["version"] == 1
    response = token_alice.patch(url, {"decklist": legal_cv_text(), "version": 1}, format="json")
    assert response.status_code == 200
    assert response.json()["version"] == 2 and response.json()["legal"] is True
    assert list(DeckVersion.objects.filter(deck=deck).values_list("number", "card_count")) == [(2, 40), (1, 2)]
    response = token_alice.patch(url, {"format": "basic"}, format="json")
    assert response.json()["format"] == "basic" and response.json()["version"] == 3


def test_a_stale_save_is_a_409_and_changes_nothing(token_alice, cv, alice):
    deck = make(alice, cv)
    deck_update(deck=deck, decklist="3 Verse 002\n")  # saved in another tab: now version 2
    response = token_alice.patch(f"{URL}{deck.pk}/", {"decklist": "1 Verse 003\n", "version": 1}, format="json")
    assert response.status_code == 409
    assert response.json()["field"] == "version" and response.json()["version"] == 2
    deck.refresh_from_db()
    assert deck.version == 2 and deck.cards[0]["title"] == "Verse 002"


def test_a_change_with_unknown_cards_is_a_400_and_changes_nothing(token_alice, cv, alice):
    deck = make(alice, cv)
    response = token_alice.patch(f"{URL}{deck.pk}/", {"name": "New", "decklist": "1 Nonesuch\n"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "decklist" and response.json()["findings"][0]["line"] == 1
    deck.refresh_from_db()
    assert deck.name == "Faith" and deck.version == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"version": 0}, "version"),
        ({"version": "one"}, "version"),
        ({"name": ""}, "name"),
        ({"game": "bible-battles"}, "game"),
        ({"owner": "bob"}, "owner"),
        ({"visibility": None}, "visibility"),
    ],
)
def test_a_malformed_change_is_a_400_naming_the_field(token_alice, cv, alice, body, field):
    deck = make(alice, cv)
    response = token_alice.patch(f"{URL}{deck.pk}/", body, format="json")
    assert response.status_code == 400 and response.json()["field"] == field
    deck.refresh_from_db()
    assert deck.name == "Faith"


def test_it_deletes_a_deck_with_its_versions(token_alice, cv, alice):
    deck = make(alice, cv)
    assert token_alice.delete(f"{URL}{deck.pk}/").status_code == 204
    assert not Deck.objects.exists() and not DeckVersion.objects.exists()
    assert token_alice.get(f"{URL}{deck.pk}/").status_code == 404


# ---------------------------------------------------------------- import and export
def test_it_imports_a_text_list(token_alice, cv):
    text = "# spring\n2x Verse 001\n1 By Small Means (CV2)\n"
    response = token_alice.post(f"{URL}import/", {"game": CV, "decklist": text, "name": "Imported"}, format="json")
    assert response.status_code == 201
    assert response.json()["card_count"] == 3 and response.json()["name"] == "Imported"


def test_it_imports_a_json_deck_document(token_alice, cv):
    doc = {
        "game": CV,
        "name": "Spring faith",
        "format": "basic",
        "cards": [{"title": "Verse 001", "count": 3}, {"set": "CV1", "number": "2", "count": 1}],
    }
    response = token_alice.post(f"{URL}import/", {"deck": doc}, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert (data["name"], data["format"], data["card_count"], data["visibility"]) == (
        "Spring faith",
        "basic",
        4,
        "private",
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"deck": {"game": CV, "cards": [{"title": "Verse 001", "count": 1}, {"count": 1}]}}, "deck.cards[1]"),
        ({"deck": {"game": CV, "cards": [{}, {}, {"title": "Verse 001", "count": "3"}]}}, "deck.cards[0]"),
        (
            {"deck": {"game": CV, "cards": [{"title": "Verse 001", "count": 1}] * 2 + [{"title": "V", "count": "3"}]}},
            "deck.cards[2].count",
        ),
        ({"deck": {"game": CV, "cards": [{"title": 5, "count": 1}]}}, "deck.cards[0].title"),
        ({"deck": {"game": CV}}, "deck.cards"),
        ({"deck": {"game": CV, "cards": {}}}, "deck.cards"),
        ({"deck": {"game": "chess", "cards": []}}, "deck.game"),
        ({"deck": {"cards": []}}, "game"),
        ({"game": "bible-battles", "deck": {"game": CV, "cards": []}}, "deck.game"),
        ({"deck": {"game": CV, "name": 3, "cards": []}}, "deck.name"),
        ({"deck": {"game": CV, "cards": [], "author": "me"}}, "deck.author"),
        ({"deck": {"game": CV, "name": "x" * 121, "cards": []}}, "deck.name"),
        ({"deck": {"game": CV, "description": "a\x00b", "cards": []}}, "deck.description"),
        ({"deck": {"game": CV, "format": "nope", "cards": []}}, "deck.format"),
        ({"format": "nope", "deck": {"game": CV, "format": "basic", "cards": []}}, "format"),
        ({"deck": [1]}, "deck"),
        ({"decklist": "1 Verse 001"}, "game"),
        ({"game": CV}, "decklist"),
        ({"game": CV, "decklist": "1 Verse 001", "deck": {"cards": []}}, "decklist"),
        ({"game": CV, "decklist": "1 Verse 001", "format": "nope"}, "format"),
    ],
)
def test_a_bad_import_names_the_json_path_and_saves_nothing(token_alice, cv, body, field):
    response = token_alice.post(f"{URL}import/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field, response.json()
    assert not Deck.objects.exists()


def test_unknown_cards_in_a_document_are_listed_with_their_paths(token_alice, cv):
    doc = {"game": CV, "cards": [{"title": "Verse 001", "count": 1}, {"title": "Bye Small Means", "count": 2}]}
    data = token_alice.post(f"{URL}import/", {"deck": doc}, format="json").json()
    assert data["field"] == "deck.cards"
    assert [(f["code"], f["index"], f["path"]) for f in data["findings"]] == [("unknown-card", 1, "deck.cards[1]")]
    assert not Deck.objects.exists()


def test_it_exports_the_canonical_text_and_the_json_document(token_alice, cv, alice):
    deck = make(alice, cv, text="1 by small means (CV2) 1\n2 Verse 002\n1 Verse 001\n")
    response = token_alice.get(f"{URL}{deck.pk}/export/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == "1 By Small  means (CV2) 1\n1 Verse 001 (CV1) 1\n2 Verse 002 (CV1) 2\n"
    assert token_alice.get(f"{URL}{deck.pk}/export/", HTTP_ACCEPT="text/plain").status_code == 200
    data = token_alice.get(f"{URL}{deck.pk}/export/", {"as": "json"}).json()
    assert data == {
        "game": CV,
        "name": "Faith",
        "format": "advanced",
        "cards": [
            {"set": "CV2", "number": "1", "title": "By Small  means", "count": 1},
            {"set": "CV1", "number": "1", "title": "Verse 001", "count": 1},
            {"set": "CV1", "number": "2", "title": "Verse 002", "count": 2},
        ],
    }
    assert token_alice.get(f"{URL}{deck.pk}/export/", {"as": "pdf"}).json()["field"] == "as"


def test_export_import_export_gives_the_same_text(token_alice, cv, alice):
    deck = make(alice, cv, text="3 Verse 010\n1 by small means\n1 By Small Means (CV2)\n2 Verse 001\n")
    text = token_alice.get(f"{URL}{deck.pk}/export/").content.decode()
    again = token_alice.post(f"{URL}import/", {"game": CV, "decklist": text}, format="json").json()
    assert token_alice.get(f"{URL}{again['id']}/export/").content.decode() == text
    doc = token_alice.get(f"{URL}{deck.pk}/export/", {"as": "json"}).json()
    from_json = token_alice.post(f"{URL}import/", {"deck": doc}, format="json").json()
    assert from_json["cards"] == doc["cards"] and from_json["name"] == "Faith"
    assert token_alice.get(f"{URL}{from_json['id']}/export/").content.decode() == text


# ---------------------------------------------------------------- versions and comparisons
def test_versions_show_each_list_and_what_changed(token_alice, cv, alice):
    deck = make(alice, cv, text="2 Verse 001\n1 Verse 002\n")
    deck_update(deck=deck, decklist="3 Verse 001\n1 Verse 003\n")
    data = token_alice.get(f"{URL}{deck.pk}/versions/").json()
    assert data["count"] == 2 and [v["number"] for v in data["results"]] == [2, 1]
    latest, first = data["results"]
    assert latest["changes"]["added"] == [
        {"title": "Verse 001", "before": 2, "after": 3, "delta": 1},
        {"title": "Verse 003", "before": 0, "after": 1, "delta": 1},
    ]
    assert latest["changes"]["removed"] == [{"title": "Verse 002", "before": 1, "after": 0, "delta": -1}]
    assert [c["title"] for c in first["changes"]["added"]] == ["Verse 001", "Verse 002"]
    # A page's oldest version is still compared with the one before it.
    page = token_alice.get(f"{URL}{deck.pk}/versions/", {"page_size": 1}).json()
    assert page["results"][0]["changes"] == latest["changes"]
    one = token_alice.get(f"{URL}{deck.pk}/versions/1/").json()
    assert one["number"] == 1 and one["card_count"] == 3 and one["cards"][1]["title"] == "Verse 002"
    assert token_alice.get(f"{URL}{deck.pk}/versions/2/").json()["changes"] == latest["changes"]
    assert token_alice.get(f"{URL}{deck.pk}/versions/3/").status_code == 404
    assert token_alice.get(f"{URL}{deck.pk}/versions/99999999999999999999/").status_code == 404


def test_versions_past_the_kept_ones_are_gone_and_the_oldest_kept_has_no_changes(token_alice, cv, alice, monkeypatch):
    monkeypatch.setattr(services, "MAX_VERSIONS", 2)
    deck = make(alice, cv, text="1 Verse 001\n")
    for copies in (2, 3):
        deck_update(deck=deck, decklist=f"{copies} Verse 001\n")
    data = token_alice.get(f"{URL}{deck.pk}/versions/").json()
    assert data["count"] == 2 and [v["number"] for v in data["results"]] == [3, 2]
    assert data["results"][1]["changes"] is None and data["results"][0]["changes"]["added"][0]["delta"] == 1
    assert token_alice.get(f"{URL}{deck.pk}/versions/2/").json()["changes"] is None
    assert token_alice.get(f"{URL}{deck.pk}/versions/1/").status_code == 404


def test_it_compares_two_decks_and_their_versions(token_alice, cv, alice, bob):
    mine = make(alice, cv, text="2 Verse 001\n1 Verse 002\n")
    deck_update(deck=mine, decklist="2 Verse 001\n")
    theirs = make(bob, cv, text="2 Verse 001\n3 Verse 004\n", visibility="unlisted")
    data = token_alice.get(f"{URL}{mine.pk}/compare/", {"with": str(theirs.pk)}).json()
    assert data["same"] is False and data["deck"]["version"] == 2 and data["with"]["name"] == "Faith"
    assert data["changes"]["added"] == [{"title": "Verse 004", "before": 0, "after": 3, "delta": 3}]
    assert data["changes"]["removed"] == []
    old = token_alice.get(f"{URL}{mine.pk}/compare/", {"with": str(mine.pk), "version": 1}).json()
    assert old["deck"]["version"] == 1 and old["changes"]["removed"] == [
        {"title": "Verse 002", "before": 1, "after": 0, "delta": -1}
    ]
    same = token_alice.get(f"{URL}{mine.pk}/compare/", {"with": str(mine.pk)}).json()
    assert same["same"] is True
    missing = token_alice.get(f"{URL}{mine.pk}/compare/", {"with": str(mine.pk), "with_version": 7})
    assert missing.status_code == 404
    assert token_alice.get(f"{URL}{mine.pk}/compare/").json()["field"] == "with"
    assert token_alice.get(f"{URL}{mine.pk}/compare/", {"with": "nope"}).json()["field"] == "with"


def test_comparing_with_a_deck_one_may_not_read_is_a_404(token_alice, cv, alice, bob):
    mine = make(alice, cv)
    private = make(bob, cv)
    assert token_alice.get(f"{URL}{mine.pk}/compare/", {"with": str(private.pk)}).status_code == 404
    assert token_alice.get(f"{URL}{private.pk}/compare/", {"with": str(mine.pk)}).status_code == 404


# ---------------------------------------------------------------- validation, clone, built, missing
def test_validation_runs_the_engine_on_the_stored_list_now(token_alice, cv, alice):
    deck = make(alice, cv, text=legal_cv_text(), format_slug="basic")
    assert deck.legal
    # The catalog changes: Verse 001 is now an Advanced Game card, not allowed in basic.
    catalog_load(
        document={
            "game": CV,
            "sets": [{"code": "CV1", "name": "Starter Set", "released": "2008-03-27"}],
            "cards": [cv_card("CV1", "1", "Verse 001", advanced=True)],
        }
    )
    data = token_alice.get(f"{URL}{deck.pk}/validation/").json()
    assert data["legal"] is False and data["format"] == "basic" and data["card_count"] == 40
    assert [(f["code"], f["title"]) for f in data["errors"]] == [("advanced-card", "Verse 001")]
    deck.refresh_from_db()
    assert deck.legal  # reading stores nothing
    assert token_alice.get(f"{URL}{deck.pk}/").json()["validation"]["legal"] is True


def test_validation_reports_a_card_that_left_the_catalog(token_alice, cv, alice):
    deck = make(alice, cv)
    Card.objects.filter(title="Verse 001").delete()
    data = token_alice.get(f"{URL}{deck.pk}/validation/").json()
    assert data["legal"] is False and data["errors"][0]["code"] == "unknown-card"
    # Export still answers, from the stored printings.
    assert token_alice.get(f"{URL}{deck.pk}/export/").content.decode() == "2 Verse 001 (CV1) 1\n"


def test_anyone_signed_in_clones_a_deck_they_can_read(cv, alice, bob, api_as):
    deck = make(alice, cv, text=legal_cv_text(), visibility="public", description="Read me")
    response = api_as(bob, "token").post(f"{URL}{deck.pk}/clone/", {"name": "Mine now"}, format="json")
    assert response.status_code == 201
    data = response.json()
    assert data["owner"] == "bob" and data["visibility"] == "private" and data["name"] == "Mine now"
    assert data["cloned_from"] == str(deck.pk) and data["version"] == 1 and data["cards"] == deck.cards
    again = api_as(alice, "token").post(f"{URL}{deck.pk}/clone/")
    assert again.status_code == 201 and again.json()["name"] == "Faith (copy)"
    assert Deck.objects.filter(owner=alice).count() == 2


def test_marking_built_warns_of_double_booked_copies(token_alice, cv, alice):
    verse = Card.objects.get(title="Verse 001")
    collection_change(owner=alice, card=verse, delta=2)
    first = make(alice, cv, "First")
    second = make(alice, cv, "Second")
    response = token_alice.put(f"{URL}{first.pk}/built/", {"built": True}, format="json")
    assert response.status_code == 200
    assert response.json()["deck"]["built"] is True and response.json()["double_booked"] == []
    response = token_alice.put(f"{URL}{second.pk}/built/", {"built": True}, format="json")
    clash = response.json()["double_booked"]
    assert [(c["title"], c["needed"], c["owned"], c["reserved_elsewhere"], c["double_booked"]) for c in clash] == [
        ("Verse 001", 2, 2, 2, 2)
    ]
    response = token_alice.put(f"{URL}{first.pk}/built/", {"built": False}, format="json")
    assert response.json()["deck"]["built"] is False and response.json()["deck"]["built_at"] is None
    assert token_alice.put(f"{URL}{first.pk}/built/", {"built": "sure"}, format="json").json()["field"] == "built"
    assert token_alice.put(f"{URL}{first.pk}/built/", {}, format="json").json()["field"] == "built"


def test_missing_lists_the_copies_still_needed(token_alice, cv, alice):
    collection_change(owner=alice, card=Card.objects.get(title="Verse 001"), delta=1)
    deck = make(alice, cv, text="2 Verse 001\n1 Verse 002\n")
    data = token_alice.get(f"{URL}{deck.pk}/missing/").json()
    assert [(t["title"], t["needed"], t["owned"], t["missing"]) for t in data] == [
        ("Verse 001", 2, 1, 1),
        ("Verse 002", 1, 0, 1),
    ]


def test_a_page_of_decks_reads_every_decks_tags_in_one_query(cv, alice, django_assert_num_queries):
    """deck_page reads the tags of its page itself, so a list that forgot to prefetch them costs no more."""
    from rest_framework.test import APIRequestFactory
    from rest_framework.views import APIView

    from decks.lists.api.base import deck_page
    from decks.organise.services import deck_organise

    for i in range(6):
        deck = deck_create(owner=alice, game=cv, name=f"Deck {i}", decklist="1 Verse 001\n", visibility="public")
        deck_organise(deck=deck, tags=[f"tag-{i}", "shared"])
    request = APIView().initialize_request(APIRequestFactory().get("/api/v1/decks/"))
    view = APIView()
    view.request = request
    # The count, the page of decks, their tags: three queries, however many decks the page holds.
    with django_assert_num_queries(3):
        body = deck_page(view, request, Deck.objects.select_related("owner", "game").order_by("name")).data
    assert [d["tags"] for d in body["results"]] == [["shared", f"tag-{i}"] for i in range(6)]
