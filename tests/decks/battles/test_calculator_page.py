"""The battle calculator pages: the URL holds the cards, the outcome and steps are on the page, htmx swaps them."""

from __future__ import annotations

import re

import pytest

from decks.battles.forms import CALCULATORS
from rules.games.warriors_of_the_promised_land.challenge import INTERACTIVE
from rules.games.warriors_of_the_promised_land.laying import may_lay
from tests.rules.checkers.pools import starter_pool


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
    assert "?category=strength&amp;mode=battle-mode&amp;a=Goliath&amp;b=Samson&amp;q=sams" in html
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


def test_battle_cards_takes_trumps_or_battle_mode(client, fixed_deck_catalogs):
    # An equal score: Battle Mode breaks it by size, Trumps sends both cards to the centre.
    query = "category=strength&a=Lion+of+Judah&b=Gog+of+Magog"
    html = page(client, f"/rules/battle-cards/?{query}")
    assert "Card B wins by size." in html
    assert '<option value="battle-mode" selected>Battle Mode</option>' in html
    html = page(client, f"/rules/battle-cards/?{query}&mode=trumps")
    assert "A tie." in html and "both cards go to the centre" in html
    assert '<option value="trumps" selected>Trumps</option>' in html
    # The mode is kept in every link of the page (adding and removing a card).
    assert "mode=trumps&amp;a=Lion+of+Judah" in html
    # An unknown mode is read as the default, not an error.
    assert "Card B wins by size." in page(client, f"/rules/battle-cards/?{query}&mode=poker")


def _long_play(most: int) -> list[str]:
    """A legal play of `most` cards (no interactive ones), laid greedily from the box."""
    cards = [c for c in starter_pool("warriors-of-the-promised-land").cards if c.armory not in INTERACTIVE]
    play = [next(c for c in cards if may_lay([], c).allowed)]
    for card in cards:
        if len(play) == most:
            break
        if card.title not in {c.title for c in play} and may_lay(play, card).allowed:
            play.append(card)
    return [c.title for c in play]


def test_warriors_sides_take_more_than_twelve_cards(client, fixed_deck_catalogs):
    titles = _long_play(16)
    assert len(titles) == 16
    box = starter_pool("warriors-of-the-promised-land").cards
    defender = next(c.title for c in box if c.title not in titles and may_lay([], c).allowed)
    query = "&".join(f"challenger={t}" for t in titles) + f"&defender={defender}"
    html = page(client, f"/rules/warriors-of-the-promised-land/?{query.replace(' ', '+')}")
    assert html.count('type="hidden" name="challenger"') == 16
    assert "calc-note-bad" not in html
    assert 'id="calc-verdict"' in html and "Not a legal play" not in html
    assert "+ Challenger" in html  # a side is never full before the box is


@pytest.mark.parametrize("game", list(CALCULATORS))
def test_every_calculator_says_what_it_settles_and_links_to_play(client, fixed_deck_catalogs, game):
    html = page(client, f"/rules/{game}/")
    assert "What this settles:" in html and "What it leaves to the players:" in html
    assert CALCULATORS[game].settles and CALCULATORS[game].leaves
    assert re.search(r'<a href="/play/(\?game=[a-z-]+)?">Play ', html)


@pytest.mark.parametrize("game", ["battle-cards", "warriors-of-the-promised-land"])
def test_the_playable_games_link_to_their_own_deal(client, fixed_deck_catalogs, game):
    assert f'href="/play/?game={game}"' in page(client, f"/rules/{game}/")
