"""The catalog API: games, sets, cards, search, filters, ordering, pagination, and its refusals."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


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


def test_it_lists_sets_of_a_game_and_refuses_an_unknown_game(api):
    sets = api.get("/api/v1/sets/?game=chapter-and-verse").json()
    assert [(s["code"], s["card_count"]) for s in sets] == [("CV1", 3), ("CV2", 1)]
    response = api.get("/api/v1/sets/?game=chess")
    assert response.status_code == 400 and "game" in response.json()


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
        ("q=%00", "q"),
    ],
)
def test_an_unknown_filter_value_is_a_400_naming_it(api, query, field):
    response = api.get(f"/api/v1/cards/?{query}")
    assert response.status_code == 400
    assert field in response.json()


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
