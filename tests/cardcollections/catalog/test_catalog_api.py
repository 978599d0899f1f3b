"""The catalog API: games, sets, cards, search, filters, ordering, pagination, and its refusals."""

import copy
import json
from pathlib import Path

import pytest
from django.db import connection
from rest_framework.test import APIClient

from cardcollections.catalog import memo
from cardcollections.catalog import results_cache
from cardcollections.catalog import selectors
from cardcollections.catalog.filters import CardFilter
from cardcollections.catalog.services import catalog_load
from cardcollections.collection.services import collection_change
from cardcollections.models import Card
from rules.games import GAME_SLUGS
from tests.conftest import CV_SMALL

pytestmark = pytest.mark.django_db
STARTER_CATALOGS = Path(__file__).resolve().parents[3] / "cardcollections" / "starter_catalogs"


@pytest.fixture
def api(small_catalogs) -> APIClient:
    return APIClient()


def titles(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [c["title"] for c in response.json()["results"]]


def test_it_lists_the_five_games_with_counts(api):
    games = api.get("/api/v1/games/").json()
    assert [g["slug"] for g in games] == [
        "chapter-and-verse",
        "bible-battles",
        "book-of-mormon-battles",
        "warriors-of-the-promised-land",
        "battle-cards",
    ]
    assert games[0]["card_count"] == 4 and games[0]["set_count"] == 2
    # Only the two trading card games are collected; the other three come in a box (Battle Cards deals them all).
    assert [g["slug"] for g in games if g["collectible"]] == ["chapter-and-verse", "bible-battles"]


def test_the_home_page_calls_battle_cards_a_fixed_deck_game(client, small_catalogs):
    html = client.get("/").content.decode()
    tile = html[html.index('class="game-tile game-battle-cards"') :]
    tile = tile[: tile.index("</li>")]
    assert "Fixed deck" in tile and "Collectible" not in tile


def test_it_lists_sets_of_a_game_and_refuses_an_unknown_game(api):
    sets = api.get("/api/v1/sets/?game=chapter-and-verse").json()
    assert [(s["code"], s["card_count"]) for s in sets] == [("CV1", 3), ("CV2", 1)]
    response = api.get("/api/v1/sets/?game=chess")
    assert response.status_code == 400 and response.json()["field"] == "game"


def test_a_card_reads_like_the_catalog_file_with_only_its_games_fields(api):
    card = api.get("/api/v1/cards/?game=chapter-and-verse&title=by small means&set=CV1").json()["results"][0]
    assert card["icons"] == {"wisdom": 2, "histories": 1}
    assert card["reference"] == "Alma 37:6" and card["effects"] == [{"kind": "prayer", "n": 3}]
    assert "type" not in card and "strength" not in card
    detail = api.get(f"/api/v1/cards/{card['id']}/").json()
    assert detail == card
    assert card["image"].endswith(f"/cards/{card['id']}/image/")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("q=simple things", ["By Small Means", "By Small  means"]),
        ("q=FAITH dead", ["Faith Without Works"]),
        ("q=james 2:17", ["Faith Without Works"]),
        ("q=inspire", ["Shepherd"]),
        ("theme=faith", ["Faith Without Works"]),
        ("marker=faith verse", ["Faith Without Works"]),
        ("effect=unique", ["Pride Cycle"]),
        ("advanced=true", ["Pride Cycle"]),
        ("standard_work=new-testament", ["Faith Without Works"]),
        ("sacrifice_min=2&game=chapter-and-verse", ["Faith Without Works", "Pride Cycle"]),
        ("type=army", ["Chariots"]),
        ("mounted=true", ["Chariots"]),
        ("game=bible-battles&unique=true", ["Moses"]),
        ("game=chapter-and-verse&unique=true", ["Pride Cycle"]),
        ("cost_max=0", ["Shepherd"]),
        ("food_min=1", ["Goat"]),
        ("set=CV2", ["By Small  means"]),
        ("title=BY   SMALL MEANS", ["By Small Means", "By Small  means"]),
    ],
)
def test_it_searches_and_filters(api, query, expected):
    assert sorted(titles(api.get(f"/api/v1/cards/?{query}"))) == sorted(expected)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("game=chess", "game"),
        ("type=wizard", "type"),
        ("theme=grace", "theme"),
        ("advanced=maybe", "advanced"),
        ("sacrifice_min=lots", "sacrifice_min"),
        ("ordering=colour", "ordering"),
        ("tpye=army", "tpye"),
    ],
)
def test_an_unknown_filter_value_is_a_400_naming_it(api, query, field):
    response = api.get(f"/api/v1/cards/?{query}")
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_a_nul_in_a_filter_is_a_400_naming_it_in_the_site_wide_shape(api):
    # Refused before any view (cardsite.request_guards), as a NUL in a JSON body is: {"field", "message"}.
    response = api.get("/api/v1/cards/?q=%00")
    assert response.status_code == 400
    assert response.json() == {"field": "q", "message": "Null characters are not allowed."}


def test_it_orders_and_paginates(api):
    page = api.get("/api/v1/cards/?game=bible-battles&ordering=-effort&page_size=2").json()
    assert [c["title"] for c in page["results"]][:2] == ["Moses", "Chariots"]
    assert page["count"] == 4
    everything = api.get("/api/v1/cards/").json()
    assert everything["count"] == 8 and everything["next"] is None


def test_an_unknown_card_is_a_404(api):
    assert api.get("/api/v1/cards/999999/").status_code == 404


def test_the_card_list_costs_the_same_queries_for_more_cards(api, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        api.get("/api/v1/cards/?page_size=2")
    with django_assert_max_num_queries(3):
        api.get("/api/v1/cards/")


def test_the_catalog_is_read_only_on_the_api(api, alice):
    api.force_authenticate(alice)
    assert api.post("/api/v1/cards/", {"title": "x"}, format="json").status_code == 405


def test_the_schema_and_its_docs_page_are_served(api):
    schema = api.get("/api/v1/schema/")
    assert schema.status_code == 200 and b"/api/v1/cards/" in schema.content
    assert api.get("/api/v1/docs/").status_code == 200


def test_every_listed_card_reads_as_its_detail_in_every_game(db):
    """The list builds cards from plain rows (no model instances); the detail from a Card. Same output."""
    for path in sorted(STARTER_CATALOGS.glob("*.json")):
        catalog_load(document=json.loads(path.read_text()))
    api = APIClient()
    listed: list[dict] = []
    url = "/api/v1/cards/?page_size=200"
    while url:
        page = api.get(url).json()
        listed += page["results"]
        url = page["next"]
    assert len(listed) == Card.objects.count() == page["count"]
    assert {c["game"] for c in listed} == set(GAME_SLUGS)
    for card in listed:
        assert api.get(f"/api/v1/cards/{card['id']}/").json() == card


def test_pages_count_exactly_and_link_to_each_other(api):
    first = api.get("/api/v1/cards/?page_size=3").json()
    assert first["count"] == 8 and first["previous"] is None
    assert first["next"] == "http://testserver/api/v1/cards/?page=2&page_size=3"
    last = api.get("/api/v1/cards/?page=3&page_size=3").json()
    assert last["count"] == 8 and last["next"] is None and len(last["results"]) == 2
    assert last["previous"] == "http://testserver/api/v1/cards/?page=2&page_size=3"
    every = [c["id"] for n in (1, 2, 3) for c in api.get(f"/api/v1/cards/?page={n}&page_size=3").json()["results"]]
    assert every == [c["id"] for c in api.get("/api/v1/cards/").json()["results"]]
    assert api.get("/api/v1/cards/?page=last&page_size=3").json() == last
    searched = api.get("/api/v1/cards/?q=by small&page=2&page_size=1").json()
    assert searched["count"] == 2 and searched["next"] is None and len(searched["results"]) == 1
    assert api.get("/api/v1/cards/?q=nothing like it").json() == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
    }


@pytest.mark.parametrize("page", ["4", "0", "-1", "two", "1.5", "10000000000000000000000000"])
def test_a_page_that_is_not_there_is_a_404(api, page):
    response = api.get(f"/api/v1/cards/?page_size=3&page={page}")
    assert response.status_code == 404 and response.json() == {"detail": "Invalid page."}


def test_a_page_of_cards_and_its_count_are_two_queries(api, django_assert_num_queries):
    # The page's ids and the exact count in one query, the page's cards in another; first the
    # catalogs' stamp (read again every few seconds), which names the results kept in the cache.
    with django_assert_num_queries(3):
        api.get("/api/v1/cards/?q=by small&theme=wisdom")
    with django_assert_num_queries(1):  # no match: nothing to read after the count
        api.get("/api/v1/cards/?q=nothing like it")
    with django_assert_num_queries(0):  # asked again, in any order: the kept page
        again = api.get("/api/v1/cards/?theme=wisdom&q=by small")
    assert again.status_code == 200 and again.json()["count"] == 2


def test_only_the_given_filters_are_checked_and_the_browsable_api_still_offers_them_all(api):
    response = api.get("/api/v1/cards/?q=faith&theme=grace&sacrifice_min=lots")
    assert response.status_code == 400 and sorted(response.json()["errors"]) == ["sacrifice_min", "theme"]
    assert titles(api.get("/api/v1/cards/?game=bible-battles&type=army")) == ["Chariots"]
    assert sorted(titles(api.get("/api/v1/cards/?type=army&game="))) == ["Chariots"]
    html = api.get("/api/v1/cards/?q=faith", HTTP_ACCEPT="text/html").content.decode()
    assert all(f'name="{name}"' in html for name in CardFilter.base_filters)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the full-text index is PostgreSQL's")
def test_the_search_index_takes_new_cards_straight_in(db):
    # A GIN pending list would be read end to end by every search until a vacuum.
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'card_search_vector'")
        assert cursor.fetchone()[0] == ["fastupdate=off"]


@pytest.mark.parametrize("keep_seconds", [600, 0], ids=["kept page", "kept rows only"])
def test_what_is_kept_follows_the_catalog(api, settings, keep_seconds):
    # Kept pages and kept rows are named by the catalog's stamp: a changed card is listed changed at once.
    settings.CATALOG_RESULTS_SECONDS = keep_seconds
    assert "Faith Without Works" in titles(api.get("/api/v1/cards/?game=chapter-and-verse"))
    changed = copy.deepcopy(CV_SMALL)
    changed["cards"][1]["title"] = "Faith Without Deeds"
    catalog_load(document=changed)
    listed = titles(api.get("/api/v1/cards/?game=chapter-and-verse"))
    assert "Faith Without Deeds" in listed and "Faith Without Works" not in listed


def test_a_players_own_copies_are_never_kept_for_another(db, django_user_model, small_catalogs):
    owner, other = (django_user_model.objects.create_user(n, password="pw-long-enough-1") for n in ("own", "oth"))
    collection_change(owner=owner, card=Card.objects.get(title="Faith Without Works"), delta=1)
    mine, theirs = APIClient(), APIClient()
    mine.force_authenticate(owner)
    theirs.force_authenticate(other)
    assert titles(mine.get("/api/v1/cards/?owned=free")) == ["Faith Without Works"]
    assert titles(theirs.get("/api/v1/cards/?owned=free")) == []


def test_nothing_is_kept_when_the_setting_says_zero(api, settings, django_assert_num_queries):
    settings.CATALOG_RESULTS_SECONDS = 0
    api.get("/api/v1/cards/?q=by small")
    with django_assert_num_queries(1):  # asked again: searched again (the cards' rows this process already read)
        assert api.get("/api/v1/cards/?q=by small").json()["count"] == 2


def test_a_changed_rules_text_is_searched_at_once(api, small_catalogs):
    # On PostgreSQL the words are a stored column generated from the text: an update must regenerate it.
    assert titles(api.get('/api/v1/cards/?q="shining lamp of zarahemla"')) == []
    changed = copy.deepcopy(CV_SMALL)
    changed["cards"][1]["text"] = "A shining lamp of Zarahemla."
    catalog_load(document=changed)
    assert titles(api.get('/api/v1/cards/?q="shining lamp of zarahemla"')) == ["Faith Without Works"]


def test_a_page_lists_every_card_when_another_thread_empties_the_kept_rows(small_catalogs, monkeypatch):
    # The kept rows are shared by the process's threads: one may empty them (past LISTED_ROWS_KEPT, or a
    # changed catalog) while another is reading its page's missing rows; that page must still list all its cards.
    cards = Card.objects.order_by("pk")
    first = [row.pk for row in selectors.card_listing_page(cards, offset=0, limit=1)[0]]
    read = selectors._card_rows

    def read_while_another_thread_empties(missing):
        selectors.per_catalog(None, "listed rows", dict).clear()
        return read(missing)

    monkeypatch.setattr(selectors, "_card_rows", read_while_another_thread_empties)
    rows, total = selectors.card_listing_page(cards, offset=0, limit=3)
    assert [row.pk for row in rows] == list(cards.values_list("pk", flat=True)[:3]) and rows[0].pk == first[0]
    assert total == cards.count()


def test_new_query_strings_past_the_budget_are_answered_but_not_kept(api, monkeypatch, django_assert_num_queries):
    # Anyone can make a new query string; the cache holds at most a budget of them per window.
    monkeypatch.setattr(results_cache, "KEPT_PER_WINDOW", 2)
    monkeypatch.setattr(results_cache.time, "time", lambda: 1_000_000.0)  # one window throughout
    for value in (1, 2, 3):
        assert api.get(f"/api/v1/cards/?offense_min=-{value}").status_code == 200
    with django_assert_num_queries(0):  # within the budget: kept
        assert api.get("/api/v1/cards/?offense_min=-2").status_code == 200
    with django_assert_num_queries(1):  # past it: searched again (the rows this process already read)
        assert api.get("/api/v1/cards/?offense_min=-3").status_code == 200


def test_the_front_pages_are_kept_even_when_new_query_strings_spent_the_budget(
    api, monkeypatch, django_assert_num_queries
):
    # One visitor spending the budget on new query strings leaves the most asked pages kept for everyone.
    monkeypatch.setattr(results_cache, "KEPT_PER_WINDOW", 1)
    monkeypatch.setattr(results_cache.time, "time", lambda: 1_000_000.0)  # one window throughout
    for value in (1, 2):
        assert api.get(f"/api/v1/cards/?offense_min=-{value}").status_code == 200
    for front in ("/api/v1/cards/", "/api/v1/cards/?game=chapter-and-verse"):
        assert api.get(front).status_code == 200
        with django_assert_num_queries(0):
            assert api.get(front).status_code == 200
    # Any other new query string is still past the budget: answered, searched again each time.
    assert api.get("/api/v1/cards/?offense_min=-3").status_code == 200
    with django_assert_num_queries(1):
        assert api.get("/api/v1/cards/?offense_min=-3").status_code == 200


def test_a_name_that_is_no_games_is_never_kept_per_catalog(db):
    builds = []
    for _ in range(2):
        memo.per_catalog("no-such-game\x00", "pool", lambda: builds.append(1))
    assert builds == [1, 1]
    assert "no-such-game\x00" not in memo._STAMPS and all(game != "no-such-game\x00" for game, _ in memo._VALUES)


def test_a_changed_set_changes_the_catalog_stamp_every_process_reads(small_catalogs):
    # Another process knows of a change only through the stamp: a set's new name or date must change it.
    card = Card.objects.select_related("game", "card_set").first()
    before = memo.catalog_stamp(card.game.slug)
    card.card_set.name = "Renamed Set"
    card.card_set.save(update_fields=["name"])
    assert memo.catalog_stamp(card.game.slug) != before


def test_a_repeated_parameters_values_in_another_order_are_another_query(api):
    # The last value is the one read: the same values in another order must not be served the first order's page.
    by_title = titles(api.get("/api/v1/cards/?ordering=title"))
    assert by_title != by_title[::-1]
    assert titles(api.get("/api/v1/cards/?ordering=-title&ordering=title")) == by_title
    assert titles(api.get("/api/v1/cards/?ordering=title&ordering=-title")) == by_title[::-1]
