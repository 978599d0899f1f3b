"""Chapter and Verse on the play pages: against the computer and hot-seat, a deck list per seat from the form, a
quote typed into the page and judged, the effects the site cannot follow listed, and a replay at the end."""

import json
import re

import pytest
from django.test import Client

from cardcollections.catalog.services import catalog_load
from play.games.services import local_game_start
from tests.play.games.test_chapter_and_verse_cases import JUBILEE
from tests.play.games.test_play_pages import _buttons
from tests.rules.checkers.pools import CATALOGS

FILL = ["Murmuring", "Be Still", "In the Beginning", "Goodly Parents", "That They Might Have Joy", "Jesus Wept"]


def load_catalog() -> None:
    catalog_load(document=json.loads((CATALOGS / "chapter-and-verse.json").read_text(encoding="utf-8")))


@pytest.fixture
def catalog(db):
    load_catalog()


def _game(client: Client, options: dict, decks: list[list[str]] | None = None, computer: bool = True) -> str:
    session = client.session
    seats = [{"name": "Ann", "computer": False}, {"name": "Computer", "computer": computer}]
    for seat, deck in zip(seats, decks or []):
        seat["deck"] = "\n".join(f"1 {t}" for t in deck)
    game_id = local_game_start(
        session=session, game="chapter-and-verse", seats=seats, options={"variant": "advanced", **options}, seed=3
    )
    session.save()
    return f"/play/{game_id}/"


def test_a_player_plays_a_whole_game_against_the_computer_and_replays_it(catalog):
    client = Client()
    page = _game(client, {"rounds": 3})
    html = client.get(page).content.decode()
    for _ in range(300):
        buttons = _buttons(html)
        if not buttons:
            break
        seat, index = buttons[-1]  # pass, end the turn, choose nothing: the quickest game
        form = {"seat": seat, "index": index}
        if 'name="text"' in html.split(f'value="{index}"', 1)[1].split("</form>", 1)[0]:
            form["text"] = "I do not remember it"
        assert client.post(page, form).status_code == 302
        html = client.get(page).content.decode()
    assert 'class="play-result"' in html and "Replay" in html
    assert "after move 0" in client.get(page + "?step=0").content.decode()


def test_a_quote_typed_on_the_page_is_judged_and_the_verse_played_free(catalog):
    client = Client()
    ann = ["Bow in the Cloud", "A Change of Heart", "Jesus Wept", *FILL[:4]]
    ben = ["Buried Their Swords", "Wages of Sin", *FILL[:5]]
    page = _game(client, {"blessings": 1, "quote_it": False, "deal": [ann, ben]}, [ann, ben], computer=False)
    html = client.get(page).content.decode()
    assert "Play a verse free, or pass." in html
    client.post(page, {"seat": "0", "index": str(len(_buttons(html)) - 1)})  # pass the freeplay
    html = client.get(page).content.decode()
    assert "Type the scripture of the verse, from memory" in html and "<textarea" in html
    quote = re.search(
        r'value="(\d+)">\s*<label for="text-0-\d+">Type the scripture[^<]*</label>\s*<textarea[^>]*>'
        r'</textarea>\s*<button type="submit" class="btn">quote: Jesus Wept \(a new chapter\)',
        html,
    )
    assert quote is not None
    refused = client.post(page, {"seat": "0", "index": quote.group(1)})  # no text typed: nothing happens
    assert refused.status_code == 400 and "Type your answer first." in refused.content.decode()
    assert client.post(page, {"seat": "0", "index": quote.group(1), "text": "jesus wept"}).status_code == 302
    html = client.get(page).content.decode()
    assert "attempt" in html and "matches" in html and "Jesus Wept" in html


def test_the_new_game_form_takes_a_deck_list_and_names_a_bad_one(catalog):
    client = Client()
    form = {
        "game": "chapter-and-verse",
        "variant": "basic",
        "mode": "computer",
        "players": 2,
        "deck": "3 No Such Verse",
        "other_deck": "",
        "computer_recall": "0.9",
    }
    answer = client.post("/play/", form)
    assert answer.status_code == 400 and "No Such Verse" in answer.content.decode()
    form["deck"] = "\n".join(f"1 {t}" for t in FILL)
    answer = client.post("/play/", form)
    assert answer.status_code == 302
    html = client.get(answer["Location"]).content.decode()
    assert "Chapter and Verse" in html and "Start Challenge" in html


def test_the_effects_the_site_cannot_follow_are_listed_for_their_player(catalog):
    catalog_load(document=JUBILEE)  # a test verse of free text (every starter catalog effect is followed)
    client = Client()
    deck = ["Seventy Times Seven", *FILL]  # free text: not followed
    page = _game(client, {}, [deck, FILL], computer=True)
    html = client.get(page).content.decode()
    assert "Effects the site cannot follow (1)" in html and "Seventy Times Seven" in html


def test_a_teacher_stacks_the_deal_from_the_new_game_form(catalog):
    client = Client()
    more = ["Bow in the Cloud", "The Burning Bush", "Line upon Line", "Train Up a Child", "All Scripture"]
    ann = [*FILL[:2], *more, "A Change of Heart"]  # seven blessings (the first seven), then her Start Challenge verse
    ben = [*FILL[:2], *more, "Wages of Sin"]
    form = {
        "game": "chapter-and-verse",
        "variant": "advanced",
        "mode": "hotseat",
        "players": 2,
        "names": "Ann, Ben",
        "deck": "\n".join(f"1 {t}" for t in [*ann, "Jesus Wept"]),
        "other_deck": "\n".join(f"1 {t}" for t in [*ben, "Jesus Wept"]),
        "deal": " | ".join(ann) + "\n" + " | ".join(ben) + "\n",
        "computer_recall": "",
    }
    answer = client.post("/play/", form)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    html = client.get(answer["Location"]).content.decode()
    assert "Ann reveals A Change of Heart" in html and "Ben reveals Wages of Sin" in html
    assert "Ann wins the Start Challenge" in html
    form["deal"] = "Jesus Wept | Jesus Wept\nMurmuring\n"  # Ann's deck has one Jesus Wept
    answer = client.post("/play/", form)
    assert answer.status_code == 400 and "no (more)" in answer.content.decode()


def test_the_lord_looketh_on_the_heart_shows_the_opponents_hand_on_the_page(catalog):
    # "Look at an opponent's hand": the page names the opponent's verses to the player looking, and only then.
    client = Client()
    ann = ["Bow in the Cloud", "A Change of Heart", "The Lord Looketh on the Heart", *FILL[:4]]
    ben = ["Buried Their Swords", "Wages of Sin", "Jesus Wept", *FILL[1:5]]
    page = _game(client, {"blessings": 1, "quote_it": False, "deal": [ann, ben]}, [ann, ben], computer=True)
    html = client.get(page).content.decode()
    index = re.search(r'value="(\d+)">\s*<button type="submit" class="btn">freeplay: The Lord Looketh', html)
    assert index is not None and "You see:" not in html
    assert client.post(page, {"seat": "0", "index": index.group(1)}).status_code == 302
    html = client.get(page).content.decode()
    shown = re.search(r'<p class="play-shown">You see: ([^<]*)</p>', html)
    assert shown is not None and "Jesus Wept" in shown.group(1) and "Wages of Sin" in shown.group(1)
