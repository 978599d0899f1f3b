"""The battle calculator pages: the URL holds the cards, the outcome and steps are on the page, htmx swaps them."""

from __future__ import annotations

import re
from urllib.parse import urlencode

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


# ---------------------------------------------------------------- Warriors: the interactive cards (issue 29)
WPL = "/rules/warriors-of-the-promised-land/"


def wpl(client, challenger: tuple[str, ...], defender: tuple[str, ...], **choices: str) -> str:
    params = [("challenger", t) for t in challenger] + [("defender", t) for t in defender]
    params += [(key.replace("_", "-"), value) for key, value in choices.items()]
    return page(client, WPL + "?" + urlencode(params))


def verdict(html: str) -> str:
    match = re.search(r'<(p|div) [^>]*id="calc-verdict">(.*?)</\1>', html, re.S)
    assert match, "no verdict on the page"
    return " ".join(re.sub(r"<[^>]+>", " ", match[2]).split())


def test_a_missing_choice_is_asked_for_not_settled_as_plus_nothing(client, fixed_deck_catalogs):
    html = wpl(client, ("Pahoran", "Prayer"), ("Nephi", "Conversion"))
    assert "No winner yet" in html and "wins," not in html
    assert "The defender&#x27;s Conversion (their second card) needs its player&#x27;s choice" in html
    assert "+0" not in html
    # The choice is offered under the card: the challenger's secondary card, or Not used.
    assert '<select id="calc-use-defender-1" name="use-defender-1">' in html
    assert '<option value="1">Prayer (the challenger&#x27;s second card)</option>' in html
    assert '<option value="none">Not used</option>' in html


def test_an_illegal_play_is_said_before_a_missing_choice(client, fixed_deck_catalogs):
    html = wpl(client, ("Pahoran", "Prayer"), ("Moroni", "Conversion"))  # Conversion (prophet) with Moroni
    assert "Not a legal play" in html and "No winner yet" not in html


def test_a_conversion_with_its_target_changes_the_winner(client, fixed_deck_catalogs):
    cards = (("Pahoran", "Prayer"), ("Nephi", "Conversion"))
    unused = wpl(client, *cards, use_defender_1="none")
    assert "The challenger wins, 5 to 1." in unused
    assert "Conversion (the defender&#x27;s second card) is not used" in unused
    taken = wpl(client, *cards, use_defender_1="1")
    assert "The defender wins, 4 to 2." in taken
    assert "the defender takes Prayer (the challenger&#x27;s second card): it counts for them." in taken
    assert '<option value="1" selected>Prayer' in taken


def test_a_dissenter_takes_the_card_it_names(client, fixed_deck_catalogs):
    cards = (("Pahoran", "Reinforcements"), ("Giddianhi", "Dissenter"))
    assert "The challenger wins, 4 to 3." in wpl(client, *cards, use_defender_1="none")
    html = wpl(client, *cards, use_defender_1="1")
    assert "The defender wins, 5 to 2." in html
    assert "the defender takes Reinforcements (the challenger&#x27;s second card)" in html


def test_an_escape_disables_the_card_it_names(client, fixed_deck_catalogs):
    cards = (("Pahoran", "Plates"), ("Ammon", "Escape"))
    assert "The challenger wins, 4 to 3." in wpl(client, *cards, use_defender_1="none")
    html = wpl(client, *cards, use_defender_1="1")
    assert "The defender wins, 3 to 2." in html
    assert "Escape: the defender disables Plates (the challenger&#x27;s second card)." in html


def test_a_deception_adds_the_card_picked_from_the_box(client, fixed_deck_catalogs):
    cards = (("Moroni", "Sword"), ("Amalickiah", "Deception"))
    html = wpl(client, *cards)
    assert "No winner yet" in html
    # The picker lists the box's cards that could be laid with Amalickiah, not those that could not.
    picker = re.search(r'<select id="calc-use-defender-1".*?</select>', html, re.S)[0]
    assert '<option value="Assassination">' in picker and '<option value="Sword">' not in picker
    assert '<option value="Moroni">' not in picker  # Righteous, and the box's one Moroni is in play
    html = wpl(client, *cards, use_defender_1="Assassination")
    assert "The defender wins, 8 to 6." in html
    assert "Deception: the defender adds Assassination from their hand to the cards in play." in html


def test_every_interactive_card_is_settled_once_all_are_chosen(client, fixed_deck_catalogs):
    cards = (("Lehi", "Escape", "Reinforcements"), ("Ammon", "Escape"))
    waiting = wpl(client, *cards, use_challenger_1="1")
    assert "No winner yet" in waiting and "The defender&#x27;s Escape (their second card)" in waiting
    assert "challenger&#x27;s Escape" not in verdict(waiting)
    html = wpl(client, *cards, use_challenger_1="1", use_defender_1="2")
    # The challenger's Escape, revealed first, disables the defender's before it is used.
    assert "The challenger wins, 4 to 3." in html and "was taken or disabled before it was used" in html


def test_an_interactive_card_with_nothing_to_act_on_needs_no_choice(client, fixed_deck_catalogs):
    html = wpl(client, ("Pahoran",), ("Nephi", "Conversion"))
    assert "The challenger has no secondary card for it to take: not used." in html
    assert "The defender wins," not in html and "The challenger wins, 2 to 1." in html


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("9", "“9” is not one of the challenger&#x27;s secondary cards (1 to 1)."),
        ("0", "“0” is not one of the challenger&#x27;s secondary cards (1 to 1)."),
        ("-1", "“-1” is not one of the challenger&#x27;s secondary cards"),
        ("one", "“one” is not one of the challenger&#x27;s secondary cards"),
        ("²", "“²” is not one of the challenger&#x27;s secondary cards"),
        ("\u0661", "“\u0661” is not one of the challenger&#x27;s secondary cards"),  # Arabic-Indic one
        ("1" * 400, "is not one of the challenger&#x27;s secondary cards"),
    ],
)
def test_a_hostile_target_says_so_and_names_no_winner(client, fixed_deck_catalogs, value, says):
    html = wpl(client, ("Pahoran", "Prayer"), ("Nephi", "Conversion"), use_defender_1=value)
    assert says in html and "No winner yet" in html and " wins," not in html
    # The links that remove a card carry the value along without reading it as a number.
    assert "Remove Pahoran" in html


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("Shiblon", "&#x27;Shiblon&#x27; is a card of Book of Mormon Battles"),
        ("No Such Card", "&#x27;No Such Card&#x27; is not a card of warriors-of-the-promised-land"),
        ("Sword", "Deception adds a card that can be played with the cards in play"),
        ("Amalickiah", "Amalickiah is played 2 times; the box holds 1."),
    ],
)
def test_a_hostile_deception_card_says_why_and_names_no_winner(client, fixed_deck_catalogs, value, says):
    html = wpl(client, ("Moroni", "Sword"), ("Amalickiah", "Deception"), use_defender_1=value)
    assert says in html and "The defender&#x27;s Deception (their second card):" in verdict(html)
    assert " wins," not in verdict(html)


def test_hostile_choice_parameters_are_ignored(client, fixed_deck_catalogs):
    cards = (("Pahoran", "Prayer"), ("Nephi", "Conversion"))
    # A choice for a card that is not there, or for a card that needs none, changes nothing.
    html = wpl(client, *cards, use_defender_7="1", use_challenger_1="1", use_nobody_1="1", use_defender_1="none")
    assert "The challenger wins, 5 to 1." in html


def test_removing_a_card_keeps_the_choices_in_step(client, fixed_deck_catalogs):
    html = wpl(
        client,
        ("Pahoran", "Plates", "Prayer"),
        ("Nephi", "Reinforcements", "Conversion"),
        use_defender_2="2",
    )
    links = dict(re.findall(r'href="(\?[^"]+)" aria-label="Remove ([^"]+)"', html))
    links = {title: url.replace("&amp;", "&") for url, title in links.items()}
    # Dropping the Plates moves the Prayer to card 1: the Conversion still takes it.
    assert "use-defender-2=1" in links["Plates"]
    # Dropping the Reinforcements moves the Conversion to card 1, still aimed at the Prayer.
    assert "use-defender-1=2" in links["Reinforcements"]
    # Dropping the Prayer, its target, forgets the choice: its player chooses again.
    assert "use-defender" not in links["Prayer"]
    assert "use-defender" not in links["Conversion"]


def test_the_card_search_is_the_pickers_and_forgives_a_misspelt_name(client, fixed_deck_catalogs):
    """#36: "a misspelt name finds nothing": the calculators search as the card picker does."""
    html = page(client, "/rules/battle-cards/?q=golaith", HTTP_HX_REQUEST="true")
    titles = re.findall(r'<span class="calc-result-title">([^<]+)</span>', html)
    assert titles and titles[0] == "Goliath"
    prefix_first = re.findall(
        r'<span class="calc-result-title">([^<]+)</span>', page(client, "/rules/battle-cards/?q=sam")
    )
    assert prefix_first[0].startswith("Sam")
