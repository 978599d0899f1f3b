"""The validation page /decks/validate/: findings beside the lines, as you type (htmx) or by a plain post."""

import pytest

from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_create
from tests.decks.conftest import legal_cv_text

URL = "/decks/validate/"
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_it_shows_the_form_to_anyone(client, cv_catalog):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="decklist"' in html
    assert 'hx-post="/decks/validate/"' in html
    assert 'hx-trigger="input changed delay:400ms from:#decklist, change, submit"' in html
    assert '<option value="advanced" selected>' in html


def test_it_lists_the_games_formats_and_tournament_formats(client, cv_catalog):
    from cardcollections.models import Game

    tournament_format_create(
        organiser=None,
        slug="spring-open",
        name="Spring Open",
        game=Game.objects.get(slug="chapter-and-verse"),
        rules=FormatRules("advanced"),
    )
    html = client.get(URL).content.decode()
    assert '<option value="basic">' in html
    assert "Spring Open (tournament)" in html
    assert '<option value="standard"' not in html
    assert '<option value="standard" selected>' in client.get(URL, {"game": "bible-battles"}).content.decode()


def test_it_answers_an_htmx_post_with_the_result_and_badges_on_the_lines(client, cv_catalog):
    text = "# my deck\n4 By Small Means\nnonsense\n" + legal_cv_text(36)
    response = client.post(
        URL,
        {"game": "chapter-and-verse", "format": "advanced", "formats_for": "chapter-and-verse", "decklist": text},
        **HTMX,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="validation-result"')
    assert "<html" not in html  # only the part the page swaps
    assert "Not legal" in html
    assert 'data-line="2"' in html
    line_2 = html.split('data-line="2"')[1].split("</li>")[0]
    assert 'data-code="too-many-copies"' in line_2
    line_3 = html.split('data-line="3"')[1].split("</li>")[0]
    assert 'data-code="unparseable-line"' in line_3
    line_1 = html.split('data-line="1"')[1].split("</li>")[0]
    assert "data-code" not in line_1
    assert "hx-swap-oob" not in html  # same game: the format menu stays as it is


def test_it_swaps_in_the_format_menu_when_the_game_changes(client, bb_catalog):
    response = client.post(
        URL,
        {"game": "bible-battles", "format": "advanced", "formats_for": "chapter-and-verse", "decklist": "59 Shepherd"},
        **HTMX,
    )
    html = response.content.decode()
    assert 'hx-swap-oob="true"' in html
    assert '<option value="standard" selected>' in html
    # The old game's format fell back to the new game's default.
    assert "Legal" in html and "suggested-size" in html


def test_it_says_legal_for_a_legal_deck(client, cv_catalog):
    html = client.post(URL, {"game": "chapter-and-verse", "decklist": legal_cv_text()}, **HTMX).content.decode()
    assert 'data-legal="true"' in html
    assert "40 cards" in html


def test_it_works_without_javascript(client, cv_catalog):
    response = client.post(URL, {"game": "chapter-and-verse", "format": "basic", "decklist": "1 Pride Cycle"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    assert 'data-code="advanced-card"' in html
    assert "1 Pride Cycle</textarea>" in html


@pytest.mark.parametrize(
    "data",
    [
        {"game": "poker", "decklist": "1 x"},
        {"game": "chapter-and-verse", "format": "nope", "decklist": "1 x"},
        {"game": "chapter-and-verse", "decklist": "1 x\n" * 20_000},
        {"decklist": "\x01\x02"},
        {},
    ],
    ids=["unknown-game", "unknown-format", "too-many-lines", "junk", "empty"],
)
def test_it_never_fails_on_bad_input(client, cv_catalog, data):
    response = client.post(URL, data, **HTMX)
    assert response.status_code == 200


def test_a_nul_byte_in_the_list_is_a_400_naming_the_field(client, cv_catalog):
    # Refused for every page form before the view (cardsite.request_guards.RefuseNulInForms).
    response = client.post(URL, {"decklist": "\x00\x01"}, **HTMX)
    assert response.status_code == 400 and b"'decklist' contains a NUL byte" in response.content


def test_it_escapes_what_the_player_typed(client, cv_catalog):
    html = client.post(URL, {"game": "chapter-and-verse", "decklist": "1 <script>alert(1)</script>"}).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html
