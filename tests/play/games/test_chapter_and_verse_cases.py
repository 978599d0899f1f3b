"""Chapter and Verse worked cases through POST /api/v1/play/chapter-and-verse/, each from a stacked deal (every
seat's deck list, `options.deal` naming every verse top first) and each citing the line of
chapter-and-verse.txt it shows. With `options.blessings` at 1 or 2 the first verses of a deal are the blessings,
then the Start Challenge's verse, then the rest of the hand, then the deck."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from cardcollections.catalog.services import catalog_load
from tests.rules.checkers.pools import CATALOGS

URL = "/api/v1/play/chapter-and-verse/"
# Verses of a test set: the rules' example of a simultaneous last blessing ("as a result of a verse effect"), and
# a printed effect the site cannot follow (every effect of the starter catalog is followed).
JUBILEE = {
    "game": "chapter-and-verse",
    "sets": [{"code": "CVTEST", "name": "Worked cases"}],
    "cards": [
        {
            "set": "CVTEST",
            "number": "1",
            "title": "Year of Jubilee",
            "text": "Each player draws a blessing.",
            "sacrifice": 0,
            "icons": {"histories": 1},
            "markers": [],
            "scripture": "And ye shall hallow the fiftieth year, and proclaim liberty throughout all the land.",
            "reference": "Leviticus 25:10",
            "standard_work": "old-testament",
            "effects": [
                {
                    "kind": "text",
                    "text": "Each player draws a blessing.",
                    "do": [{"action": "draw-blessing", "n": 1, "each-player": True}],
                }
            ],
        },
        {
            "set": "CVTEST",
            "number": "2",
            "title": "Seventy Times Seven",
            "text": "Forgive an opponent: both of you draw a verse.",
            "sacrifice": 1,
            "icons": {"faith": 1},
            "markers": [],
            "scripture": "I say not unto thee, Until seven times: but, Until seventy times seven.",
            "reference": "Matthew 18:22",
            "standard_work": "new-testament",
            "effects": [{"kind": "text", "text": "Forgive an opponent: both of you draw a verse."}],
        },
    ],
}


@pytest.fixture
def catalog(db):
    catalog_load(document=json.loads((CATALOGS / "chapter-and-verse.json").read_text(encoding="utf-8")))
    catalog_load(document=JUBILEE)


class Table:
    """A game through the endpoint: each `do` posts the whole log again (the endpoint is stateless)."""

    def __init__(self, decks: list[list[str]], **options: Any) -> None:
        self.body = {
            "seats": [
                {"name": name, "deck": "\n".join(f"1 {t}" for t in deck)}
                for name, deck in zip(["Ann", "Ben", "Cy"], decks)
            ],
            "seed": 5,
            "options": {"variant": "advanced", "blessings": 1, "deal": decks, **options},
            "actions": [],
        }
        self.answer = self.post()

    def post(self, actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        body = dict(self.body, actions=self.body["actions"] if actions is None else actions)
        response = APIClient().post(URL, body, format="json")
        assert response.status_code == 200, response.json()
        return response.json()

    def refused(self, seat: int, **action: Any) -> dict[str, Any]:
        body = dict(self.body, actions=[*self.body["actions"], {"seat": seat, **action}])
        response = APIClient().post(URL, body, format="json")
        assert response.status_code == 400
        return response.json()

    def do(self, seat: int, kind: str, **keys: Any) -> list[dict[str, Any]]:
        before = len(self.answer["events"])
        self.body["actions"].append({"seat": seat, "type": kind, **keys})
        self.answer = self.post()
        return self.answer["events"][before:]

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return self.answer["legal"].get(str(seat), [])

    def types(self, seat: int) -> set[str]:
        return {a["type"] for a in self.legal(seat)}

    @property
    def state(self) -> dict[str, Any]:
        return self.answer["state"]

    def zone(self, seat: int, zone: str) -> list[str]:
        return [c["title"] for c in self.state["seats"][seat]["zones"].get(zone, [])]

    def chapters(self, seat: int) -> dict[str, list[str]]:
        zones = self.state["seats"][seat]["zones"]
        return {z: [c["title"] for c in cs] for z, cs in zones.items() if z.startswith("chapter-")}

    def prompt(self) -> dict[str, Any]:
        return self.state["prompt"]


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# Ann's decks start with her blessing, then "A Change of Heart" (first in the alphabet: she wins the Start
# Challenge), four more verses of her hand, then the verse she draws first. Ben's start with "Wages of Sin".
FILL = ["Murmuring", "Be Still", "In the Beginning", "Goodly Parents", "That They Might Have Joy", "Jesus Wept"]


def ann(*hand_and_deck: str, blessings: int = 1) -> list[str]:
    """Ann's deal: her blessings, her Start Challenge verse, four more verses of her hand, then her deck."""
    return [*["Bow in the Cloud", "The Burning Bush"][:blessings], "A Change of Heart", *hand_and_deck]


def ben(*hand_and_deck: str, blessings: int = 1) -> list[str]:
    return [*["Buried Their Swords", "Construct a Ship"][:blessings], "Wages of Sin", *hand_and_deck]


def scripture(title: str) -> str:
    cards = json.loads((CATALOGS / "chapter-and-verse.json").read_text(encoding="utf-8"))["cards"]
    return next(c["scripture"] for c in cards if c["title"] == title)


def test_the_start_challenge_goes_to_the_first_title_in_alphabetical_order(catalog):
    # "The player whose verse title is first in alphabetical order wins the Start Challenge."
    t = Table([ann(*FILL[:5]), ben(*FILL[:5])])
    assert t.state["first"] == 0 and t.answer["to_act"] == [0]
    reveals = [e for e in t.answer["events"] if e["type"] == "reveal"]
    assert [e["cards"] for e in reveals] == [["A Change of Heart"], ["Wages of Sin"]]
    # "All players add the verses they have drawn during the Start Challenge to their opening hands, and then
    # draw until they have their starting five verses."
    assert "A Change of Heart" in t.zone(0, "hand") and len(t.zone(1, "hand")) == 5


def test_a_tied_start_challenge_draws_again_and_keeps_every_verse_drawn(catalog):
    # "If there are two players who tie ... those players immediately draw a second verse"
    t = Table(
        [
            ["Bow in the Cloud", "Be Still", "Murmuring", *FILL[2:5]],
            ["Buried Their Swords", "Be Still", "Jesus Wept", *FILL[2:5]],
        ]
    )
    assert t.state["first"] == 1  # Jesus Wept comes before Murmuring
    assert [e["cards"][0] for e in t.answer["events"] if e["type"] == "reveal"] == [
        "Be Still",
        "Be Still",
        "Murmuring",
        "Jesus Wept",
    ]
    assert len(t.zone(0, "hand")) == 5 and {"Be Still", "Murmuring"} <= set(t.zone(0, "hand"))


def test_the_blessings_are_set_aside_face_down_first(catalog):
    # "each of you pulls the first seven verses from the top of your decks and sets them aside"
    t = Table([ann(*FILL[:5]), ben(*FILL[:5])], blessings=2)
    view = t.post()["state"]
    assert [c["title"] for c in view["seats"][0]["zones"]["blessings"]] == ["Bow in the Cloud", "A Change of Heart"]


def test_the_draw_is_compulsory_and_skipped_only_with_an_empty_deck(catalog):
    # Advanced "Draw": "drawing a verse isn't optional ... The only exception ... no verses left in your deck"
    t = Table([ann("Be Still", "Murmuring", "In the Beginning", "Goodly Parents", "Jesus Wept"), ben(*FILL[:4])])
    assert len(t.zone(0, "hand")) == 6 and "draw" in kinds(t.answer["events"])
    t.do(0, "pass")
    events = t.do(0, "end-turn")
    assert "no-draw" in kinds(events) and len(t.zone(1, "hand")) == 5


def test_freeplay_plays_a_verse_without_sacrifice(catalog):
    # "in this phase ... you don't have to sacrifice to play verses"
    t = Table([ann("The Walls Fell Down", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    events = t.do(0, "freeplay", cards=["The Walls Fell Down"], chapter=0)
    assert t.chapters(0) == {"chapter-1": ["The Walls Fell Down"]} and t.zone(0, "discard") == []
    assert any(e["rule"].endswith("The Turn, Freeplay") for e in events)
    # Advanced Freeplay: "You may not play a card as a "Discard" or "Quick Play" in your Freeplay phase."
    t2 = Table([ann("Renew Your Strength", *FILL[:4]), ben(*FILL[:5])])
    assert "discard" not in t2.types(0)


def test_the_play_phase_costs_the_sacrifice_in_verses_of_the_hand(catalog):
    # "Take that many other verses from your hand and put them into your discard pile."
    t = Table([ann("Ark of Gopher Wood", "Murmuring", "Be Still", "Goodly Parents", "Jesus Wept"), ben(*FILL[:5])])
    t.do(0, "pass")
    t.do(0, "play", cards=["Ark of Gopher Wood"], chapter=0)
    assert t.prompt()["kind"] == "sacrifice"
    t.do(0, "sacrifice", cards=["Murmuring"])
    t.do(0, "sacrifice", cards=["Be Still"])
    t.do(1, "pass")  # Ben may challenge; he does not
    assert t.chapters(0) == {"chapter-1": ["Ark of Gopher Wood"]}
    assert t.zone(0, "discard") == ["Murmuring", "Be Still"]


def test_a_verse_costing_more_than_the_other_verses_of_the_hand_cannot_be_played(catalog):
    t = Table([ann("He Is Risen", "Murmuring", *FILL[2:5]), ben(*FILL[:5])])
    t.do(0, "freeplay", cards=["Murmuring"], chapter=0)
    t.do(1, "pass")
    plays = [a for a in t.legal(0) if a["type"] == "play"]
    assert plays and all(a["cards"] != ["He Is Risen"] for a in plays)  # 5 to pay, 5 other verses... minus one


def test_a_quote_said_right_plays_the_verse_without_sacrifice(catalog):
    # Quote: "If you can say it correctly as written, ... you may play it to the tabletop without sacrificing."
    t = Table([ann("Go and Do", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "pass")
    text = scripture("Go and Do").replace("[", "").replace("]", "").lower().replace("came", "cam")  # a slip
    events = t.do(0, "quote", cards=["Go and Do"], chapter=0, text=text)
    assert "attempt" in kinds(events) and "matches" in next(e for e in events if e["type"] == "attempt")["detail"]
    assert t.chapters(0) == {"chapter-1": ["Go and Do"]} and t.zone(0, "discard") == []


def test_a_quote_said_wrong_is_paid_for_or_discarded(catalog):
    # "If you can't say it, you may either pay its sacrifice cost and play it, or it is discarded."
    t = Table([ann("Go and Do", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "pass")
    events = t.do(0, "quote", cards=["Go and Do"], chapter=0, text="I will go somewhere")
    attempt = next(e for e in events if e["type"] == "attempt")
    assert "does not match" in attempt["detail"] and "wrong word" in attempt["detail"]  # what differed
    assert {"pay", "drop"} == t.types(0)
    t.do(0, "drop")
    assert t.zone(0, "discard") == ["Go and Do"] and t.chapters(0) == {}


def test_in_friendly_play_the_opponent_may_accept_a_refused_quote(catalog):
    t = Table([ann("Go and Do", *FILL[:4]), ben(*FILL[:5])], quote_it=False, friendly=True)
    t.do(0, "pass")
    t.do(0, "quote", cards=["Go and Do"], chapter=0, text="I will go and do the things the Lord commanded")
    assert t.answer["to_act"] == [1] and t.types(1) == {"accept", "refuse"}
    t.do(1, "accept")
    assert t.chapters(0) == {"chapter-1": ["Go and Do"]} and t.zone(0, "discard") == []


def test_quote_it_answered_right_lets_the_play_and_its_effect_stand(catalog):
    # Quote It: "If he/she successfully quotes the verse, the play is successful."
    t = Table([ann("Behold, I Am Jesus Christ", *FILL[:4], blessings=2), ben(*FILL[:5], blessings=2)], blessings=2)
    t.do(0, "freeplay", cards=["Behold, I Am Jesus Christ"], chapter=0)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "quote-it")
    t.do(1, "quote-it", cards=["Murmuring"])
    assert t.zone(1, "discard") == ["Murmuring"]  # the challenger's cost is paid
    events = t.do(0, "answer", text="3 Ne 11:10")  # a reference however written
    assert "challenge-failed" in kinds(events) and "blessing" in kinds(events)
    assert t.state["blessings_left"][0] == 1


def test_a_failed_quote_it_sends_the_verse_to_outer_darkness_and_its_effect_never_happens(catalog):
    # "If he/she can't do it, that verse is removed from the game, to "Outer Darkness"." ... "the challenge happens
    # as the verse is being played, and before its effect activates"
    t = Table([ann("Behold, I Am Jesus Christ", *FILL[:4], blessings=2), ben(*FILL[:5], blessings=2)], blessings=2)
    t.do(0, "freeplay", cards=["Behold, I Am Jesus Christ"], chapter=0)
    t.do(1, "quote-it", cards=["Murmuring"])
    events = t.do(0, "answer", text="John 3:16")
    assert t.zone(0, "outer-darkness") == ["Behold, I Am Jesus Christ"]
    assert "blessing" not in kinds(events) and t.state["blessings_left"][0] == 2
    assert t.zone(1, "discard") == ["Murmuring"]  # "no sacrificed verses are returned to either player"


def test_a_set_verse_cannot_be_challenged(catalog):
    # "A verse that is set cannot be challenged"
    t = Table([ann("First and Great", "Keep My Commandments", *FILL[:3]), ben(*FILL[:5])])
    t.do(0, "freeplay", cards=["First and Great"], chapter=0)
    t.do(1, "pass")
    t.do(0, "choose", cards=["Keep My Commandments"])
    assert t.chapters(0) == {"chapter-1": ["First and Great", "Keep My Commandments"]}
    assert t.prompt()["kind"] == "play" and t.answer["to_act"] == [0]  # nobody is asked to challenge the set verse
    assert any(c.startswith("s0-keep") for c in t.state["set"])


def test_a_discard_effect_happens_when_the_verse_is_discarded_from_the_hand(catalog):
    # Discard: "If, during your turn, you take this verse from your hand and discard it ..., it activates"
    t = Table([ann("Renew Your Strength", *FILL[:4], "Ark of Gopher Wood", "The Great Tower"), ben(*FILL[:5])])
    t.do(0, "pass")
    hand = len(t.zone(0, "hand"))
    events = t.do(0, "discard", cards=["Renew Your Strength"])
    assert "effect" in kinds(events) and len(t.zone(0, "hand")) == hand - 1 + 2
    assert t.zone(0, "discard") == ["Renew Your Strength"]


def test_a_quick_play_cancels_the_verse_it_answers(catalog):
    # Quick Play: "may be played during any player's turn"; A Way to Escape: "Cancel the effect of a verse an
    # opponent has just played."
    t = Table(
        [ann("Behold, I Am Jesus Christ", *FILL[:4], blessings=2), ben("A Way to Escape", *FILL[:4], blessings=2)],
        blessings=2,
        quote_it=False,
    )
    t.do(0, "freeplay", cards=["Behold, I Am Jesus Christ"], chapter=0)
    assert t.prompt()["kind"] == "respond" and t.answer["to_act"] == [1]
    events = t.do(1, "quick-play", cards=["A Way to Escape"])
    assert "cancelled" in kinds(events) and "blessing" not in kinds(events)
    assert t.state["blessings_left"][0] == 2


def test_a_quick_play_answered_by_a_quick_play_resolves_last_in_first_out(catalog):
    # The Line: "their effects are resolved, one at a time, in reverse order of their play."
    t = Table(
        [
            ann("Behold, I Am Jesus Christ", "A Way to Escape", *FILL[:3], blessings=2),
            ben("A Way to Escape", *FILL[:4], blessings=2),
        ],
        blessings=2,
        quote_it=False,
    )
    t.do(0, "freeplay", cards=["Behold, I Am Jesus Christ"], chapter=0)
    t.do(1, "quick-play", cards=["A Way to Escape"])
    assert [e["title"] for e in t.state["line"]] == ["Behold, I Am Jesus Christ", "A Way to Escape"]
    assert t.answer["to_act"] == [0]  # Ann may answer Ben's Quick Play with her own
    events = t.do(0, "quick-play", cards=["A Way to Escape"])
    order = [(e["type"], e["seat"]) for e in events if e["type"] in ("resolve", "cancel", "cancelled", "blessing")]
    # Ann's Quick Play resolves first and cancels Ben's; Ben's is cancelled; Behold resolves last: Ann's blessing.
    assert order == [("resolve", 0), ("cancel", 0), ("cancelled", 1), ("resolve", 0), ("blessing", 0)]
    assert t.state["blessings_left"][0] == 1 and t.state["line"] == []


def test_closing_a_book_from_one_chapter_draws_a_blessing_and_ends_the_turn(catalog):
    # "a single chapter with 7 or more icons of the same theme, you could "close the book" ... draw a blessing ...
    # Your play phase immediately ends"
    deals = [
        ann("Things Hoped For", "Mighty Prayer", "Without Faith", "Be Still", "Murmuring", *FILL[2:], blessings=2),
        ben(*FILL[:5], blessings=2),
    ]
    t = Table(deals, blessings=2, quote_it=False)
    t.do(0, "freeplay", cards=["Things Hoped For"], chapter=0)
    t.do(0, "play", cards=["Mighty Prayer"], chapter=1)
    t.do(0, "sacrifice", cards=["A Change of Heart"])
    t.do(0, "sacrifice", cards=["Be Still"])
    t.do(0, "choose", cards=[])  # its Prayer: nothing taken
    t.do(0, "place", where="top")
    assert "start-book" not in t.types(0)  # 5 Faith icons
    t.do(0, "play", cards=["Without Faith"], chapter=1)
    t.do(0, "sacrifice", cards=["Murmuring"])
    assert {"type": "start-book", "theme": "faith"} in t.legal(0)
    t.do(0, "start-book", theme="faith")
    t.do(0, "add-chapter", owner=0, chapter=1)
    events = t.do(0, "close-book", theme="faith")
    assert "book" in kinds(events) and "blessing" in kinds(events) and t.chapters(0) == {}
    assert t.state["blessings_left"][0] == 1 and t.state["active"] == 1  # the turn ended at once


def test_a_book_from_two_tabletops_takes_at_most_one_chapter_of_each_player(catalog):
    # "They can be chosen from other players' tabletops, but you can choose no more than one chapter from any one
    # player" ... "send the verses to the appropriate discard piles"
    deals = [
        ann(
            "Things Hoped For",
            "Be Still",
            "Without Faith",
            "Murmuring",
            "Goodly Parents",
            "In the Beginning",
            blessings=2,
        ),
        ben("Mighty Prayer", *FILL[:5], blessings=2),
    ]
    t = Table(deals, blessings=2, quote_it=False)
    t.do(0, "freeplay", cards=["Things Hoped For"], chapter=0)
    t.do(0, "end-turn")
    t.do(1, "freeplay", cards=["Mighty Prayer"], chapter=0)
    t.do(1, "choose", cards=[])
    t.do(1, "place", where="top")
    t.do(1, "end-turn")
    t.do(0, "freeplay", cards=["Be Still"], chapter=0)  # a second chapter of Ann's with a Faith icon
    assert "start-book" not in t.types(0)  # 3 Faith on Ann's best chapter, 2 on Ben's
    t.do(0, "play", cards=["Without Faith"], chapter=1)
    t.do(0, "sacrifice", cards=["Murmuring"])
    t.do(0, "start-book", theme="faith")
    t.do(0, "add-chapter", owner=0, chapter=1)
    assert [a for a in t.legal(0) if a.get("owner") == 0] == []  # one chapter of Ann's at most
    t.do(0, "add-chapter", owner=1, chapter=1)
    events = t.do(0, "close-book", theme="faith")
    assert "book" in kinds(events)
    assert t.chapters(1) == {} and t.zone(1, "discard") == ["Mighty Prayer"]
    assert set(t.zone(0, "discard")) == {"Things Hoped For", "Without Faith", "Murmuring"}
    assert t.chapters(0) == {"chapter-2": ["Be Still"]}


def test_drawing_the_last_blessing_wins_at_once(catalog):
    # "Once you draw your last blessing verse, the game is immediately over and you just won."
    t = Table([ann("Behold, I Am Jesus Christ", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "freeplay", cards=["Behold, I Am Jesus Christ"], chapter=0)
    assert t.answer["status"] == "over" and t.answer["result"]["winners"] == [0]
    assert t.refused(1, type="pass")["code"] == "game-over"


def test_simultaneous_last_blessings_go_to_the_player_whose_turn_ends_next(catalog):
    # "If two or more players draw their last blessing simultaneously ... the player whose turn would end next wins"
    t = Table([ann("Year of Jubilee", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    events = t.do(0, "freeplay", cards=["Year of Jubilee"], chapter=0)
    assert [e["seat"] for e in events if e["type"] == "blessing"] == [0, 1]
    assert t.answer["result"]["winners"] == [0] and "simultaneously" in t.answer["result"]["reason"]
    # In Ben's turn, Ann's Jubilee (a Quick Play would do the same) is not there: Ben plays his own and wins.
    t2 = Table([ann(*FILL[:5]), ben("Year of Jubilee", *FILL[:4])], quote_it=False)
    t2.do(0, "pass")
    t2.do(0, "end-turn")
    t2.do(1, "freeplay", cards=["Year of Jubilee"], chapter=0)
    assert t2.answer["result"]["winners"] == [1]


def test_a_unique_verse_played_blocks_every_copy_for_the_rest_of_the_game(catalog):
    # Unique: "once any player plays a verse with the unique ability, no verse with the same name may be played"
    t = Table([ann("He Is Risen", *FILL[:4]), ben("He Is Risen", *FILL[:4])], quote_it=False)
    t.do(0, "freeplay", cards=["He Is Risen"], chapter=0)
    t.do(0, "choose", cards=[]) if t.prompt()["kind"] == "choose" else None
    t.do(0, "end-turn")
    assert all(a.get("cards") != ["He Is Risen"] for a in t.legal(1))


def test_prayer_takes_one_of_the_top_verses_and_puts_the_rest_back(catalog):
    # Prayer (n): "Look at the number (n) of verses from the top of your deck. You may choose one of them"
    t = Table(
        [ann("Fishers of Men", *FILL[:4], "Jesus Wept", "The Great Tower", "Ark of Gopher Wood"), ben(*FILL[:5])],
        quote_it=False,
    )
    t.do(0, "freeplay", cards=["Fishers of Men"], chapter=0)
    assert [a["cards"] for a in t.legal(0)] == [["Jesus Wept"], ["The Great Tower"], []]
    assert set(t.prompt()["shows"]) == {a["ids"][0] for a in t.legal(0) if a["ids"]}  # Ann alone sees them
    t.do(0, "choose", cards=["The Great Tower"])
    t.do(0, "place", where="bottom")
    assert "The Great Tower" in t.zone(0, "hand") and t.zone(0, "deck") == ["Ark of Gopher Wood", "Jesus Wept"]


def test_a_cross_reference_sets_the_referenced_verse_into_the_same_chapter(catalog):
    # Cross Reference: "If you have the referenced verse in your hand, you may immediately set it into the same
    # chapter"
    t = Table([ann("The Wise Man", "Rock of Our Redeemer", *FILL[:3]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "freeplay", cards=["The Wise Man"], chapter=0)
    t.do(0, "choose", cards=["Rock of Our Redeemer"])
    assert t.chapters(0) == {"chapter-1": ["The Wise Man", "Rock of Our Redeemer"]}


def test_a_verse_that_may_only_go_into_a_small_chapter_is_offered_only_there(catalog):
    # The Big Rule: "anything written on a verse card will supercede the rule book" (By Small Means: only into a
    # chapter of three or fewer verses)
    t = Table([ann("By Small Means", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    chapters = {a["chapter"] for a in t.legal(0) if a.get("cards") == ["By Small Means"]}
    assert chapters == {0}


def test_the_hand_limit_puts_the_excess_under_the_blessings(catalog):
    # Start: "If you have more than 8 verses in your hand, you have to take the excess verses and put them on the
    # bottom of your blessing stack."
    t = Table([ann(*FILL[:5], *FILL, *FILL), ben(*FILL[:5], *FILL, *FILL)], quote_it=False)
    for _ in range(4):
        for seat in (0, 1):
            t.do(seat, "pass")
            t.do(seat, "end-turn")
    assert t.prompt()["kind"] == "hand-limit" and len(t.zone(0, "hand")) == 9
    t.do(0, "to-blessings", cards=["Murmuring"])
    assert t.state["blessings_left"][0] == 2 and len(t.zone(0, "hand")) == 9  # 8, then the draw


def test_bad_input_is_a_400_naming_the_action_and_the_reason(catalog):
    t = Table([ann("Go and Do", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "pass")
    no_text = t.refused(0, type="quote", cards=["Go and Do"], chapter=0)
    assert no_text["field"] == "actions[1]" and no_text["code"] == "illegal-action"
    too_long = t.refused(0, type="quote", cards=["Go and Do"], chapter=0, text="word " * 1000)
    assert too_long["code"] == "text-too-long" and too_long["action"] == 1
    # A quote of 1 MB: refused before the game is dealt, naming the action.
    huge = dict(t.body, actions=[*t.body["actions"], {"seat": 0, "type": "quote", "text": "x" * 1_000_000}])
    answer = APIClient().post(URL, huge, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "actions[1]"
    assert answer.json()["code"] == "text-too-long"


@pytest.mark.parametrize(("slip", "signed"), [(False, True), (True, False)])
def test_only_a_quote_said_word_for_word_is_kept_for_a_mastery_signature(catalog, slip, signed):
    """A slip is forgiven for the Quote itself (the verse is played free either way), but a Mastery card is signed
    for a verse said word for word (case and punctuation aside): docs/learning.md, "Mastery"."""
    from play.games.services import game_replay
    from rules.games.chapter_and_verse.table import quoted_verses

    t = Table([ann("Go and Do", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "pass")
    text = scripture("Go and Do").replace("[", "").replace("]", "").lower()
    if slip:
        text = text.replace("came", "cam")
    events = t.do(0, "quote", cards=["Go and Do"], chapter=0, text=text)
    assert "matches" in next(e for e in events if e["type"] == "attempt")["detail"]
    played = game_replay(
        game="chapter-and-verse",
        seats=t.body["seats"],
        options=t.body["options"],
        seed=t.body["seed"],
        actions=t.body["actions"],
    )
    assert [(seat, card.data.title) for seat, card in quoted_verses(played.state)] == (
        [(0, "Go and Do")] if signed else []
    )


# ---------------------------------------------------------------- Quick Plays that answer other moments
# Advanced Game Effects, Quick Play: "may be played during any player's turn"; The Line: "there is some other effect
# on the verse that allows you to play in an opponent's turn"; The Big Rule: "anything written on a verse card will
# supercede the rule book". Each verse below is offered at the moment its text names, and only then.


def armour_table(ann_chapter: int = 4, **options: Any) -> Table:
    """Ann frees A Change of Heart and plays verses of sacrifice 0 after it into one chapter (`ann_chapter` verses
    in all) and ends her turn; Ben passes his freeplay. Ann holds The Whole Armour and A Way to Escape; Ben holds
    David and Goliath."""
    t = Table(
        [
            ann(*FILL[:3], "The Whole Armour", "A Way to Escape"),
            ben("David and Goliath", *FILL[:3], "Goodly Parents", "Jesus Wept"),
        ],
        quote_it=False,
        **options,
    )
    t.do(0, "freeplay", cards=["A Change of Heart"], chapter=0)
    for title in FILL[: ann_chapter - 1]:
        t.do(0, "play", cards=[title], chapter=1)
    t.do(0, "end-turn")
    t.do(1, "pass")
    return t


def test_the_whole_armour_is_offered_against_a_discard_that_would_take_a_verse_out_of_a_chapter(catalog):
    # The Whole Armour (Quick Play): "Cancel a Discard or Quick Play effect that would take a verse out of one of your
    # chapters." David and Goliath (Discard): "Choose an opponent's chapter of four or more verses; its owner puts its
    # last verse into their discard pile."
    t = armour_table()
    t.do(1, "discard", cards=["David and Goliath"])
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "respond")
    assert {"type": "quick-play", "cards": ["The Whole Armour"]} in [
        {k: a[k] for k in ("type", "cards")} for a in t.legal(0) if a["type"] == "quick-play"
    ]
    events = t.do(0, "quick-play", cards=["The Whole Armour"])
    cancels = [e for e in events if e["type"] in ("cancel", "cancelled")]
    assert [(e["type"], e["seat"]) for e in cancels] == [("cancel", 0), ("cancelled", 1)]
    assert t.chapters(0) == {"chapter-1": ["A Change of Heart", *FILL[:3]]}  # no verse left Ann's chapter
    assert t.zone(0, "discard") == ["The Whole Armour"] and t.zone(1, "discard") == ["David and Goliath"]
    assert t.answer["to_act"] == [1] and t.prompt()["kind"] == "play"


def test_the_whole_armour_declined_lets_the_discard_take_the_verse(catalog):
    t = armour_table()
    t.do(1, "discard", cards=["David and Goliath"])
    t.do(0, "pass")
    assert t.chapters(0) == {"chapter-1": ["A Change of Heart", *FILL[:2]]}  # its last verse left
    assert t.zone(0, "discard") == [FILL[2]] and "The Whole Armour" in t.zone(0, "hand")


def test_the_whole_armour_is_not_offered_when_no_verse_of_yours_would_leave_a_chapter(catalog):
    # Ann's chapter holds three verses: David and Goliath can take none of them, so there is nothing to cancel.
    t = armour_table(ann_chapter=3)
    t.do(1, "discard", cards=["David and Goliath"])
    assert {a["cards"][0] for a in t.legal(0) if a["type"] == "quick-play"} == {"A Way to Escape"}
    assert t.refused(0, type="quick-play", cards=["The Whole Armour"])["code"] == "nothing-to-cancel"
    t.do(0, "pass")
    assert t.answer["to_act"] == [1] and t.prompt()["kind"] == "play"
    assert t.chapters(0) == {"chapter-1": ["A Change of Heart", *FILL[:2]]}


def test_the_whole_armour_answering_a_verse_played_is_refused_with_the_reason(catalog):
    # A verse played (not a Discard or Quick Play effect) takes nothing out of Ann's chapters: A Way to Escape may
    # answer it, The Whole Armour may not.
    t = armour_table()
    t.do(1, "play", cards=["Murmuring"], chapter=0)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "respond")
    assert {a["cards"][0] for a in t.legal(0) if a["type"] == "quick-play"} == {"A Way to Escape"}
    refused = t.refused(0, type="quick-play", cards=["The Whole Armour"])
    assert refused["code"] == "nothing-to-cancel" and "The Whole Armour" in refused["detail"]


def time_table(**options: Any) -> Table:
    """Ben holds A Time to Every Purpose and A Way to Escape from the deal; Ann's first turn is about to start."""
    return Table(
        [ann(*FILL[:3], "A Way to Escape", "Jesus Wept"), ben("A Time to Every Purpose", "A Way to Escape", *FILL[:3])],
        quote_it=False,
        **options,
    )


def test_a_time_to_every_purpose_makes_the_player_whose_turn_starts_skip_the_freeplay(catalog):
    # A Time to Every Purpose (Quick Play): "At the start of any player's turn: that player skips their Freeplay
    # phase this turn." The Turn: Start, Draw, Freeplay, Play.
    t = time_table()
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "respond")  # before Ann's start, draw and freeplay
    assert {a["cards"][0] for a in t.legal(1) if a["type"] == "quick-play"} == {"A Time to Every Purpose"}
    hand = len(t.zone(0, "hand"))
    t.do(1, "quick-play", cards=["A Time to Every Purpose"])
    assert [e["title"] for e in t.state["line"]] == ["A Time to Every Purpose"]
    assert t.answer["to_act"] == [0]  # the Line: Ann may answer it with a Quick Play
    events = t.do(0, "pass")
    assert [e["type"] for e in events if e["type"] in ("no-freeplay", "draw")] == ["no-freeplay", "draw", "no-freeplay"]
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "play") and "freeplay" not in t.types(0)
    assert len(t.zone(0, "hand")) == hand + 1  # her draw still happens
    t.do(0, "end-turn")
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "freeplay")  # "this turn" only: Ben's own freeplay


def test_a_time_to_every_purpose_declined_leaves_the_freeplay(catalog):
    t = time_table()
    t.do(1, "pass")
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "freeplay")
    assert "A Time to Every Purpose" in t.zone(1, "hand")


def test_a_time_to_every_purpose_cancelled_in_the_line_leaves_the_freeplay(catalog):
    # The Line: "He/she then has the chance to play his/her own Quick Play verses, 'in response'".
    t = time_table()
    t.do(1, "quick-play", cards=["A Time to Every Purpose"])
    t.do(0, "quick-play", cards=["A Way to Escape"])
    assert t.answer["to_act"] == [1]  # Ben may answer Ann's answer in turn
    events = t.do(1, "pass")
    assert "cancelled" in kinds(events) and "no-freeplay" not in kinds(events)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "freeplay")


def test_a_time_to_every_purpose_out_of_its_moment_is_refused_with_the_reason(catalog):
    t = time_table()
    t.do(1, "pass")
    t.do(0, "freeplay", cards=["Murmuring"], chapter=0)
    # The Line after Ann's verse: Ben may answer with A Way to Escape, not with A Time to Every Purpose.
    assert {a["cards"][0] for a in t.legal(1) if a["type"] == "quick-play"} == {"A Way to Escape"}
    refused = t.refused(1, type="quick-play", cards=["A Time to Every Purpose"])
    assert refused["code"] == "not-its-moment" and "start of a player's turn" in refused["detail"]
    t.do(1, "pass")
    t.do(0, "end-turn")
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "respond")  # his own turn starts: he may, and passes
    t.do(1, "pass")
    t.do(1, "pass")  # his freeplay
    assert not any(a["type"] == "discard" and a["cards"] == ["A Time to Every Purpose"] for a in t.legal(1))
    refused = t.refused(1, type="discard", cards=["A Time to Every Purpose"])
    assert refused["code"] == "not-its-moment"


def samuel_table() -> Table:
    """Ann holds Samuel on the Wall and freeplays The Great Tower; Ben holds A Way to Escape and says Quote it."""
    t = Table(
        [ann("Samuel on the Wall", "The Great Tower", *FILL[:2]), ben("A Way to Escape", *FILL[:4])],
    )
    t.do(0, "freeplay", cards=["The Great Tower"], chapter=0)
    t.do(1, "quote-it", cards=["Murmuring"])
    return t


def test_samuel_on_the_wall_makes_a_quote_it_challenge_fail(catalog):
    # Samuel on the Wall (Quick Play): "When an opponent makes a Quote It challenge against your verse, the challenge
    # fails." Quote It: "If he/she successfully quotes the verse, the play is successful"; "no sacrificed verses are
    # returned".
    t = samuel_table()
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "respond")
    assert {a["cards"][0] for a in t.legal(0) if a["type"] == "quick-play"} == {"Samuel on the Wall"}
    t.do(0, "quick-play", cards=["Samuel on the Wall"])
    assert t.answer["to_act"] == [1]  # the Line: Ben may answer it
    events = t.do(1, "pass")
    assert "challenge-fails" in kinds(events) and "challenge-failed" in kinds(events)
    assert "outer-darkness" not in kinds(events) and t.prompt()["kind"] != "answer"
    assert t.chapters(0) == {"chapter-1": ["The Great Tower"]}
    assert t.zone(1, "discard") == ["Murmuring"] and t.zone(0, "discard") == ["Samuel on the Wall"]


def test_samuel_on_the_wall_declined_leaves_the_reference_to_say(catalog):
    t = samuel_table()
    t.do(0, "pass")
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "answer")
    t.do(0, "answer", text="Genesis 1:1")  # wrong: Outer Darkness
    assert t.zone(0, "outer-darkness") == ["The Great Tower"] and "Samuel on the Wall" in t.zone(0, "hand")


def test_samuel_on_the_wall_cancelled_in_the_line_leaves_the_reference_to_say(catalog):
    t = samuel_table()
    t.do(0, "quick-play", cards=["Samuel on the Wall"])
    events = t.do(1, "quick-play", cards=["A Way to Escape"])
    assert "cancelled" in kinds(events) and "challenge-fails" not in kinds(events)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "answer")


def test_samuel_on_the_wall_out_of_its_moment_is_refused_with_the_reason(catalog):
    t = Table([ann("Samuel on the Wall", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "pass")
    assert not any(a["type"] == "discard" for a in t.legal(0))
    refused = t.refused(0, type="discard", cards=["Samuel on the Wall"])
    assert refused["code"] == "not-its-moment" and "Quote It challenge against your verse" in refused["detail"]
    assert t.state["not_followed"] == []  # followed now: not listed before the game


# ---------------------------------------------------------------- printed effects on one's own tabletop
def three_chapters(verse: str) -> Table:
    """Ann's first turn: Murmuring, Be Still and In the Beginning each start a chapter (1, 2, 3); Ben passes his
    turn; Ann's second turn is at its freeplay with `verse` drawn."""
    t = Table([ann(*FILL[:4], "Jesus Wept", verse), ben(*FILL[:6])], quote_it=False)
    t.do(0, "freeplay", cards=["Murmuring"], chapter=0)
    t.do(0, "play", cards=["Be Still"], chapter=0)
    t.do(0, "play", cards=["In the Beginning"], chapter=0)
    t.do(0, "end-turn")
    t.do(1, "pass")
    t.do(1, "end-turn")
    assert t.prompt()["kind"] == "freeplay" and verse in t.zone(0, "hand")
    return t


def test_mustard_seed_moves_a_verse_of_your_choice_into_another_of_your_chapters(catalog):
    # Mustard Seed: "Move a verse from one of your chapters into another of your chapters." Effects: "Immediately
    # after you play a verse, its effect is read and applied."
    t = three_chapters("Mustard Seed")
    t.do(0, "freeplay", cards=["Mustard Seed"], chapter=1)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "choose")
    offered = {a["cards"][0] for a in t.legal(0)}
    assert offered == {"Murmuring", "Mustard Seed", "Be Still", "In the Beginning"}  # "a verse": no "none"
    t.do(0, "choose", cards=["Be Still"])
    assert (t.prompt()["kind"], [a["chapter"] for a in t.legal(0)]) == ("target", [1, 3])  # "another" chapter
    events = t.do(0, "target", owner=0, chapter=3)
    assert "move" in kinds(events)
    assert t.chapters(0) == {"chapter-1": ["Murmuring", "Mustard Seed"], "chapter-3": ["In the Beginning", "Be Still"]}
    assert t.state["not_followed"] == []


def test_mustard_seed_moves_nothing_with_one_chapter(catalog):
    t = Table([ann("Mustard Seed", *FILL[:3]), ben(*FILL[:5])], quote_it=False)
    events = t.do(0, "freeplay", cards=["Mustard Seed"], chapter=0)
    assert "move" not in kinds(events) and t.prompt()["kind"] == "play"  # no other chapter: nothing asked


def test_mustard_seed_refuses_a_verse_or_a_chapter_that_is_not_yours_to_move(catalog):
    t = three_chapters("Mustard Seed")
    t.do(0, "freeplay", cards=["Mustard Seed"], chapter=1)
    assert t.refused(0, type="choose", cards=["Jesus Wept"])["code"] == "illegal-action"  # in her hand
    t.do(0, "choose", cards=["Be Still"])
    assert t.refused(0, type="target", owner=0, chapter=2)["code"] == "illegal-action"  # where it is already
    assert t.refused(0, type="target", owner=1, chapter=1)["code"] == "illegal-action"  # not her chapter


def test_let_this_cup_pass_returns_every_verse_of_another_chapter_of_yours_to_the_hand(catalog):
    # Let This Cup Pass: "Return every verse of one of your other chapters to your hand."
    t = three_chapters("Let This Cup Pass")
    t.do(0, "freeplay", cards=["Let This Cup Pass"], chapter=2)
    assert (t.prompt()["kind"], [a["chapter"] for a in t.legal(0)]) == ("target", [1, 3])  # "other" chapters
    assert t.refused(0, type="target", owner=0, chapter=2)["code"] == "illegal-action"
    hand = len(t.zone(0, "hand"))
    events = t.do(0, "target", owner=0, chapter=1)
    assert "return-chapter" in kinds(events)
    assert t.chapters(0) == {"chapter-2": ["Be Still", "Let This Cup Pass"], "chapter-3": ["In the Beginning"]}
    assert len(t.zone(0, "hand")) == hand + 1 and "Murmuring" in t.zone(0, "hand")


def test_let_this_cup_pass_with_no_other_chapter_returns_nothing(catalog):
    t = Table([ann("Let This Cup Pass", *FILL[:3]), ben(*FILL[:5])], quote_it=False)
    events = t.do(0, "freeplay", cards=["Let This Cup Pass"], chapter=0)
    assert "return-chapter" not in kinds(events) and t.prompt()["kind"] == "play"
    assert t.chapters(0) == {"chapter-1": ["Let This Cup Pass"]}


def test_title_of_liberty_counts_an_extra_strength_icon_for_each_other_war_verse_of_its_chapter(catalog):
    # Title of Liberty: "While this verse is in play, each other verse with the War marker in this chapter counts one
    # extra Strength icon." Making Books: "a single chapter with 7 or more icons of the same theme".
    t = Table(
        [
            ann(
                "Title of Liberty", "In the Name of the Lord", "Murmuring", "Be Still", "David and Goliath", *FILL[2:4]
            ),
            ben(*FILL[:6]),
        ],
        quote_it=False,
    )
    t.do(0, "freeplay", cards=["Title of Liberty"], chapter=0)  # Strength 3
    t.do(0, "play", cards=["In the Name of the Lord"], chapter=1)  # War, Strength 2: 5, and 1 extra
    t.do(0, "sacrifice", cards=["Murmuring"])
    t.do(0, "sacrifice", cards=["Be Still"])
    assert not any(a["type"] == "start-book" for a in t.legal(0))  # 6 Strength icons
    t.do(0, "end-turn")
    t.do(1, "pass")
    t.do(1, "end-turn")
    t.do(0, "freeplay", cards=["David and Goliath"], chapter=1)  # War, Strength 1: 6 printed, 2 extra
    assert {"type": "start-book", "theme": "strength"} in t.legal(0)
    t.do(0, "start-book", theme="strength")
    t.do(0, "add-chapter", owner=0, chapter=1)
    events = t.do(0, "close-book", theme="strength")
    assert "book" in kinds(events) and t.answer["result"]["winners"] == [0]  # her last blessing


def opposition_table() -> Table:
    """Ann's chapter 1: The Lord Gave, Murmuring, Jesus Wept, Pride Goeth Before (Trials 5, Wisdom 1); in her second
    turn she freeplays Opposition in All Things into it (Trials 7, Wisdom 2)."""
    t = Table(
        [
            ann(
                "The Lord Gave", "Murmuring", "Jesus Wept", "Pride Goeth Before", "Opposition in All Things", "Be Still"
            ),
            ben(*FILL[:6]),
        ],
        quote_it=False,
    )
    t.do(0, "freeplay", cards=["The Lord Gave"], chapter=0)
    for title in ("Murmuring", "Jesus Wept"):
        t.do(0, "play", cards=[title], chapter=1)
    t.do(0, "play", cards=["Pride Goeth Before"], chapter=1)
    t.do(0, "sacrifice", cards=["A Change of Heart"])
    t.do(0, "end-turn")
    t.do(1, "pass")
    t.do(1, "end-turn")
    t.do(0, "freeplay", cards=["Opposition in All Things"], chapter=1)
    return t


def test_opposition_in_all_things_counts_trials_icons_as_the_chosen_theme_until_the_end_of_the_turn(catalog):
    # Opposition in All Things: "Choose a theme. Until the end of your turn, Trials icons in this chapter also count
    # as icons of that theme."
    t = opposition_table()
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (0, "theme")
    assert sorted(a["theme"] for a in t.legal(0)) == ["faith", "histories", "strength", "wisdom"]
    events = t.do(0, "choose-theme", theme="wisdom")
    assert "count-as" in kinds(events)
    assert {"type": "start-book", "theme": "wisdom"} in t.legal(0)  # Wisdom 2 + Trials 7
    t.do(0, "end-turn")
    t.do(1, "pass")
    assert {a["theme"] for a in t.legal(1) if a["type"] == "start-book"} == {"trials"}  # her turn is over


def test_opposition_in_all_things_refuses_a_theme_it_does_not_offer(catalog):
    t = opposition_table()
    assert t.refused(0, type="choose-theme", theme="trials")["code"] == "illegal-action"  # "also count": no change
    assert t.refused(0, type="choose-theme", theme="love")["code"] == "illegal-action"
    assert t.state["not_followed"] == []
