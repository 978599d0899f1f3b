"""The goldfish page (/decks/goldfish/): seeded hands in the URL, exact curves as an SVG chart."""

from urllib.parse import parse_qs
from urllib.parse import urlparse

import pytest

from rules.charts import probability_chart_svg
from tests.decks.conftest import GOLDFISH_DECK as DECK

PAGE = "/decks/goldfish/"
COSTS = "/decks/goldfish/costs/"


def hand_srcs(html: str) -> list[str]:
    return [part.split('"', 1)[0] for part in html.split('<img src="')[1:]]


@pytest.mark.django_db
def test_the_empty_page_asks_for_a_list_and_is_in_the_nav(client):
    response = client.get(PAGE)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Paste a deck list and draw a hand." in html
    assert f'href="{PAGE}" aria-current="page">Goldfish: test draws</a>' in html


@pytest.mark.django_db
def test_the_play_out_says_no_opponent_ever_acts_and_links_to_whole_games(client, cv_catalog):
    html = client.get(PAGE, {"game": "chapter-and-verse", "decklist": DECK}, follow=True).content.decode()
    assert "with no opponent" in html and 'href="/play/">play a whole game</a>' in html


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
def test_the_exact_panel_draws_a_chart_and_the_same_form_is_the_request_to_simulate(client, cv_catalog):
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
    # The Simulate tab's request is built by the server from the same form, with that tab's trials and seed.
    form.update({"mode": "simulate", "trials": "5000", "seed": "7"})
    body = client.post(COSTS, form, headers={"Accept": "application/json"}).json()["request"]
    assert body["mode"] == "simulate" and body["turns"] == 4 and (body["trials"], body["seed"]) == (5000, 7)
    assert [q["name"] for q in body["queries"]] == ["By Small Means", "2+ faith (theme)"]


@pytest.mark.django_db
def test_the_exact_panel_explains_a_bad_request(client, cv_catalog):
    response = client.post("/decks/goldfish/exact/", {"game": "chapter-and-verse", "decklist": DECK})
    assert response.status_code == 400
    assert "choose at least one" in response.content.decode()
    bad = {"game": "chapter-and-verse", "decklist": DECK, "q-kind-0": "type", "q-value-0": "follower"}
    response = client.post("/decks/goldfish/exact/", bad)
    assert response.status_code == 400 and "queries[0].filter.type" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "named"),
    [("turns", "31", "turns"), ("turns", "-1", "turns"), ("q-at-least-0", "0", "queries[0].at_least")],
)
def test_the_exact_panel_refuses_a_number_out_of_range_naming_it(client, cv_catalog, field, value, named):
    # Before, such a number was quietly replaced by the default (5 turns, at least 1) and answered.
    form = {"game": "chapter-and-verse", "decklist": DECK, "q-kind-0": "theme", "q-value-0": "faith", field: value}
    response = client.post("/decks/goldfish/exact/", form)
    assert response.status_code == 400 and named in response.content.decode()


@pytest.mark.django_db
def test_the_random_tabs_refuse_trials_out_of_range_instead_of_running_the_default(client, cv_catalog):
    form = {"game": "chapter-and-verse", "decklist": DECK, "q-kind-0": "theme", "q-value-0": "faith", "trials": "0"}
    costs = client.post(COSTS, form).content.decode()
    assert "Not ready:" in costs.split('id="cost-simulate"', 1)[1].split("</span>", 1)[0]
    body = client.post(COSTS, {**form, "mode": "simulate"}, headers={"Accept": "application/json"}).json()["request"]
    assert body["trials"] == 0  # sent on as typed: the API refuses it naming trials
    assert client.post("/api/v1/goldfish/", body, content_type="application/json").json()["field"] == "trials"


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
    from decks.lists.services import deck_create
    from decks.lists.services import deck_update

    deck = deck_create(owner=alice, game=Game.objects.get(slug="chapter-and-verse"), name="Mine", decklist=DECK)
    client.force_login(alice)
    response = client.get(PAGE, {"deck": str(deck.pk)})
    assert response.status_code == 302
    query = parse_qs(urlparse(response["Location"]).query)
    assert query["game"] == ["chapter-and-verse"] and "3 By Small Means (CV1) 900" in query["decklist"][0]
    assert len(hand_srcs(client.get(response["Location"]).content.decode())) == 5
    # Private: bob gets the page saying so, not alice's list; once unlisted, the link works for him.
    client.force_login(bob)
    refused = client.get(PAGE, {"deck": str(deck.pk)})
    assert refused.status_code == 200 and "No deck you may read has that link or id." in refused.content.decode()
    assert "(CV1) 900" not in refused.content.decode()
    assert client.get(PAGE, {"deck": "not-a-uuid"}).status_code == 200
    deck_update(deck=deck, visibility="unlisted")
    assert client.get(PAGE, {"deck": str(deck.pk)}).status_code == 302
    # A pasted link works as well as an id.
    link = client.get(PAGE, {"deck-link": f"https://cards.example/decks/{deck.pk}/"})
    assert link.status_code == 302 and "By+Small+Means" in link["Location"]


@pytest.mark.django_db
def test_the_deck_picker_offers_a_players_own_decks_only(client, cv_catalog, alice, bob):
    from cardcollections.models import Game
    from decks.lists.services import deck_create

    cv = Game.objects.get(slug="chapter-and-verse")
    deck_create(owner=alice, game=cv, name="Alice aggro", decklist=DECK)
    deck_create(owner=bob, game=cv, name="Bob public", decklist=DECK, visibility="public")
    assert 'id="saved-deck"' not in client.get(PAGE).content.decode()  # anonymous: only the link box
    client.force_login(alice)
    html = client.get(PAGE).content.decode()
    picker = html.split('id="saved-deck"', 1)[1].split("</select>", 1)[0]
    assert "Alice aggro (Chapter and Verse)" in picker and "Bob public" not in picker
    assert 'id="deck-link"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("garbage", ["%00", "%ED%A0%80", "9" * 400, "x" * 5000])
def test_a_hostile_deck_link_is_a_message_not_an_error(client, garbage):
    response = client.get(f"{PAGE}?deck-link={garbage}")
    # A NUL byte is refused before the view (400); the rest, a broken surrogate too, get the message.
    assert response.status_code == (400 if garbage == "%00" else 200)
    if response.status_code == 200:
        assert "No deck you may read has that link or id." in response.content.decode()


@pytest.mark.django_db
def test_the_tabs_say_what_each_way_costs_from_the_servers_cost_model(client, cv_catalog, settings):
    from decks.goldfish.checks import goldfish_prepare
    from decks.goldfish.services import goldfish_job_seconds

    form = {"game": "chapter-and-verse", "decklist": DECK, "turns": "5", "q-kind-0": "theme", "q-value-0": "faith"}
    html = client.get(PAGE, {"game": "chapter-and-verse", "decklist": DECK, "seed": 3}).content.decode()
    assert 'role="tab"' in html and ">Exact<" in html and ">Simulate<" in html and ">Play-out<" in html
    assert "answers at once" in html
    # Before a question is chosen the Simulate tab says why it cannot run.
    assert "Not ready:" in html.split('id="cost-simulate"', 1)[1].split("</span>", 1)[0]
    expected = goldfish_job_seconds(
        prepared=goldfish_prepare(
            data={
                "game": "chapter-and-verse",
                "decklist": DECK,
                "mode": "simulate",
                "trials": 50_000_000,
                "turns": 5,
                "queries": [{"name": "faith", "filter": {"theme": "faith"}}],
            }
        )
    )
    assert expected > 2
    costs = client.post(COSTS, {**form, "trials": "50000000"}).content.decode()
    simulate = costs.split('id="cost-simulate"', 1)[1].split("</span>", 1)[0]
    assert 'hx-swap-oob="true"' in costs
    assert f"about {round(expected)} s of worker time" in simulate
    small = client.post(COSTS, {**form, "trials": "1000"}).content.decode()
    assert "under a second of worker time" in small.split('id="cost-simulate"', 1)[1].split("</span>", 1)[0]
    settings.WORK_BUDGETS = {**settings.WORK_BUDGETS, "anon": {"jobs": 2, "seconds": 5}}
    over = client.post(COSTS, {**form, "trials": "50000000"}).content.decode()
    assert "That is more than you may queue (5 s): ask for fewer." in over
    empty = client.post(COSTS, {"game": "chapter-and-verse", "decklist": ""}).content.decode()
    assert "Paste a deck list or pick a deck" in empty


@pytest.mark.django_db
def test_every_ready_made_question_is_a_request_the_api_accepts(client, cv_catalog, bb_catalog):
    from decks.goldfish.checks import goldfish_prepare
    from decks.goldfish.views import READY_QUESTIONS
    from decks.goldfish.views import request_from_form

    decks = {"chapter-and-verse": DECK, "bible-battles": "20 Shepherd\n20 Goat"}
    html = client.get(PAGE).content.decode()
    assert "At least one of each theme by turn 3" in html and "A follower in the opening hand" in html
    for game, questions in READY_QUESTIONS.items():
        for question in questions:
            form = {"game": game, "decklist": decks[game], "turns": str(question["turns"])}
            for i, (kind, value, at_least) in enumerate(question["rows"]):
                form.update({f"q-kind-{i}": kind, f"q-value-{i}": value, f"q-at-least-{i}": str(at_least)})
            body = request_from_form(form)
            assert len(body["queries"]) == len(question["rows"]), question["label"]
            goldfish_prepare(data=body)  # raises on a filter the engine refuses
