"""The search language on the real catalog (both databases): the API's q, the catalog page, the builder and the
collection page all read it the same way, and a bad query is a 400 naming its bad part, never an empty 200."""

import pytest
from django.utils.html import escape
from rest_framework.test import APIClient

from cardcollections.models import Card
from tests.rules.test_search_syntax import BAD_QUERIES

pytestmark = pytest.mark.django_db

API = "/api/v1/cards/"
CV, BB = "chapter-and-verse", "bible-battles"


def titles(q: str, game: str = CV) -> set[str]:
    response = APIClient().get(API, {"game": game, "q": q, "page_size": 500})
    assert response.status_code == 200, response.content
    return {card["title"] for card in response.json()["results"]}


def cv(**lookups) -> set[str]:
    return set(Card.objects.filter(game__slug=CV, **lookups).values_list("title", flat=True))


def test_keys_and_comparisons_find_what_they_say(starter_catalogs):
    found = titles("t:faith s<=2")
    assert found and found == cv(icon_faith__gte=1, sacrifice__lte=2)
    assert titles("t:trials or t:histories") == cv(icon_trials__gte=1) | cv(icon_histories__gte=1)
    assert titles("-t:faith s>=2") == cv(sacrifice__gte=2) - cv(icon_faith__gte=1)
    assert titles("(t:s or t:w) -s>1") == (cv(icon_strength__gte=1) | cv(icon_wisdom__gte=1)) - cv(sacrifice__gte=2)
    assert titles("w:bom") == cv(standard_work="book-of-mormon") != set()
    assert titles("ref:joshua") == cv(reference__istartswith="joshua") != set()


def test_a_quoted_line_of_scripture_finds_its_card(starter_catalogs):
    # The sample verse and the published Joshua's Stand print the same verse (Joshua 24:15).
    assert titles('"choose you this day whom ye will serve"') == {"Choose You This Day", "Joshua's Stand"}
    # The same words out of order are not the phrase.
    assert "Choose You This Day" not in titles('"serve will ye whom"')
    # As bare words they are found anywhere in the card.
    assert "Choose You This Day" in titles("serve choose")


def test_a_quoted_phrase_matches_whole_words_not_parts_of_words(starter_catalogs):
    # docs/contracts/search-syntax.md: a quoted phrase matches "those words in that order" (PostgreSQL's phrase search).
    # "hoose" and "thi" are not words of "Choose You This Day", on either database.
    assert "Choose You This Day" in titles('"choose you this"')
    assert "Choose You This Day" not in titles('"hoose you this"') | titles('"choose you thi"')


def test_title_matches_words_of_the_title_from_their_start(starter_catalogs):
    assert "Choose You This Day" in titles("title:choose") & titles("title:cho") & titles('title:"you this"')
    # Inside a word, or the words out of order, is not the title's words.
    assert "Choose You This Day" not in titles("title:hoose") | titles('title:"this you"')
    assert titles("title:day") == {t for t in cv() if "day" in t.casefold().split()} != set()


def test_is_unique_needs_no_game(starter_catalogs):
    response = APIClient().get(API, {"q": "is:unique", "page_size": 500})
    assert response.status_code == 200, response.content
    results = response.json()["results"]
    assert results and all(card["unique_for_limits"] for card in results)
    assert {card["game"] for card in results} >= {CV, BB}


def test_bible_battles_keys(starter_catalogs):
    armies = titles("type:army effort>=3", BB)
    expected = set(Card.objects.filter(game__slug=BB, type="army", effort__gte=3).values_list("title", flat=True))
    assert armies == expected


@pytest.mark.parametrize(("q", "game", "names"), BAD_QUERIES)
def test_a_bad_query_is_a_400_naming_the_bad_part(starter_catalogs, q, game, names):
    params = {"q": q, **({"game": game} if game else {})}
    response = APIClient().get(API, params)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == "q"
    assert names in response.json()["message"]


def test_the_pages_read_the_same_language(starter_catalogs, client, alice):
    # More than one page of cards (48 a page): read both.
    pages = [client.get(f"/catalog/{CV}/", {"q": "t:faith s<=2", "page": n}) for n in (1, 2)]
    assert all(page.status_code == 200 for page in pages)
    html = "".join(page.content.decode() for page in pages)
    expected = cv(icon_faith__gte=1, sacrifice__lte=2)
    assert all(escape(title) in html for title in expected)  # "Joshua's Stand" is escaped

    bad = client.get(f"/catalog/{CV}/", {"q": "zz:1"})
    assert "Unknown key in zz:1" in bad.content.decode()

    client.force_login(alice)
    builder = client.get("/decks/builder/search/", {"game": CV, "q": "zz:1"})
    assert "Unknown key in zz:1" in builder.content.decode()
    collection = client.get(f"/collection/{CV}/", {"q": "s>x"})
    assert "is not a whole number" in collection.content.decode()


def test_the_help_page_lists_every_key_of_each_game_and_each_box_links_to_it(starter_catalogs, client, alice):
    from rules.search import KEYS

    page = client.get("/search/help/").content.decode()
    for game, keys in KEYS.items():
        assert f'id="keys-{game}"' in page
        section = page.split(f'id="keys-{game}"')[1].split("</section>")[0]
        for name in keys:
            assert f"<td><code>{escape(name)}</code></td>" in section
    assert 'href="/search/help/#keys-chapter-and-verse"' in client.get(f"/catalog/{CV}/").content.decode()
    client.force_login(alice)
    assert 'href="/search/help/#keys-bible-battles"' in client.get(f"/collection/{BB}/").content.decode()


def test_each_games_examples_find_its_cards(starter_catalogs, client):
    """#36: the help's examples used a Chapter and Verse set for all five games, and is:unique and title:faith
    found nothing in several: each example shown finds cards of its game, or says no card has it yet."""
    import re
    from html import unescape

    page = client.get("/search/help/").content.decode()
    bb = page.split('id="keys-bible-battles"')[1].split("</section>")[0]
    assert "set:CV1" not in bb
    rows = re.findall(r'<a href="(/catalog/[^"]+)"><code>([^<]+)</code></a>( <span class="muted small">)?', page)
    assert len(rows) >= 30
    for url, example, marked in rows:
        results = client.get(unescape(url)).content.decode()
        found = not re.search(r'class="result-count"><strong>0</strong>', results) and "card-tile" in results
        assert found != bool(marked), (unescape(example), url)
