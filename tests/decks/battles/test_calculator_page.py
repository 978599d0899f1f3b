"""The battle calculator pages: the URL holds the cards, the outcome and steps are on the page, htmx swaps them."""

from __future__ import annotations

import re

import pytest

from decks.battles.forms import CALCULATORS


def page(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("game", list(CALCULATORS))
def test_every_example_of_the_rules_resolves_on_the_page(client, fixed_deck_catalogs, game):
    html = page(client, f"/rules/{game}/")
    links = re.findall(r'<li><a href="(\?[^"]+)">', html)
    assert len(links) == len(CALCULATORS[game].examples())
    for link in links:
        shown = page(client, f"/rules/{game}/{link.replace('&amp;', '&')}")
        # A chain example with an illegal last card shows why under the card, not as an outcome.
        assert 'id="calc-verdict"' in shown or "calc-note-bad" in shown or "Add cards to both sides" in shown


def test_a_battle_in_the_url_shows_its_winner_and_steps(client, fixed_deck_catalogs):
    html = page(client, "/rules/book-of-mormon-battles/?n1=Ann&p1=Shiblon&p1=Faith&n2=Ben&p2=Lehi")
    assert "Ann wins with 5000." in html
    assert "Faith: Ann&#x27;s Shiblon (gold diamond 500) times 10 becomes Shiblon (gold diamond 5000)." in html
    assert html.count("/image/") >= 3  # the cards in play, and the card list


def test_an_illegal_play_says_why(client, fixed_deck_catalogs):
    html = page(client, "/rules/book-of-mormon-battles/?p1=Faith&p2=Lehi")
    assert "Not a legal play" in html and "cannot be played alone" in html


def test_a_search_swaps_only_the_calculator_and_links_add_the_card(client, fixed_deck_catalogs):
    html = page(client, "/rules/battle-cards/?a=Goliath&q=sams", HTTP_HX_REQUEST="true")
    assert html.lstrip().startswith("{#") is False and 'id="calculator"' in html and "<html" not in html
    assert "?category=strength&amp;a=Goliath&amp;b=Samson&amp;q=sams" in html
    html = page(client, "/rules/battle-cards/?category=strength&a=Goliath&b=Samson")
    assert "Card B wins by score." in html


def test_warriors_cards_say_whether_they_may_be_laid(client, fixed_deck_catalogs):
    html = page(client, "/rules/warriors-of-the-promised-land/?challenger=Abinadi&challenger=Sword")
    assert "shares no icon with a Warrior in play" in html
    html = page(
        client, "/rules/warriors-of-the-promised-land/?challenger=Nephi&challenger=Faith:+Vision&defender=Pahoran"
    )
    assert "The challenger wins, 6 to 2." in html


def test_an_unknown_game_has_no_calculator(client, db):
    assert client.get("/rules/chapter-and-verse/").status_code == 404


def test_the_page_has_no_inline_script_or_style(client, fixed_deck_catalogs):
    html = page(client, "/rules/book-of-mormon-battles/?p1=Abish&p2=Sam")
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "hx-on" not in html


def test_a_battle_of_six_players_is_settled_on_the_page(client, fixed_deck_catalogs):
    # docs/games/book-of-mormon-battles.md: "For 2 to 6 players"; the API takes six, and so does the page.
    titles = ("Sherem", "Lemuel", "Zeezrom", "Seantum", "Kishkumen", "Lehi")
    query = "&".join(f"n{i}=P{i}&p{i}={t}" for i, t in enumerate(titles, start=1))
    html = page(client, f"/rules/book-of-mormon-battles/?{query}")
    assert "P6 wins with 4000." in html
