"""Chapter and Verse worked cases: printed effects that act on opponents (docs/card-effects.md, the actions on
opponents), through POST /api/v1/play/chapter-and-verse/ from stacked deals. Each cites the rules' line that a
verse's effect is applied when it is played (chapter-and-verse.txt, "Effects": "Immediately after you play a
verse, its effect is read and applied") and the verse's own text, which supersedes the rule book (The Big Rule)."""

from __future__ import annotations

import pytest

from tests.play.games.test_chapter_and_verse_cases import FILL
from tests.play.games.test_chapter_and_verse_cases import Table
from tests.play.games.test_chapter_and_verse_cases import ann
from tests.play.games.test_chapter_and_verse_cases import ben
from tests.play.games.test_chapter_and_verse_cases import catalog  # noqa: F401 (the fixture)
from tests.play.games.test_chapter_and_verse_cases import kinds

pytestmark = pytest.mark.usefixtures("catalog")


def ben_builds(t: Table, plays: list[tuple[str, int]]) -> None:
    """Ann ends her first turn; Ben freeplays the first verse and plays the others (sacrifice 0) into the chapters
    named (0: a new one), then ends his turn."""
    t.do(0, "pass")
    t.do(0, "end-turn")
    (first, n), *rest = plays
    t.do(1, "freeplay", cards=[first], chapter=n)
    for title, n in rest:
        t.do(1, "play", cards=[title], chapter=n)
    t.do(1, "end-turn")


def test_the_natural_man_makes_each_opponent_discard_a_verse_of_their_choice():
    # The Natural Man: "Each opponent puts a verse from their hand into their discard pile."
    t = Table([ann("The Natural Man", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "freeplay", cards=["The Natural Man"], chapter=0)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "choose")
    assert sorted(a["cards"][0] for a in t.legal(1)) == sorted(t.zone(1, "hand"))  # his choice, and he must
    t.do(1, "choose", cards=["Be Still"])
    assert t.zone(1, "discard") == ["Be Still"] and len(t.zone(1, "hand")) == 4
    assert t.answer["to_act"] == [0]  # back to Ann's play phase


def test_the_sword_of_the_lord_puts_an_opponents_verse_under_their_deck():
    # The Sword of the Lord and of Gideon: "Each opponent puts a verse from their hand on the bottom of their deck."
    t = Table([ann("The Sword of the Lord and of Gideon", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "freeplay", cards=["The Sword of the Lord and of Gideon"], chapter=0)
    events = t.do(1, "choose", cards=["Murmuring"])
    assert t.zone(1, "deck")[-1] == "Murmuring" and "Murmuring" not in t.zone(1, "hand")
    assert all("Murmuring" not in e["cards"] for e in events)  # the deck is face down: no event names it


def test_pride_cycle_discards_the_last_verse_of_an_opponents_chapter_of_four():
    # Pride Cycle: "Each opponent with four or more verses in one chapter puts the last verse of that chapter into
    # their discard pile."
    t = Table([ann("Pride Cycle", *FILL[:5]), ben(*FILL[:5])], quote_it=False)
    ben_builds(t, [("Murmuring", 0), ("Be Still", 1), ("In the Beginning", 1), ("Goodly Parents", 1)])
    t.do(0, "freeplay", cards=["Pride Cycle"], chapter=0)
    assert t.chapters(1) == {"chapter-1": ["Murmuring", "Be Still", "In the Beginning"]}
    assert t.zone(1, "discard") == ["Goodly Parents"]


def test_rock_of_our_redeemer_keeps_its_chapter_from_an_opponents_verse():
    # Rock of Our Redeemer: "Verses in this chapter cannot be moved or put into a discard pile by another player's
    # verse effects."
    t = Table([ann("Pride Cycle", *FILL[:5]), ben("Rock of Our Redeemer", *FILL[:3], *FILL[3:5])], quote_it=False)
    ben_builds(t, [("Rock of Our Redeemer", 0), ("Murmuring", 1), ("Be Still", 1), ("In the Beginning", 1)])
    t.do(0, "freeplay", cards=["Pride Cycle"], chapter=0)
    assert t.chapters(1) == {"chapter-1": ["Rock of Our Redeemer", "Murmuring", "Be Still", "In the Beginning"]}
    assert t.zone(1, "discard") == []


def test_the_walls_fell_down_lets_its_player_choose_a_chapter_without_a_prophet():
    # The Walls Fell Down: "Choose an opponent's chapter without a Prophet verse; its owner puts its last two
    # verses into their discard pile."
    t = Table([ann("The Walls Fell Down", *FILL[:5]), ben(*FILL[:5])], quote_it=False)
    ben_builds(t, [("Murmuring", 0), ("Be Still", 0), ("In the Beginning", 2), ("Goodly Parents", 0)])
    t.do(0, "freeplay", cards=["The Walls Fell Down"], chapter=0)
    assert t.prompt()["kind"] == "target" and t.answer["to_act"] == [0]
    targets = {(a["owner"], a["chapter"]) for a in t.legal(0)}
    assert targets == {(1, 1), (1, 2)}  # chapter 3 holds Goodly Parents, a Prophet verse
    t.do(0, "target", owner=1, chapter=2)
    assert t.chapters(1) == {"chapter-1": ["Murmuring"], "chapter-3": ["Goodly Parents"]}
    assert t.zone(1, "discard") == ["Be Still", "In the Beginning"]


def test_david_and_goliath_discarded_hits_an_opponents_chapter_of_four():
    # David and Goliath (Discard): "Choose an opponent's chapter of four or more verses; its owner puts its last
    # verse into their discard pile." (one chapter qualifies: it is chosen without asking)
    t = Table([ann("David and Goliath", *FILL[:5]), ben(*FILL[:5])], quote_it=False)
    ben_builds(t, [("Murmuring", 0), ("Be Still", 1), ("In the Beginning", 1), ("Goodly Parents", 1)])
    t.do(0, "pass")
    events = t.do(0, "discard", cards=["David and Goliath"])
    assert "foe-discard" in kinds(events)
    assert t.zone(1, "discard") == ["Goodly Parents"] and t.zone(0, "discard") == ["David and Goliath"]


def test_defender_of_the_flocks_lets_the_owner_choose_the_verse():
    # Defender of the Flocks: "Choose an opponent's chapter; its owner puts one verse of their choice from it into
    # their discard pile."
    t = Table([ann("Defender of the Flocks", *FILL[:5]), ben(*FILL[:5])], quote_it=False)
    ben_builds(t, [("Murmuring", 0), ("Be Still", 0), ("In the Beginning", 2)])
    t.do(0, "freeplay", cards=["Defender of the Flocks"], chapter=0)
    t.do(0, "target", owner=1, chapter=2)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "choose")
    assert {a["cards"][0] for a in t.legal(1)} == {"Be Still", "In the Beginning"}
    t.do(1, "choose", cards=["In the Beginning"])
    assert t.chapters(1) == {"chapter-1": ["Murmuring"], "chapter-2": ["Be Still"]}


def test_gadiantons_robbers_takes_a_random_verse_from_an_opponents_hand():
    # Gadianton's Robbers: "Take a random verse from an opponent's hand and put it into your hand."
    t = Table([ann("Gadianton's Robbers", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    hers = len(t.zone(0, "hand"))
    events = t.do(0, "freeplay", cards=["Gadianton's Robbers"], chapter=0)
    assert "take" in kinds(events) and len(t.zone(0, "hand")) == hers  # one played, one taken
    taken = [c for c in t.state["seats"][0]["zones"]["hand"] if c["id"].startswith("s1-")]  # Ben's verse
    assert len(taken) == 1 and len(t.zone(1, "hand")) == 4
    assert all(taken[0]["title"] not in e["cards"] for e in events)  # the hands are hidden: no event names it


def test_the_lord_looketh_on_the_heart_shows_an_opponents_hand_to_its_player_only():
    # The Lord Looketh on the Heart: "Look at an opponent's hand."
    t = Table([ann("The Lord Looketh on the Heart", *FILL[:4]), ben(*FILL[:5])], quote_it=False)
    t.do(0, "freeplay", cards=["The Lord Looketh on the Heart"], chapter=0)
    prompt = t.prompt()
    assert prompt["kind"] == "look" and t.legal(0) == [{"type": "done"}]
    hand = [c["id"] for c in t.state["seats"][1]["zones"]["hand"]]
    assert sorted(prompt["shows"]) == sorted(hand)
    t.do(0, "done")
    assert t.state["prompt"]["kind"] == "play"


def test_struck_dumb_silences_an_opponents_quote_it_until_the_end_of_the_players_next_turn():
    # Struck Dumb: "Choose an opponent; they cannot make a Quote It challenge until the end of your next turn."
    t = Table([ann("Struck Dumb", *FILL[:4], *FILL[:3]), ben(*FILL[:5], *FILL[:3])])
    t.do(0, "freeplay", cards=["Struck Dumb"], chapter=0)
    t.do(1, "pass")  # Ben may still challenge Struck Dumb itself: its effect comes after the challenge
    t.do(0, "play", cards=["Murmuring"], chapter=0)
    assert t.prompt()["kind"] == "play"  # Ben is not asked
    t.do(0, "end-turn")
    t.do(1, "freeplay", cards=["Murmuring"], chapter=0)
    t.do(0, "pass")  # Ann is asked (Ben's turn): she may challenge
    t.do(1, "end-turn")
    t.do(0, "freeplay", cards=["Be Still"], chapter=0)
    assert t.prompt()["kind"] == "play"  # Ann's next turn: Ben still cannot challenge
    t.do(0, "end-turn")
    t.do(1, "pass")
    t.do(1, "end-turn")
    t.do(0, "freeplay", cards=["In the Beginning"], chapter=0)
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "quote-it")  # over after her next turn


def test_parting_the_sea_stops_each_opponent_closing_a_book_in_their_next_turn():
    # Parting the Sea: "Each opponent cannot close a book during their next turn."
    t = Table(
        [
            ann("Parting the Sea", "In the Beginning", "Goodly Parents", "The Great Tower", "Murmuring", *FILL[:3]),
            ben(*FILL[:5], *FILL[:3]),
        ],
        quote_it=False,
    )
    t.do(0, "freeplay", cards=["Parting the Sea"], chapter=0)
    for title in ("In the Beginning", "Goodly Parents"):
        t.do(0, "play", cards=[title], chapter=1)
    t.do(0, "play", cards=["The Great Tower"], chapter=1)
    t.do(0, "sacrifice", cards=["Murmuring"])
    t.do(0, "end-turn")  # Ann's chapter: six Histories icons
    t.do(1, "freeplay", cards=["In the Beginning"], chapter=0)  # seven with Ben's chapter
    assert "start-book" not in t.types(1)
    t.do(1, "end-turn")
    t.do(0, "pass")
    assert "start-book" in t.types(0)  # Ann is not stopped
    t.do(0, "end-turn")
    t.do(1, "pass")
    assert {"type": "start-book", "theme": "histories"} in t.legal(1)  # Ben's following turn


def test_the_effects_still_not_followed_are_listed_before_the_game_and_the_followed_ones_are_not():
    # The Big Rule: the site lists what it cannot follow; the actions on opponents above are followed.
    t = Table([ann("The Natural Man", "Samuel on the Wall", "Seventy Times Seven", *FILL[:2]), ben(*FILL[:5])])
    listed = {e["title"] for e in t.state["not_followed"]}
    assert listed == {"Seventy Times Seven"}


def test_shut_the_lions_mouths_discarded_prevents_an_opponents_effect_discarding_a_verse():
    # Shut the Lions' Mouths (Quick Play): "When an opponent's verse effect would put a verse of yours into a
    # discard pile or Outer Darkness, prevent it." Advanced Game Effects, Quick Play: played in another's turn.
    t = Table([ann("The Natural Man", *FILL[:4]), ben("Shut the Lions' Mouths", *FILL[:4])], quote_it=False)
    t.do(0, "freeplay", cards=["The Natural Man"], chapter=0)
    t.do(1, "pass")  # the Line: Ben does not answer The Natural Man there
    assert (t.prompt()["seat"], t.prompt()["kind"]) == (1, "prevent")
    assert {a["type"] for a in t.legal(1)} == {"prevent", "pass"}
    events = t.do(1, "prevent", cards=["Shut the Lions' Mouths"])
    assert "prevent" in kinds(events)
    assert t.zone(1, "discard") == ["Shut the Lions' Mouths"] and len(t.zone(1, "hand")) == 4
    assert t.answer["to_act"] == [0]
