"""Issue 14's defects, each through POST /api/v1/goldfish/ in play mode, on a tiny made-up deck whose
answer is worked out by hand (the engine's own tests are tests/rules/test_goldfish_effects.py).

Every card has a sacrifice the hand cannot pay (9) unless said otherwise, so only what the test is
about (freeplay, effects) can put it into play.
"""

import copy
import math

import pytest
from rest_framework.test import APIClient

from cardcollections.catalog.services import catalog_load
from tests.decks.goldfish.test_goldfish_api import run_all

URL = "/api/v1/goldfish/"
CV = "chapter-and-verse"
UNPAYABLE = 9


def verse(number: int, title: str, *, icons: dict, sacrifice: int = UNPAYABLE, set_code: str = "IX", **fields) -> dict:
    return {
        "set": set_code,
        "number": str(number),
        "title": title,
        "sacrifice": sacrifice,
        "icons": icons,
        "markers": [],
        "scripture": f"The words of {title}",
        "reference": fields.pop("reference", f"Made Up {number}:1"),
        "standard_work": "new-testament",
        **fields,
    }


def text(printed: str, **structure) -> dict:
    return {"kind": "text", "text": printed, **structure}


ISSUE_CATALOG = {
    "game": CV,
    "sets": [{"code": "IX", "name": "Issue 14"}, {"code": "IY", "name": "Issue 14, again"}],
    "cards": [
        # As the starter catalog prints it.
        verse(
            1,
            "Faith Without Works",
            icons={"strength": 1, "faith": 1},
            sacrifice=1,
            effects=[
                text(
                    "Play this verse only into a chapter that already has a Strength icon.",
                    only=[{"condition": "chapter-has-icon", "theme": "strength"}],
                )
            ],
        ),
        verse(
            2,
            "By Small Means",
            icons={"wisdom": 2, "histories": 1},
            sacrifice=0,
            effects=[
                text(
                    "Play this verse only into a chapter of three or fewer verses. When you do, draw a verse.",
                    only=[{"condition": "chapter-verses-at-most", "n": 3}],
                    do=[{"action": "draw-verses", "n": 1}],
                )
            ],
        ),
        verse(
            3,
            "Blessed",
            icons={"faith": 1},
            sacrifice=0,
            effects=[text("Draw a blessing.", do=[{"action": "draw-blessing", "n": 1}])],
        ),
        verse(
            4,
            "Renew",
            icons={"faith": 1},
            effects=[{"kind": "discard", "text": "Draw two verses.", "do": [{"action": "draw-verses", "n": 2}]}],
        ),
        verse(
            5,
            "Quick Renew",
            icons={"faith": 1},
            effects=[{"kind": "quick-play", "text": "Draw two verses.", "do": [{"action": "draw-verses", "n": 2}]}],
        ),
        verse(6, "Quoted", icons={"faith": 1}, sacrifice=5, effects=[{"kind": "quote"}]),
        verse(
            7,
            "Setter",
            icons={"strength": 2},
            effects=[
                text("Set up to two verses from your hand into this chapter.", do=[{"action": "set-from-hand", "n": 2}])
            ],
        ),
        verse(8, "Pointer", icons={"strength": 4}, effects=[{"kind": "cross-reference", "reference": "Target 1:1"}]),
        verse(9, "Target", icons={"strength": 3}, reference="Target 1:1"),
        # One title, two printings: the first Unique, the second not.
        verse(10, "Only Once", icons={"strength": 1}, sacrifice=0, effects=[{"kind": "unique"}]),
        verse(10, "Only Once", icons={"strength": 1}, sacrifice=0, set_code="IY"),
    ],
}


@pytest.fixture
def issue_catalog(db):
    catalog_load(document=copy.deepcopy(ISSUE_CATALOG))


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def play(client: APIClient, decklist: str, *, turns: int = 10, trials: int = 300, **options) -> dict:
    """The play-out's result through the API: the job, run as the workers would if it did not finish inline."""
    body = {"game": CV, "decklist": decklist, "mode": "play", "turns": turns, "trials": trials, "seed": 14, **options}
    response = client.post(URL, body, format="json")
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    state = client.get(f"{URL}{job_id}/").json()
    if state["status"] != "done":
        run_all(job_id)
        state = client.get(f"{URL}{job_id}/").json()
    assert state["status"] == "done", state
    return state["result"]


def outcome(result: dict, name: str) -> list[float]:
    return next(o["probability"] for o in result["outcomes"] if o["name"] == name)


def replay_texts(client: APIClient, decklist: str, games: int, **options) -> list[str]:
    body = {"game": CV, "decklist": decklist, "turns": 10, "trials": 300, "seed": 14, **options}
    texts = []
    for number in range(1, games + 1):
        response = client.post("/api/v1/goldfish/replay/", {**body, "game_number": number}, format="json")
        assert response.status_code == 200, response.json()
        texts += [e["text"] for record in response.json()["log"] for e in record["events"]]
    return texts


@pytest.mark.django_db
def test_faith_without_works_is_never_freeplayed_to_start_a_chapter(client, issue_catalog):
    # Alone, it can never be played: no chapter ever has a Strength icon for it to join.
    assert outcome(play(client, "40 Faith Without Works"), "first-book") == [0.0] * 11
    texts = replay_texts(client, "40 Faith Without Works", 3)
    assert not any(t.startswith(("Freeplayed", "Played")) for t in texts)


@pytest.mark.django_db
def test_by_small_means_draws_a_verse_and_goes_only_into_small_chapters(client, issue_catalog):
    # Every By Small Means draws its replacement, so turn 1 plays the whole deck, four to a chapter
    # (the fourth makes 8 wisdom: a book); a book a turn then draws the seven blessings by turn 7.
    result = play(client, "40 By Small Means")
    assert outcome(result, "first-book")[1] == 1.0
    assert outcome(result, "win")[6:8] == [0.0, 1.0]
    texts = replay_texts(client, "40 By Small Means", 1)
    assert "  Effect of By Small Means: draw 1 verse." in texts


@pytest.mark.django_db
def test_draw_a_blessing_happens(client, issue_catalog):
    # Six free verses on turn 1 draw six blessings; the sixth blessing is a seventh verse: the last blessing.
    assert outcome(play(client, "40 Blessed"), "win")[:2] == [0.0, 1.0]


@pytest.mark.django_db
@pytest.mark.parametrize("title", ["Renew", "Quick Renew"])
def test_discard_and_quick_play_verses_draw_two_verses(client, issue_catalog, title):
    # Discarding each one for its effect draws two more: by turn 1 every card of the deck but the
    # seven blessings has come into the hand (33); without the effect, 6.
    any_33 = {"name": "33 cards", "filter": {}, "at_least": 33}
    result = play(client, f"40 {title}", turns=2, queries=[any_33])
    assert result["queries"][0]["probability"][:2] == [0.0, 1.0]


@pytest.mark.django_db
def test_a_correct_quote_is_free_and_a_failed_one_is_not(client, issue_catalog):
    # Free, turn 1 plays all six into one faith chapter and turn 2's freeplay makes it seven: a book.
    # Paying 5 of a hand of 5 or 6 is never worth it: one freeplay a turn, a book on turn 7.
    free = outcome(play(client, "40 Quoted"), "first-book")
    assert free[1:3] == [0.0, 1.0]
    failed = outcome(play(client, "40 Quoted", quote_rate=0), "first-book")
    assert failed[6:8] == [0.0, 1.0]


@pytest.mark.django_db
def test_set_from_hand_sets_verses_into_the_chapter(client, issue_catalog):
    # Setter is only ever freeplayed; it sets two more: 6 strength on turn 1, 8 on turn 2 (a book).
    # Without the set, one freeplay a turn: a book on turn 4.
    assert outcome(play(client, "40 Setter"), "first-book")[1:3] == [0.0, 1.0]


@pytest.mark.django_db
def test_cross_reference_sets_the_referenced_verse(client, issue_catalog):
    # Pointer (freeplayed, 4 strength) sets a Target (3) from the hand: a book on turn 1 whenever the six
    # cards of turn 1 hold both; without Cross Reference a book takes two freeplays (turn 2).
    result = play(client, "20 Pointer\n20 Target", trials=2_000)
    neither = math.comb(20, 6) / math.comb(40, 6)
    expected = 1 - 2 * neither
    stderr = math.sqrt(expected * (1 - expected) / 2_000)
    assert abs(outcome(result, "first-book")[1] - expected) < 4 * stderr
    assert any(
        t.startswith("  Cross Reference of Pointer: set Target")
        for t in replay_texts(client, "20 Pointer\n20 Target", 2)
    )


@pytest.mark.django_db
def test_unique_blocks_the_title_not_only_the_printing(client, issue_catalog):
    # One verse of the title is ever played: 1 strength, never a book.
    result = play(client, "20 Only Once (IX) 10\n20 Only Once (IY) 10")
    assert outcome(result, "first-book") == [0.0] * 11


@pytest.mark.django_db
@pytest.mark.parametrize("target", [100, 10**6])
def test_a_bible_battles_wisdom_target_over_99_is_refused(client, bb_catalog, target):
    body = {"game": "bible-battles", "decklist": "20 Shepherd\n20 Goat", "mode": "play", "turns": 5, "trials": 10}
    response = client.post(URL, {**body, "target": target}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "target"
    assert client.post(URL, {**body, "target": 99}, format="json").status_code == 202


@pytest.mark.django_db
def test_bible_battles_abilities_load_as_effects_and_run_through_the_api(client):
    sage = {
        "set": "IB",
        "number": "1",
        "title": "Sage",
        "type": "follower",
        "effort": 0,
        "offense": 0,
        "defense": 1,
        "abilities": "Gain 2 wisdom at the beginning of your turn.",
        "effects": [{"kind": "wisdom-each-turn", "n": 2}],
    }
    catalog_load(document={"game": "bible-battles", "sets": [{"code": "IB", "name": "Issue 14"}], "cards": [sage]})
    body = {"game": "bible-battles", "decklist": "40 Sage", "mode": "play", "turns": 5, "trials": 50, "seed": 1}
    response = client.post(URL, {**body, "target": 6}, format="json")
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    if client.get(f"{URL}{job_id}/").json()["status"] != "done":
        run_all(job_id)
    result = client.get(f"{URL}{job_id}/").json()["result"]
    # One Sage a turn (0 wisdom each), each giving 2 at the beginning of later turns: 2, then 6 on turn 3.
    assert result["outcomes"][0]["probability"][:4] == [0.0, 0.0, 0.0, 1.0]
    assert result["unmodelled"] == []
