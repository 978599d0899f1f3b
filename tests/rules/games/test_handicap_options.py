"""Handicaps in the engines (docs/decks.md, "Handicaps"): Chapter and Verse's `seat_blessings` (the blessing pile
"can be different between the players") and Bible Battles' `seat_wisdom` (each player's own agreed level of
wisdom); a bad list is a SetupError naming the option."""

import pytest

from rules.games.bible_battles.game import ENGINE as BB
from rules.games.chapter_and_verse.game import ENGINE as CV
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.interface import SetupError
from tests.rules.games.bible_battles.test_whole_game import FILL
from tests.rules.games.bible_battles.test_whole_game import Board
from tests.rules.games.bible_battles.test_whole_game import cards
from tests.rules.play.harness import box_of

CV_BOX = box_of("chapter-and-verse")


def cv_setup(options: dict) -> Setup:
    return Setup((SeatSpec("Ann", ()), SeatSpec("Ben", ())), options, 7, CV_BOX)


def test_each_chapter_and_verse_seat_sets_aside_its_own_blessings():
    state, events = CV.new_game(cv_setup({"seat_blessings": [4, None]}))
    assert [len(s.blessings) for s in state.seats] == [4, 7]
    assert any("sets aside 4 blessings" in e.detail for e in events)


@pytest.mark.parametrize("bad", [[0, 7], [8, None], ["5", None], [True, None], [5], "5"])
def test_a_bad_blessing_list_is_refused(bad):
    with pytest.raises(SetupError) as exc:
        CV.new_game(cv_setup({"seat_blessings": bad}))
    assert exc.value.path == "options.seat_blessings"


def test_a_bible_battles_seat_wins_at_its_own_wisdom():
    b = Board(["Levite", *FILL], FILL, wisdom=30)
    b.state.seat_targets = (2, None)
    b.put(0, "Levite")
    events = b.do("wisdom", "Levite")
    assert b.state.result is not None and b.state.result.winners == (0,)
    assert any("reaches 2 wisdom" in e.detail for e in events)


def test_the_seat_wisdom_option_reaches_the_state_and_is_checked():
    decks = (SeatSpec("Ann", cards(FILL)), SeatSpec("Ben", cards(FILL)))
    state, _ = BB.new_game(Setup(decks, {"seat_wisdom": [None, 12]}, 1))
    assert state.seat_targets == (None, 12)
    for bad in ([None], [0, None], [100, None]):
        with pytest.raises(SetupError) as exc:
            BB.new_game(Setup(decks, {"seat_wisdom": bad}, 1))
        assert exc.value.path == "options.seat_wisdom"


@pytest.mark.parametrize(
    ("engine", "key", "high", "setup"),
    [
        (CV, "seat_blessings", 7, lambda options: cv_setup(options)),
        (
            BB,
            "seat_wisdom",
            99,
            lambda options: Setup((SeatSpec("Ann", cards(FILL)), SeatSpec("Ben", cards(FILL))), options, 1),
        ),
    ],
)
@pytest.mark.parametrize("bad", [[5], [5, None, None], [0, None], "5"])
def test_both_games_refuse_a_bad_seat_list_in_the_same_words(engine, key, high, setup, bad):
    with pytest.raises(SetupError) as exc:
        engine.new_game(setup({key: bad}))
    assert (exc.value.path, exc.value.code) == (f"options.{key}", f"bad-{key}")
    assert exc.value.detail == f"'{key}' is a list with a whole number from 1 to {high} (or null) for each seat."
