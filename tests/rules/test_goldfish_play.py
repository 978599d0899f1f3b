"""Goldfish `play` mode (rules/goldfish/playout.py, docs/contracts/goldfish.md): pure Python, no database."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from rules.cards import CardData
from rules.games.bible_battles.solo import LOST
from rules.games.bible_battles.solo import REACHED
from rules.games.bible_battles.solo import bb_can_bring
from rules.games.bible_battles.solo import bb_turn
from rules.games.bible_battles.state import BBState
from rules.games.bible_battles.state import BBTables
from rules.games.chapter_and_verse.solo import BOOK
from rules.games.chapter_and_verse.solo import WON
from rules.games.chapter_and_verse.solo import cv_play_verse
from rules.games.chapter_and_verse.solo import cv_turn
from rules.games.chapter_and_verse.solo import keyword_matches
from rules.games.chapter_and_verse.state import CVState
from rules.games.chapter_and_verse.state import CVTables
from rules.goldfish.playout import PLAY_VERSION
from rules.goldfish.playout import PlayChunkCounts
from rules.goldfish.playout import PlayPlan
from rules.goldfish.playout import combine_play
from rules.goldfish.playout import goldfish_play_run
from rules.goldfish.playout import plan_play
from rules.goldfish.playout import play_chunk
from rules.goldfish.playout import play_options
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishFilter
from rules.goldfish.request import GoldfishQuery
from rules.goldfish.request import GoldfishRequestError
from rules.goldfish.request import parse_goldfish_request
from rules.simulation import Uniforms
from rules.simulation import chunk_generator
from rules.simulation import run_chunks

CV = "chapter-and-verse"
BB = "bible-battles"


def cv(number: int, title: str, *, sacrifice: int = 1, icons: dict[str, int] | None = None, **fields: Any) -> CardData:
    return CardData(CV, "T1", str(number), title, sacrifice=sacrifice, icons=icons or {}, **fields)


def bb(number: int, title: str, type_: str, *, effort: int = 1, **fields: Any) -> CardData:
    return CardData(BB, "T1", str(number), title, type=type_, effort=effort, **fields)


FAITH3 = cv(1, "Faith Without Works", sacrifice=2, icons={"faith": 3})
WISDOM2 = cv(2, "Line upon Line", sacrifice=1, icons={"wisdom": 2, "histories": 1})
CHEAP = cv(3, "Seek Learning", sacrifice=0, icons={"faith": 1})
COSTLY = cv(4, "Endure to the End", sacrifice=4, icons={"trials": 2, "strength": 1})
PRAYER = cv(5, "Ask of God", sacrifice=1, icons={"faith": 1}, effects=({"kind": "prayer", "n": 3},))
KEYWORD = cv(6, "A Lamp", sacrifice=1, icons={"wisdom": 1}, effects=({"kind": "keyword", "words": ["Light"]},))
CV_MIXED = GoldfishDeck.of(CV, [(FAITH3, 10), (WISDOM2, 8), (CHEAP, 8), (COSTLY, 6), (PRAYER, 4), (KEYWORD, 4)])

SEVEN = cv(10, "Seven Faith", sacrifice=0, icons={"faith": 7})
BLANK = cv(11, "Blank", sacrifice=0)

SHEPHERD = bb(1, "Shepherd", "follower", effort=0, wisdom=1)
SCRIBE = bb(2, "Scribe", "follower", effort=0, wisdom=2)
GOAT = bb(3, "Goat", "animal", effort=1, food=1)
SOLOMON = bb(4, "Solomon", "unique-person", effort=2, wisdom=4, unique=True)
SPEARMEN = bb(5, "Spearmen", "army", effort=2)
VINEYARD = bb(6, "Vineyard", "crop", effort=3, food=2, wisdom=1)
BB_MIXED = GoldfishDeck.of(BB, [(SHEPHERD, 14), (SCRIBE, 6), (GOAT, 6), (SOLOMON, 1), (SPEARMEN, 6), (VINEYARD, 3)])


def probabilities(result: Any, name: str) -> list[float]:
    return next(o for o in result.to_dict()["outcomes"] if o["name"] == name)["probability"]


def kind(plan: PlayPlan, card: CardData) -> int:
    return plan.titles.index(card.title)


# ---------------------------------------------------------------- determinism and shape
@pytest.mark.parametrize("deck", [CV_MIXED, BB_MIXED], ids=["cv", "bb"])
def test_the_same_seed_gives_the_same_numbers_however_the_chunks_are_split(deck: GoldfishDeck) -> None:
    plan = plan_play(deck, 8, 1_000, 11, chunk_trials=150, target=12)
    whole = combine_play(plan, run_chunks(plan, play_chunk)).to_dict()
    # Another order, and each chunk sent over the "broker" as JSON (plan and counts).
    wire_plan = PlayPlan.from_dict(json.loads(json.dumps(plan.to_dict())))
    shuffled = [
        PlayChunkCounts.from_dict(json.loads(json.dumps(play_chunk(wire_plan, i).to_dict())))
        for i in reversed(range(plan.n_chunks))
    ]
    assert combine_play(plan, shuffled).to_dict() == whole
    again = plan_play(deck, 8, 1_000, 11, chunk_trials=150, target=12)
    assert combine_play(again, run_chunks(again, play_chunk)).to_dict() == whole
    other_seed = plan_play(deck, 8, 1_000, 12, chunk_trials=150, target=12)
    assert combine_play(other_seed, run_chunks(other_seed, play_chunk)).to_dict() != whole


def test_the_order_of_the_deck_list_does_not_change_the_numbers() -> None:
    reordered = GoldfishDeck.of(CV, reversed(CV_MIXED.cards))
    assert goldfish_play_run(reordered, 6, 300, 3).to_dict() == goldfish_play_run(CV_MIXED, 6, 300, 3).to_dict()


def test_it_answers_in_the_spec_result_shape() -> None:
    cv_result = goldfish_play_run(CV_MIXED, 4, 200, 1).to_dict()
    assert cv_result["mode"] == "play"
    assert cv_result["trials"] == 200 and cv_result["seed"] == 1
    assert cv_result["turns"] == [0, 1, 2, 3, 4]
    assert cv_result["cards_seen"] == [5, 6, 7, 8, 9]
    assert cv_result["queries"] == []
    assert cv_result["policy"] == "greedy"
    assert "target" not in cv_result
    assert [o["name"] for o in cv_result["outcomes"]] == ["first-book", "win"]
    for outcome in cv_result["outcomes"]:
        assert len(outcome["probability"]) == len(outcome["stderr"]) == 5
    bb_result = goldfish_play_run(BB_MIXED, 4, 200, 1, target=12).to_dict()
    assert [o["name"] for o in bb_result["outcomes"]] == ["wisdom-target"]
    assert bb_result["target"] == 12
    assert bb_result["cards_seen"] == [7, 8, 9, 10, 11]
    assert goldfish_play_run(BB_MIXED, 1, 10, 1).to_dict()["target"] == 30
    # Absent from the request (GoldfishRequest's None): the defaults.
    absent = goldfish_play_run(BB_MIXED, 1, 10, 1, policy=None, target=None).to_dict()
    assert (absent["policy"], absent["target"]) == ("greedy", 30)
    json.dumps(bb_result)


def test_a_requests_play_options_are_planned_as_given_and_the_absent_ones_take_the_defaults() -> None:
    body = {"game": BB, "mode": "play", "turns": 2, "trials": 10, "seed": 1}
    absent = plan_play(BB_MIXED, 2, 10, 1, **play_options(parse_goldfish_request(body)))
    assert (absent.policy, absent.target, absent.quote_rate, absent.query_names) == ("greedy", 30, 1.0, ())
    query = {"name": "any", "filter": {}}
    given = {**body, "policy": "greedy", "target": 7, "quote_rate": 0.25, "queries": [query]}
    planned = plan_play(BB_MIXED, 2, 10, 1, **play_options(parse_goldfish_request(given)))
    assert (planned.target, planned.quote_rate, planned.query_names) == (7, 0.25, ("any",))
    with pytest.raises(GoldfishRequestError, match="policy"):
        plan_play(BB_MIXED, 2, 10, 1, **play_options(parse_goldfish_request({**body, "policy": "random"})))


@pytest.mark.parametrize(("deck", "name"), [(CV_MIXED, "first-book"), (CV_MIXED, "win"), (BB_MIXED, "wisdom-target")])
def test_outcomes_never_fall_from_turn_to_turn(deck: GoldfishDeck, name: str) -> None:
    result = goldfish_play_run(deck, 30, 2_000, 5, target=20)
    p = probabilities(result, name)
    assert p[0] == 0.0
    assert all(a <= b for a, b in itertools.pairwise(p))
    stderr = next(o for o in result.outcomes if o.name == name).stderr
    assert all(s == pytest.approx((q * (1 - q) / 2_000) ** 0.5) for q, s in zip(p, stderr))
    assert p[-1] > 0


def test_combine_refuses_missing_duplicate_and_foreign_chunks() -> None:
    plan = plan_play(CV_MIXED, 3, 300, 1, chunk_trials=100)
    chunks = run_chunks(plan, play_chunk)
    with pytest.raises(ValueError, match="missing"):
        combine_play(plan, chunks[:2])
    with pytest.raises(ValueError, match="twice"):
        combine_play(plan, [*chunks, chunks[0]])
    foreign = play_chunk(plan_play(CV_MIXED, 3, 300, 2, chunk_trials=100), 0)
    with pytest.raises(ValueError, match="another plan"):
        combine_play(plan, [foreign, *chunks[1:]])


def test_a_worker_refuses_a_plan_of_another_version_or_a_tampered_one() -> None:
    data = plan_play(CV_MIXED, 3, 100, 1).to_dict()
    with pytest.raises(ValueError, match="version"):
        PlayPlan.from_dict({**data, "version": PLAY_VERSION + 1})
    with pytest.raises(ValueError, match="digest"):
        PlayPlan.from_dict({**data, "trials": 101})


def test_progress_rises_to_one_and_a_raising_callback_stops_the_run() -> None:
    seen: list[float] = []
    goldfish_play_run(CV_MIXED, 2, 2_500, 1, on_progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)

    class Cancelled(Exception):
        pass

    def cancel(_: float) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        goldfish_play_run(CV_MIXED, 2, 2_500, 1, on_progress=cancel)


@pytest.mark.parametrize("deck", [CV_MIXED, BB_MIXED], ids=["cv", "bb"])
def test_it_rejects_an_unknown_policy_naming_the_field(deck: GoldfishDeck) -> None:
    with pytest.raises(GoldfishRequestError) as error:
        goldfish_play_run(deck, 3, 10, 1, policy="random")
    assert error.value.field == "policy"
    assert "greedy" in error.value.message


@pytest.mark.parametrize("target", [0, -3, 10_001, True])
def test_it_rejects_a_bad_target_naming_the_field(target: Any) -> None:
    with pytest.raises(GoldfishRequestError) as error:
        plan_play(BB_MIXED, 3, 10, 1, target=target)
    assert error.value.field == "target"


# ---------------------------------------------------------------- Chapter and Verse
def test_seven_icon_free_verses_close_a_book_on_turn_1_and_win_on_turn_7() -> None:
    # Turn 1: draw (6 in hand), freeplay one (a 7-faith chapter), play the other
    # five for nothing, each starting its own chapter (the first is already a
    # book), close one, draw a blessing. Every later turn: draw, play both
    # cards, close one of the waiting books. The hand never passes 8, so the
    # 7 blessings run out on turn 7 exactly.
    result = goldfish_play_run(GoldfishDeck.of(CV, [(SEVEN, 40)]), 10, 500, 3)
    assert probabilities(result, "first-book") == [0.0] + [1.0] * 10
    assert probabilities(result, "win") == [0.0] * 7 + [1.0] * 4


def test_a_deck_without_icons_never_closes_a_book() -> None:
    result = goldfish_play_run(
        GoldfishDeck.of(CV, [(BLANK, 20), (cv(12, "Costly Blank", sacrifice=3), 20)]), 20, 500, 3
    )
    assert probabilities(result, "first-book") == [0.0] * 21
    assert probabilities(result, "win") == [0.0] * 21


def cv_setup(deck: GoldfishDeck) -> tuple[PlayPlan, CVTables, Uniforms]:
    plan = plan_play(deck, 1, 1, 0)
    return plan, CVTables(plan.kinds), Uniforms(chunk_generator(0, 0))


def test_a_hand_over_8_sends_the_least_useful_excess_under_the_blessings() -> None:
    useful = cv(20, "Useful", sacrifice=9, icons={"faith": 1})
    useless = cv(21, "Useless", sacrifice=9)
    plan, tables, rnd = cv_setup(GoldfishDeck.of(CV, [(useful, 20), (useless, 20), (BLANK, 1)]))
    u, x, b = kind(plan, useful), kind(plan, useless), kind(plan, BLANK)
    hand = [u, x, u, u, u, x, u, u, u, u]  # 10 cards: 2 too many
    state = CVState(deck=[b] * 10, hand=hand, blessings=[b] * 7)
    assert cv_turn(tables, state, rnd) == 0
    assert state.blessings == [x, x] + [b] * 7  # the bottom is index 0
    # 8 kept, 1 drawn, the Useful freeplayed; nothing else affordable.
    assert sorted(state.hand) == sorted([u] * 7 + [b])


def test_a_hand_of_8_keeps_every_card() -> None:
    useful = cv(20, "Useful", sacrifice=9, icons={"faith": 1})
    plan, tables, rnd = cv_setup(GoldfishDeck.of(CV, [(useful, 20), (BLANK, 1)]))
    state = CVState(deck=[kind(plan, BLANK)] * 5, hand=[kind(plan, useful)] * 8, blessings=[kind(plan, BLANK)] * 7)
    cv_turn(tables, state, rnd)
    assert len(state.blessings) == 7 and len(state.hand) == 8


def test_prayer_takes_the_most_useful_of_the_top_n_and_puts_the_rest_underneath() -> None:
    plan, tables, rnd = cv_setup(GoldfishDeck.of(CV, [(PRAYER, 1), (FAITH3, 1), (BLANK, 1), (CHEAP, 1)]))
    p, f, b, c = (kind(plan, card) for card in (PRAYER, FAITH3, BLANK, CHEAP))
    state = CVState(deck=[c, c, b, f, b])  # top is the end: b, f, b are the top 3
    cv_play_verse(tables, state, p, rnd)
    assert state.hand == [f]
    assert state.deck == [b, b, c, c]
    assert state.maxes == [1]  # the prayer verse itself started a faith chapter


def test_prayer_puts_the_rest_under_the_deck_the_first_seen_lowest() -> None:
    prayer = cv(60, "Ask", icons={"faith": 1}, effects=({"kind": "prayer", "n": 3},))
    a = cv(61, "A", icons={"wisdom": 1}, sacrifice=5)
    b = cv(62, "B", icons={"wisdom": 1}, sacrifice=6)
    c = cv(63, "C", icons={"wisdom": 3})
    plan, tables, rnd = cv_setup(GoldfishDeck.of(CV, [(prayer, 1), (a, 1), (b, 1), (c, 1)]))
    p, ka, kb, kc = (kind(plan, card) for card in (prayer, a, b, c))
    state = CVState(deck=[ka, ka, kb, kc])  # top is the end: seen C, B, A; takes C
    state.log = []
    cv_play_verse(tables, state, p, rnd)
    assert state.hand == [kc]
    assert state.deck == [kb, ka, ka]  # B seen first: the bottom card
    assert ("prayer", p, kc, [kb, ka]) in state.log


def test_keyword_finds_a_whole_word_in_the_scripture_and_shuffles() -> None:
    lit = cv(30, "Lit", icons={"faith": 1}, scripture="Let your LIGHT so shine.")
    delight = cv(31, "Delight", icons={"faith": 3}, scripture="Delight thyself also in the LORD.")
    titled = cv(32, "Light of the World", icons={"faith": 3}, scripture="I am the way.")
    plan, tables, rnd = cv_setup(GoldfishDeck.of(CV, [(KEYWORD, 1), (lit, 1), (delight, 1), (titled, 1), (BLANK, 1)]))
    k, lt, d, t, b = (kind(plan, card) for card in (KEYWORD, lit, delight, titled, BLANK))
    state = CVState(deck=[lt, b, d, t, b, b])
    cv_play_verse(tables, state, k, rnd)
    assert state.hand == [lt]
    assert sorted(state.deck) == sorted([b, d, t, b, b])


def test_keyword_words_match_whole_words_ignoring_case() -> None:
    assert keyword_matches(["strong", "strength"], "Be STRONG and of a good courage")
    assert keyword_matches(["strength"], "my strength, and my song")
    assert not keyword_matches(["strength"], "he strengtheneth me")
    assert not keyword_matches(["light"], "his delight is in the law")
    assert not keyword_matches([], "light")


def test_prayer_and_keyword_bring_the_card_in_during_a_game() -> None:
    # A deck of blanks with one Prayer-like card to find: queries count it when it comes into the hand.
    target = cv(40, "Target", sacrifice=0, icons={"faith": 1}, scripture="the light of the world")
    finder = cv(41, "Finder", sacrifice=0, effects=({"kind": "keyword", "words": ["light"]},))
    query = (GoldfishQuery("the target", GoldfishFilter(title="Target")),)
    plain = goldfish_play_run(GoldfishDeck.of(CV, [(target, 1), (BLANK, 39)]), 3, 2_000, 1, queries=query)
    searched = goldfish_play_run(
        GoldfishDeck.of(CV, [(target, 1), (finder, 4), (BLANK, 35)]), 3, 2_000, 1, queries=query
    )
    plain_p = plain.to_dict()["queries"][0]["probability"]
    searched_p = searched.to_dict()["queries"][0]["probability"]
    assert plain_p[3] == pytest.approx(8 / 40, abs=0.03)  # 5 + 3 cards seen of 40
    assert searched_p[3] > plain_p[3] + 0.2


def test_unique_blocks_a_second_copy_for_the_rest_of_the_game() -> None:
    one = cv(50, "Title of Liberty", sacrifice=0, icons={"strength": 2}, effects=({"kind": "unique"},))
    twice = cv(51, "Twice", sacrifice=0, icons={"strength": 2})
    plan, tables, rnd = cv_setup(GoldfishDeck.of(CV, [(one, 2), (twice, 2), (BLANK, 1)]))
    o, t, b = kind(plan, one), kind(plan, twice), kind(plan, BLANK)
    state = CVState(deck=[b] * 5, hand=[o, o, t, t], blessings=[b] * 7)
    cv_turn(tables, state, rnd)
    # One Title of Liberty and both Twice played; the drawn blank (worth 0) is kept.
    assert sorted(state.hand) == sorted([o, b])
    assert state.maxes == [6]  # 2 + 2 + 2 strength in one chapter
    cv_turn(tables, state, rnd)
    assert o in state.hand  # still blocked a turn later


# ---------------------------------------------------------------- Bible Battles
def test_one_follower_a_turn_and_the_target_is_respected() -> None:
    # All followers of wisdom 1, one more each turn: wisdom after turn t is 1 + 2 + ... + t.
    deck = GoldfishDeck.of(BB, [(SHEPHERD, 30)])
    for target, turn in ((1, 1), (6, 3), (10, 4), (15, 5), (16, 6)):
        p = probabilities(goldfish_play_run(deck, 8, 200, 1, target=target), "wisdom-target")
        assert p == [0.0] * turn + [1.0] * (9 - turn), target


def test_wisdom_comes_only_from_followers_and_wisdom_cards() -> None:
    free_wisdom = bb(60, "Altar", "building", effort=0, wisdom=1)
    # Vineyard has wisdom, but without followers nothing pays its effort.
    no_wisdom = GoldfishDeck.of(BB, [(GOAT, 10), (SPEARMEN, 10), (VINEYARD, 10)])
    assert probabilities(goldfish_play_run(no_wisdom, 20, 200, 1, target=1), "wisdom-target") == [0.0] * 21
    # A wisdom card that needs no effort is brought in and inspired.
    altars = GoldfishDeck.of(BB, [(GOAT, 10), (free_wisdom, 10)])
    assert probabilities(goldfish_play_run(altars, 20, 200, 1, target=1), "wisdom-target")[-1] == 1.0


def test_an_empty_deck_at_the_draw_loses() -> None:
    plan = plan_play(GoldfishDeck.of(BB, [(SHEPHERD, 7)]), 3, 1, 0)
    tables = BBTables(plan.kinds)
    state = BBState.setup([0] * 7)
    assert bb_turn(tables, state, 100) == LOST
    result = goldfish_play_run(GoldfishDeck.of(BB, [(SHEPHERD, 9)]), 5, 100, 1, target=4)
    assert probabilities(result, "wisdom-target") == [0.0] * 6  # 1 + 2 = 3, then the deck is empty


def bb_state(deck: GoldfishDeck, hand: list[CardData], followers: int) -> tuple[PlayPlan, BBTables, BBState]:
    plan = plan_play(deck, 1, 1, 0)
    state = BBState(deck=[kind(plan, SHEPHERD)] * 10, hand=[kind(plan, c) for c in hand])
    state.followers = [0] * followers  # wisdom 0: they are only worth their effort
    return plan, BBTables(plan.kinds), state


def test_food_limits_armies_and_unique_people() -> None:
    deck = GoldfishDeck.of(BB, [(SHEPHERD, 1), (GOAT, 1), (SPEARMEN, 2), (SOLOMON, 1)])
    plan, tables, state = bb_state(deck, [], 5)
    army, goat = kind(plan, SPEARMEN), kind(plan, GOAT)
    assert not bb_can_bring(tables, state, army, 5)
    state.food, state.eaters = 1, 0
    assert bb_can_bring(tables, state, army, 5)
    state.eaters = 1
    assert not bb_can_bring(tables, state, army, 5)
    state.food = 2
    assert bb_can_bring(tables, state, army, 5)
    assert not bb_can_bring(tables, state, army, 1)  # and effort still counts
    assert bb_can_bring(tables, state, goat, 1)


def test_greedy_feeds_solomon_before_bringing_him_in() -> None:
    deck = GoldfishDeck.of(BB, [(SHEPHERD, 1), (GOAT, 1), (SOLOMON, 1), (SPEARMEN, 1)])
    plan, tables, state = bb_state(deck, [SOLOMON, SPEARMEN], 3)
    bb_turn(tables, state, 1_000)
    assert kind(plan, SOLOMON) in state.hand and state.eaters == 0  # no food: Solomon waits
    plan, tables, state = bb_state(deck, [SOLOMON, SPEARMEN, GOAT], 3)
    bb_turn(tables, state, 1_000)
    # The drawn Shepherd comes in; the goat, then Solomon, paid by the three
    # wisdom-0 followers; never the army. Wisdom: the Shepherd 1 + Solomon 4.
    assert state.hand == [kind(plan, SPEARMEN)]
    assert (state.food, state.eaters, state.wisdom_cards, state.wisdom) == (1, 1, 4, 5)


def test_the_hand_limit_discards_down_to_7() -> None:
    deck = GoldfishDeck.of(BB, [(SHEPHERD, 1), (SPEARMEN, 1), (SCRIBE, 1)])
    plan, tables, state = bb_state(deck, [SPEARMEN] * 8, 0)
    assert bb_turn(tables, state, 1_000) == 0
    # The drawn Shepherd was played; 8 armies (none buildable) are cut to 7.
    assert state.hand == [kind(plan, SPEARMEN)] * 7
    assert state.followers == [1]


def test_reaching_the_target_ends_the_game() -> None:
    _plan, tables, state = bb_state(GoldfishDeck.of(BB, [(SHEPHERD, 1), (SCRIBE, 1)]), [SCRIBE], 0)
    state.wisdom = 8
    # The Scribe gives 1 without a building ("2 wisdom instead of 1 if you control a building"): 9 is reached.
    assert bb_turn(tables, state, 9) == REACHED
    assert state.wisdom == 9


def test_turn_flags_are_distinct() -> None:
    assert BOOK != WON and REACHED != LOST
