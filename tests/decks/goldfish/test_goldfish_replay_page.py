"""The goldfish page's replay section: one play-out game turn by turn, with card images (POST /decks/goldfish/replay/)."""

import pytest

from cardcollections.models import Card
from tests.decks.conftest import GOLDFISH_DECK as DECK
from tests.decks.goldfish.test_goldfish_page import hand_srcs

URL = "/decks/goldfish/replay/"
FORM = {"game": "chapter-and-verse", "decklist": DECK, "turns": "4", "trials": "500", "seed": "11", "game_number": "4"}


@pytest.mark.django_db
def test_the_goldfish_page_has_the_replay_form_under_the_results(client, cv_catalog):
    html = client.get("/decks/goldfish/").content.decode()
    assert 'id="replay-form"' in html and f'hx-post="{URL}"' in html
    assert html.index('id="run-result"') < html.index('id="replay-form"')
    assert 'src="/static/js/goldfish-replay.js"' in html


@pytest.mark.django_db
def test_it_shows_the_game_the_api_replays_turn_by_turn_with_card_images(client, cv_catalog):
    response = client.post(URL, FORM)
    assert response.status_code == 200, response.content
    html = response.content.decode()
    api = client.post(
        "/api/v1/goldfish/replay/",
        {
            **{k: int(v) for k, v in FORM.items() if k not in ("game", "decklist")},
            "game": FORM["game"],
            "decklist": DECK,
        },
        content_type="application/json",
    ).json()
    assert ("Set-up: the opening hand" in html and "Turn 4" in html) or api["log"][-1]["turn"] < 4
    for record in api["log"]:
        for event in record["events"]:
            assert event["text"].strip().replace("'", "&#x27;") in html
    # Every card drawn is an image of the catalog (the set-up's hand first).
    srcs = hand_srcs(html)
    hand = [api["cards"][k]["image"] for k in api["log"][0]["state"]["hand"]]
    assert srcs[: len(hand)] == hand and all(src.startswith("/cards/") for src in srcs)
    assert "Game <strong>4</strong> of 500" in html and "seed <strong" in html


@pytest.mark.django_db
def test_a_blank_seed_is_drawn_and_shown_so_the_game_can_be_found_again(client, cv_catalog):
    html = client.post(URL, {**FORM, "seed": ""}).content.decode()
    seed = html.split('class="replay-seed">', 1)[1].split("<", 1)[0]
    again = client.post(URL, {**FORM, "seed": seed}).content.decode()
    assert again == html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game_number", "0"),
        ("game_number", "501"),
        ("game_number", "x"),
        ("seed", "-1"),
        ("trials", "9" * 40),
        ("turns", "99"),
    ],
)
def test_a_bad_field_is_named_in_a_400(client, cv_catalog, field, value):
    response = client.post(URL, {**FORM, field: value})
    assert response.status_code == 400
    assert f"<code>{field}</code>" in response.content.decode()


@pytest.mark.django_db
def test_the_cards_it_could_not_model_link_to_their_card_for_the_preview(client, starter_catalogs):
    decklist = "\n".join(f"4 {t}" for t in ("Be Strong", "Go and Do", "Mustard Seed", "Love One Another"))
    form = {**FORM, "decklist": decklist, "trials": "20", "game_number": "1"}
    html = client.post(URL, form).content.decode()
    seed = Card.objects.filter(game__slug="chapter-and-verse", title="Mustard Seed").order_by("id").first()
    assert "Played as plain cards" in html
    assert f'<a class="card-link" href="/cards/{seed.pk}/">Mustard Seed</a>' in html


@pytest.mark.django_db
def test_the_numbers_count_the_events_and_their_details_sit_under_them(client, cv_catalog):
    """#36: a turn's numbered steps ran 1, 2, 5: the details ("  Pride Cycle starts chapter 1.") took numbers."""
    import re

    api = client.post(
        "/api/v1/goldfish/replay/",
        {
            **{k: int(v) for k, v in FORM.items() if k not in ("game", "decklist")},
            "game": FORM["game"],
            "decklist": DECK,
        },
        content_type="application/json",
    ).json()
    html = client.post(URL, FORM).content.decode()
    details = [e["text"].strip() for r in api["log"] for e in r["events"] if e["text"].startswith(" ")]
    mains = [e["text"].strip() for r in api["log"] for e in r["events"] if not e["text"].startswith(" ")]
    assert details, "the game has details to place"
    subs = re.findall(r'<li class="replay-event-sub">(.*?)</li>', html)
    tops = re.findall(r'<li class="replay-event">(.*?)(?:<ul|</li>)', html, re.S)
    unescape = {"&#x27;": "'", "&amp;": "&", "&quot;": '"'}

    def plain(text: str) -> str:
        for code, char in unescape.items():
            text = text.replace(code, char)
        return text.strip()

    assert [plain(t) for t in subs] == details
    assert [plain(t) for t in tops] == mains  # each numbered item is an event of its own
