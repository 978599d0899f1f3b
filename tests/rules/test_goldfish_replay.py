"""A replay of one play-out game (rules/goldfish/replay.py): the very game the curve counted, turn by turn."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.cards import CardData
from rules.games.chapter_and_verse.replay import event_record
from rules.games.chapter_and_verse.solo import cv_play_verse
from rules.games.chapter_and_verse.state import CVState
from rules.games.chapter_and_verse.state import CVTables
from rules.goldfish.playout import combine_play
from rules.goldfish.playout import plan_play
from rules.goldfish.playout import play_chunk
from rules.goldfish.replay import MAX_REPLAY_GAME
from rules.goldfish.replay import goldfish_replay
from rules.goldfish.replay import replay_plan
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishRequestError
from rules.simulation import Uniforms
from rules.simulation import chunk_generator
from rules.simulation import run_chunks

CV = "chapter-and-verse"
BB = "bible-battles"


def cv(number: int, title: str, *, sacrifice: int = 0, icons: dict[str, int] | None = None, **fields: Any) -> CardData:
    return CardData(CV, "R1", str(number), title, sacrifice=sacrifice, icons=icons or {}, **fields)


def bb(number: int, title: str, type_: str, **fields: Any) -> CardData:
    return CardData(BB, "R1", str(number), title, type=type_, **fields)


BOOK = cv(1, "Whole Book", icons={"strength": 7})
# A deck whose games use the in-game uniforms: Keyword shuffles, a Quote at 50%.
SEEKER = cv(2, "Seeker", sacrifice=1, icons={"wisdom": 2}, effects=({"kind": "keyword", "words": ["light"]},))
LIGHT = cv(3, "Light", sacrifice=2, icons={"wisdom": 3}, scripture="Let there be light")
QUOTED = cv(4, "Quoted", sacrifice=1, icons={"faith": 3}, effects=({"kind": "quote", "text": "Quote it."},))
DRAWER = cv(
    5,
    "Drawer",
    icons={"faith": 1},
    effects=({"kind": "discard", "text": "Draw two verses.", "do": [{"action": "draw-verses", "n": 2}]},),
)
MIXED = GoldfishDeck.of(CV, [(SEEKER, 10), (LIGHT, 10), (QUOTED, 10), (DRAWER, 6), (BOOK, 4)])


@pytest.mark.parametrize("chunk_trials", [50_000, 7])
def test_replaying_every_game_of_a_run_gives_the_runs_own_numbers(chunk_trials: int) -> None:
    plan = plan_play(MIXED, 6, 30, 11, quote_rate=0.5, chunk_trials=chunk_trials)
    counted = combine_play(plan, run_chunks(plan, play_chunk)).to_dict()["outcomes"]
    replayed = [[0] * 7 for _ in counted]
    for number in range(1, 31):
        _records, happened = replay_plan(plan, number)
        for o, turn in enumerate(happened):
            if turn >= 0:
                for t in range(turn, 7):
                    replayed[o][t] += 1
    assert [[round(p * 30) for p in o["probability"]] for o in counted] == replayed
    assert any(any(row) for row in replayed)  # the deck does close books: the comparison says something


def test_a_bible_battles_replay_is_the_game_its_run_counted() -> None:
    follower = bb(1, "Scribe", "follower", wisdom=2)
    store = bb(2, "Storehouse", "site", effort=1, wisdom=2)
    deck = GoldfishDeck.of(BB, [(follower, 20), (store, 20)])
    plan = plan_play(deck, 6, 20, 5, target=12)
    counted = combine_play(plan, run_chunks(plan, play_chunk)).to_dict()["outcomes"][0]["probability"]
    reached = [replay_plan(plan, n)[1][0] for n in range(1, 21)]
    assert [round(p * 20) for p in counted] == [sum(1 for r in reached if 0 <= r <= t) for t in range(7)]


def test_the_same_request_and_game_number_give_the_same_game_and_another_number_another() -> None:
    first = goldfish_replay(MIXED, 6, 100, 3, 5, quote_rate=0.5).to_dict()
    assert goldfish_replay(MIXED, 6, 100, 3, 5, quote_rate=0.5).to_dict() == first
    assert goldfish_replay(MIXED, 6, 100, 3, 6, quote_rate=0.5).to_dict()["log"] != first["log"]
    json.dumps(first)  # plain JSON, as the API sends it


def test_a_deck_of_whole_books_closes_a_book_on_turn_1_as_worked_out_by_hand() -> None:
    # 20 verses of 7 strength icons, no sacrifice: 7 blessings, a hand of 5; turn 1 draws a sixth,
    # freeplays one into chapter 1, plays the other five into chapters 2..6 (a chapter with 7 icons
    # takes no more), then closes chapter 1 and draws a blessing.
    replay = goldfish_replay(GoldfishDeck.of(CV, [(BOOK, 20)]), 1, 1, 0, 1)
    setup, turn = replay.log
    assert setup["state"]["hand"] == [0] * 5 and setup["state"]["blessings"] == 7
    events = [e["event"] for e in turn["events"]]
    assert events == ["draw", "freeplay", "chapter"] + ["play", "chapter"] * 5 + ["book", "blessing"]
    assert [e["text"] for e in turn["events"]][-2:] == [
        "Closed chapter 1 as a book of strength: Whole Book.",
        "Drew a blessing, Whole Book (6 left).",
    ]
    assert turn["state"]["books"] == 1 and len(turn["state"]["chapters"]) == 5
    assert dict(replay.outcomes) == {"first-book": 1, "win": None}


def test_each_effect_shows_as_it_fires() -> None:
    # The first ten games of a run, between them, show Keyword, a quote and a discard for effect.
    texts = [
        e["text"]
        for number in range(1, 11)
        for record in goldfish_replay(MIXED, 8, 200, 1, number, quote_rate=0.5).log
        for e in record["events"]
    ]
    assert any(t.startswith("  Keyword of Seeker: found") for t in texts)
    assert any("Quoted Quoted correctly" in t or "Misquoted Quoted" in t for t in texts)
    assert any(t == "Discarded Drawer for its effect." for t in texts)
    assert any(t == "  Effect of Drawer: draw 2 verses." for t in texts)


def test_an_effects_draw_is_logged_with_the_number_it_drew() -> None:
    # "Draw a verse for each other Faith Verse in this chapter, up to two", alone in its chapter:
    # the log said "draw 2 verses" and showed none drawn.
    warriors = cv(
        40,
        "Stripling Warriors",
        sacrifice=3,
        icons={"strength": 2, "faith": 1},
        markers=("Faith Verse",),
        effects=(
            {
                "kind": "text",
                "text": "Draw a verse for each other Faith Verse in this chapter, up to two.",
                "do": [{"action": "draw-verses", "n": 2, "per-marker": "Faith Verse"}],
            },
        ),
    )
    blank = cv(41, "Blank")
    plan = plan_play(GoldfishDeck.of(CV, [(warriors, 1), (blank, 1)]), 1, 1, 0)
    tables = CVTables(plan.kinds)
    w, b = plan.titles.index("Stripling Warriors"), plan.titles.index("Blank")
    state = CVState(deck=[b] * 5)
    state.log = []
    rnd = Uniforms(chunk_generator(0, 0))
    cv_play_verse(tables, state, w, rnd)  # alone in its chapter
    cv_play_verse(tables, state, w, rnd)  # one other Faith Verse
    texts = [event_record(e, plan.titles, tables)["text"] for e in state.log]
    assert "  Effect of Stripling Warriors: draw 0 verses." in texts
    assert "  Effect of Stripling Warriors: draw 1 verse." in texts
    assert "draw 2 verses" not in " ".join(texts)


def test_the_text_log_names_every_turn_and_the_outcomes() -> None:
    text = goldfish_replay(GoldfishDeck.of(CV, [(BOOK, 20)]), 2, 1, 0, 1).text()
    assert text.splitlines()[0] == "chapter-and-verse: game 1 of 1, seed 0"
    assert "Turn 1" in text and "first-book: turn 1" in text and "win: not within the turns played" in text


@pytest.mark.parametrize("number", [0, 31, -1, True, "1", 1.5, 10**30])
def test_a_game_number_outside_the_run_is_refused_naming_the_field(number: Any) -> None:
    with pytest.raises(GoldfishRequestError) as caught:
        goldfish_replay(MIXED, 5, 30, 1, number)
    assert caught.value.field == "game_number"


def test_a_game_number_past_the_bound_is_refused_even_in_a_long_run() -> None:
    with pytest.raises(GoldfishRequestError, match="1 to 1,000"):
        goldfish_replay(MIXED, 5, 10**6, 1, MAX_REPLAY_GAME + 1)
