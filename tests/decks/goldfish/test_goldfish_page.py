"""The goldfish page (/decks/goldfish/): seeded hands in the URL, exact curves as an SVG chart."""

from urllib.parse import parse_qs, urlparse

import pytest

from rules.charts import probability_chart_svg
from tests.decks.conftest import GOLDFISH_DECK as DECK

PAGE = "/decks/goldfish/"


def hand_srcs(html: str) -> list[str]:
    return [part.split('"', 1)[0] for part in html.split('<img src="')[1:]]


@pytest.mark.django_db
def test_the_empty_page_asks_for_a_list_and_is_in_the_nav(client):
    response = client.get(PAGE)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Paste a deck list and draw a hand." in html
    assert f'href="{PAGE}" aria-current="page">Goldfish</a>' in html


@pytest.mark.django_db
def test_a_hand_gets_a_seed_in_its_url_and_the_same_seed_gives_the_same_hand(client, cv_catalog):
    response = client.get(PAGE, {"game": "chapter-and-verse", "decklist": DECK})
    assert response.status_code == 302
    query = parse_qs(urlparse(response["Location"]).query)
    assert query["seed"][0].isdigit() and query["decklist"] == [DECK]
    first = client.get(response["Location"]).content.decode()
    assert len(hand_srcs(first)) == 5
    assert all(src.startswith("/cards/") and src.endswith("/image/") for src in hand_srcs(first))
    assert hand_srcs(client.get(response["Location"]).content.decode()) == hand_srcs(first)
    drawn = client.get(PAGE, {"game": "chapter-and-verse", "decklist": DECK, "seed": query["seed"][0], "drawn": 1})
    assert hand_srcs(drawn.content.decode())[:5] == hand_srcs(first)
    assert len(hand_srcs(drawn.content.decode())) == 6


@pytest.mark.django_db
def test_htmx_gets_only_the_hand_and_the_url_to_push(client, cv_catalog):
    response = client.get(
        PAGE,
        {"game": "chapter-and-verse", "decklist": DECK, "seed": 42},
        headers={"HX-Request": "true", "HX-Target": "hand"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="hand"')
    assert "seed=42" in response["HX-Push-Url"]
    assert "Draw a card" in html and "Shuffle again" in html


@pytest.mark.django_db
def test_a_list_with_unknown_cards_says_which(client, cv_catalog):
    html = client.get(PAGE, {"game": "chapter-and-verse", "decklist": "3 Bye Small Means", "seed": 1}).content.decode()
    assert "No Chapter and Verse card is called Bye Small Means" in html
    assert "<img" not in html.split('id="hand"', 1)[1].split("</section>", 1)[0]


@pytest.mark.django_db
def test_the_exact_panel_draws_a_chart_and_keeps_the_request_for_a_simulation(client, cv_catalog):
    form = {
        "game": "chapter-and-verse",
        "decklist": DECK,
        "turns": "4",
        "q-kind-0": "title",
        "q-value-0": "By Small Means",
        "q-kind-1": "theme",
        "q-value-1": "faith",
        "q-at-least-1": "2",
        "q-kind-2": "title",
        "q-value-2": "",
    }
    response = client.post("/decks/goldfish/exact/", form)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<polyline") == 2 and 'data-name="2+ faith (theme)"' in html
    assert 'id="goldfish-request"' in html and '"turns": 4' in html


@pytest.mark.django_db
def test_the_exact_panel_explains_a_bad_request(client, cv_catalog):
    response = client.post("/decks/goldfish/exact/", {"game": "chapter-and-verse", "decklist": DECK})
    assert response.status_code == 400
    assert "choose at least one" in response.content.decode()
    bad = {"game": "chapter-and-verse", "decklist": DECK, "q-kind-0": "type", "q-value-0": "follower"}
    response = client.post("/decks/goldfish/exact/", bad)
    assert response.status_code == 400 and "queries[0].filter.type" in response.content.decode()


def test_the_chart_is_an_svg_with_one_line_per_query_and_escaped_names():
    svg = probability_chart_svg([0, 1, 2], [("a <b>", [0.0, 0.5, 1.0]), ("c", [0.2, 0.2, 0.2])])
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<polyline") == 2 and svg.count("<circle") == 6
    assert "a &lt;b&gt;" in svg and "<b>" not in svg
    with pytest.raises(ValueError):
        probability_chart_svg([0, 1], [("x", [0.1])])


@pytest.mark.django_db
def test_a_saved_deck_opens_in_the_goldfish_page_for_those_who_may_read_it(client, cv_catalog, alice, bob):
    from cardcollections.models import Game
    from decks.lists.services import deck_create, deck_update

    deck = deck_create(owner=alice, game=Game.objects.get(slug="chapter-and-verse"), name="Mine", decklist=DECK)
    client.force_login(alice)
    response = client.get(PAGE, {"deck": str(deck.pk)})
    assert response.status_code == 302
    query = parse_qs(urlparse(response["Location"]).query)
    assert query["game"] == ["chapter-and-verse"] and "3 By Small Means (CV1) 900" in query["decklist"][0]
    assert len(hand_srcs(client.get(response["Location"]).content.decode())) == 5
    # Private: bob gets the empty page, not alice's list; once unlisted, the link works for him.
    client.force_login(bob)
    assert client.get(PAGE, {"deck": str(deck.pk)}).status_code == 200
    assert client.get(PAGE, {"deck": "not-a-uuid"}).status_code == 200
    deck_update(deck=deck, visibility="unlisted")
    assert client.get(PAGE, {"deck": str(deck.pk)}).status_code == 302
