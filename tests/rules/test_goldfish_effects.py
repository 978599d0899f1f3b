"""Card effects in the goldfish play-out (docs/card-effects.md, issue 14): each kind on a tiny deck."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.cards import CardData
from rules.games.chapter_and_verse.solo import cv_play_verse
from rules.games.chapter_and_verse.solo import cv_playable
from rules.games.chapter_and_verse.solo import cv_turn
from rules.games.chapter_and_verse.state import CVState
from rules.games.chapter_and_verse.state import CVTables
from rules.goldfish.playout import PlayChunkCounts
from rules.goldfish.playout import PlayPlan
from rules.goldfish.playout import combine_play
from rules.goldfish.playout import goldfish_play_run
from rules.goldfish.playout import plan_play
from rules.goldfish.playout import play_chunk
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishRequestError
from rules.goldfish.request import parse_goldfish_request
from rules.simulation import Uniforms
from rules.simulation import chunk_generator

CV = "chapter-and-verse"
BB = "bible-battles"
STARTER = Path(__file__).resolve().parents[2] / "cardcollections" / "starter_catalogs"


def cv(number: int, title: str, *, sacrifice: int = 0, icons: dict[str, int] | None = None, **fields: Any) -> CardData:
    return CardData(CV, "E1", str(number), title, sacrifice=sacrifice, icons=icons or {}, **fields)


def text(printed: str, **structure: Any) -> dict[str, Any]:
    return {"kind": "text", "text": printed, **structure}


def draw(n: int, **more: Any) -> dict[str, Any]:
    return {"action": "draw-verses", "n": n, **more}


BLANK = cv(1, "Blank")
STRONG = cv(2, "Strong", icons={"strength": 1})
WISE = cv(3, "Wise", icons={"wisdom": 1})
FAITH_WITHOUT_WORKS = cv(
    4,
    "Faith Without Works",
    sacrifice=1,
    icons={"strength": 1, "faith": 1},
    effects=(
        text(
            "Play this verse only into a chapter that already has a Strength icon.",
            only=[{"condition": "chapter-has-icon", "theme": "strength"}],
        ),
    ),
)
BY_SMALL_MEANS = cv(
    5,
    "By Small Means",
    icons={"wisdom": 2, "histories": 1},
    effects=(
        text(
            "Play this verse only into a chapter of three or fewer verses. When you do, draw a verse.",
            only=[{"condition": "chapter-verses-at-most", "n": 3}],
            do=[draw(1)],
        ),
    ),
)


def setup(*cards: CardData, quote_rate: float = 1.0) -> tuple[list[int], CVTables, Uniforms]:
    """The kind index of each card (in the order given), the tables and a generator."""
    plan = plan_play(GoldfishDeck.of(CV, [(c, 1) for c in cards]), 1, 1, 0, quote_rate=quote_rate)
    return (
        [plan.titles.index(c.title) for c in cards],
        CVTables(plan.kinds, quote_rate),
        Uniforms(chunk_generator(0, 0)),
    )


def probabilities(result: Any, name: str) -> list[float]:
    return next(o for o in result.to_dict()["outcomes"] if o["name"] == name)["probability"]


# ---------------------------------------------------------------- only: where a verse may be played
def test_a_deck_of_only_faith_without_works_never_plays_a_verse_nor_closes_a_book() -> None:
    result = goldfish_play_run(GoldfishDeck.of(CV, [(FAITH_WITHOUT_WORKS, 40)]), 10, 200, 1)
    assert probabilities(result, "first-book") == [0.0] * 11


def test_faith_without_works_goes_only_into_a_chapter_with_a_strength_icon() -> None:
    (fww, wise, strong), tables, rnd = setup(FAITH_WITHOUT_WORKS, WISE, STRONG)
    state = CVState(deck=[])
    cv_play_verse(tables, state, wise, rnd)
    assert not cv_playable(tables, state, fww)  # a wisdom chapter only; no new chapter either
    cv_play_verse(tables, state, strong, rnd)
    assert cv_playable(tables, state, fww)
    cv_play_verse(tables, state, fww, rnd)
    assert state.members == [[wise], [strong, fww]]


def test_by_small_means_skips_a_chapter_of_four_verses_and_draws_a_verse() -> None:
    (bsm, wise, blank), tables, rnd = setup(BY_SMALL_MEANS, WISE, BLANK)
    state = CVState(deck=[blank, blank])
    for _ in range(4):
        cv_play_verse(tables, state, wise, rnd)
    cv_play_verse(tables, state, bsm, rnd)
    assert state.members == [[wise] * 4, [bsm]]  # a new chapter, not the fourth-verse one
    assert state.hand == [blank] and state.deck == [blank]


# ---------------------------------------------------------------- actions
def test_draw_verses_and_a_condition_on_the_other_verses_of_the_chapter() -> None:
    service = cv(
        10,
        "In the Service",
        icons={"strength": 1},
        effects=(
            text(
                "If this chapter has another Strength verse, draw a verse.",
                **{"if": [{"condition": "chapter-verses-with", "n": 1, "theme": "strength"}]},
                do=[draw(1)],
            ),
        ),
    )
    (svc, blank), tables, rnd = setup(service, BLANK)
    state = CVState(deck=[blank] * 5)
    cv_play_verse(tables, state, svc, rnd)  # alone in its chapter: no other Strength verse
    assert state.hand == []
    cv_play_verse(tables, state, svc, rnd)
    assert state.hand == [blank]


def test_draw_per_marker_counts_the_other_verses_up_to_n() -> None:
    faithful = cv(11, "Faithful", icons={"strength": 1}, markers=("Faith Verse",))
    warriors = cv(
        12,
        "Stripling Warriors",
        icons={"strength": 2},
        markers=("Faith Verse",),
        effects=(
            text(
                "Draw a verse for each other Faith Verse in this chapter, up to two.",
                do=[draw(2, **{"per-marker": "Faith Verse"})],
            ),
        ),
    )
    (w, f, blank), tables, rnd = setup(warriors, faithful, BLANK)
    state = CVState(deck=[blank] * 9)
    for _ in range(3):
        cv_play_verse(tables, state, f, rnd)
    cv_play_verse(tables, state, w, rnd)
    assert len(state.hand) == 2  # three others, up to two


def test_a_deck_that_draws_a_blessing_with_every_verse_wins_on_turn_1() -> None:
    # Turn 1: six cards in hand, every one free and worth 1 (its effect): each played draws a
    # blessing, and the blessings drawn are played too, until the seventh is drawn.
    blessed = cv(13, "Behold", effects=(text("Draw a blessing.", do=[{"action": "draw-blessing", "n": 1}]),))
    result = goldfish_play_run(GoldfishDeck.of(CV, [(blessed, 40)]), 3, 100, 1)
    assert probabilities(result, "win") == [0.0, 1.0, 1.0, 1.0]
    assert probabilities(result, "first-book") == [0.0] * 4


def first_and_great() -> CardData:
    """First and Great: sets a Commandment verse from the hand into its chapter (set, not played)."""
    return cv(
        15,
        "First and Great",
        icons={"strength": 2},
        effects=(
            text(
                "You may set a verse with the Commandment marker from your hand into this chapter.",
                do=[{"action": "set-from-hand", "n": 1, "marker": "Commandment"}],
            ),
        ),
    )


def test_set_from_hand_sets_a_marked_verse_into_the_chapter_without_playing_it() -> None:
    command = cv(14, "Commanded", icons={"strength": 2}, markers=("Commandment",), effects=({"kind": "unique"},))
    great = first_and_great()
    (g, c, strong), tables, rnd = setup(great, command, STRONG)
    state = CVState(deck=[], hand=[strong, c])
    cv_play_verse(tables, state, g, rnd)
    assert state.members == [[g, c]] and state.hand == [strong]
    assert state.maxes == [4]
    assert not state.blocked  # set, not played: its Unique did not fire


def test_a_set_verse_does_not_fire_its_end_of_turn_effect() -> None:
    joy = cv(
        25,
        "Joy",
        icons={"strength": 1},
        markers=("Commandment",),
        effects=(text("At the end of your turn, draw a verse.", timing="end-of-turn", do=[draw(1)]),),
    )
    great = first_and_great()
    (g, j, blank), tables, rnd = setup(great, joy, BLANK)
    state = CVState(deck=[blank] * 10, hand=[j], blessings=[blank] * 7)
    cv_play_verse(tables, state, g, rnd)
    assert state.members == [[g, j]] and state.hand == []  # Joy was set, not played
    cv_turn(tables, state, rnd)
    assert len(state.deck) == 9  # only the turn's draw: a set verse's effect is ignored
    cv_play_verse(tables, state, j, rnd)  # a played copy of the same verse does fire
    cv_turn(tables, state, rnd)
    assert len(state.deck) == 7


def test_cross_reference_sets_the_referenced_verse_from_the_hand() -> None:
    rock = cv(16, "Rock of Our Redeemer", icons={"strength": 2, "faith": 2}, reference="Helaman 5:12")
    wise_man = cv(
        17,
        "The Wise Man",
        icons={"strength": 1, "wisdom": 1},
        reference="Matthew 7:24",
        effects=({"kind": "cross-reference", "reference": "Helaman 5:12"},),
    )
    (w, r, blank), tables, rnd = setup(wise_man, rock, BLANK)
    state = CVState(deck=[], hand=[blank, r])
    cv_play_verse(tables, state, w, rnd)
    assert state.members == [[w, r]] and state.hand == [blank]
    assert state.chapters == [[3, 1, 2, 0, 0]]


def test_return_from_discard_takes_the_most_useful_back() -> None:
    risen = cv(
        18,
        "He Is Risen",
        effects=(
            text(
                "Return up to two verses from your discard pile to your hand.",
                do=[{"action": "return-from-discard", "n": 2}],
            ),
        ),
    )
    (h, strong, blank, wise), tables, rnd = setup(risen, STRONG, BLANK, cv(19, "Wiser", icons={"wisdom": 3}))
    state = CVState(deck=[])
    state.discard = [blank, strong, wise]
    cv_play_verse(tables, state, h, rnd)
    assert sorted(state.hand) == sorted([wise, strong]) and state.discard == [blank]


def test_arrange_top_puts_the_most_useful_on_top() -> None:
    liahona = cv(
        20,
        "Liahona",
        effects=(text("Look at the top three verses of your deck.", do=[{"action": "arrange-top", "n": 3}]),),
    )
    (li, strong, blank), tables, rnd = setup(liahona, STRONG, BLANK)
    state = CVState(deck=[blank, strong, blank, blank])
    cv_play_verse(tables, state, li, rnd)
    assert state.deck == [blank, blank, blank, strong]


def test_an_opponents_only_effect_is_modelled_and_does_nothing() -> None:
    pride = cv(
        21, "Pride Cycle", icons={"trials": 2}, effects=(text("Each opponent discards.", do=[{"action": "opponents"}]),)
    )
    result = goldfish_play_run(GoldfishDeck.of(CV, [(pride, 40)]), 2, 10, 1)
    assert result.to_dict()["unmodelled"] == []


# ---------------------------------------------------------------- timing
RENEW = cv(
    22,
    "Renew Your Strength",
    sacrifice=2,
    icons={"strength": 2},
    effects=({"kind": "discard", "text": "Draw two verses.", "do": [draw(2)]},),
)
SEVEN = cv(23, "Seven", icons={"faith": 7})


@pytest.mark.parametrize("kind", ["discard", "quick-play"])
def test_a_verse_is_discarded_for_its_effect_in_the_play_phase_not_freeplayed(kind: str) -> None:
    renew = cv(
        22,
        "Renew",
        sacrifice=2,
        icons={"strength": 2},
        effects=({"kind": kind, "text": "Draw two verses.", "do": [draw(2)]},),
    )
    (r, seven, blank), tables, rnd = setup(renew, SEVEN, BLANK)
    state = CVState(deck=[blank] * 4, hand=[r, seven], blessings=[blank] * 7)
    cv_turn(tables, state, rnd)
    assert state.discard[:1] == [r]  # then the closed book's verse
    # The turn's draw, two for the effect, the blessing of the Seven's book.
    assert state.hand.count(blank) == 4


def test_a_discard_verse_is_kept_when_its_draw_would_bring_nothing() -> None:
    # A per-theme draw counts the other verses of the verse's chapter: a discarded verse has none.
    rally = cv(
        41,
        "Rally",
        icons={"faith": 1},
        effects=(
            {
                "kind": "discard",
                "text": "Draw a verse for each other Faith verse in this chapter, up to two.",
                "do": [draw(2, **{"per-theme": "faith"})],
            },
        ),
    )
    seven = cv(42, "Seven", sacrifice=9, icons={"wisdom": 7})
    (r, s, blank), tables, rnd = setup(rally, seven, BLANK)
    state = CVState(deck=[blank] * 6, hand=[s, r], blessings=[blank] * 7)
    cv_turn(tables, state, rnd)
    assert r not in state.discard
    # Nor is a plain draw used on an empty deck.
    (rn, seven, blank), tables, rnd = setup(RENEW, SEVEN, BLANK)
    state = CVState(deck=[], hand=[rn, seven], blessings=[blank] * 7)
    cv_turn(tables, state, rnd)  # freeplays the Seven
    assert rn in state.hand and rn not in state.discard


BACK_AGAIN = cv(
    30,
    "Back Again",
    icons={"faith": 1},
    effects=(
        {
            "kind": "discard",
            "text": "Return a verse from your discard pile to your hand.",
            "do": [{"action": "return-from-discard", "n": 1}],
        },
    ),
)


@pytest.mark.timeout(5)
def test_a_verse_discarded_to_return_a_verse_never_returns_itself_and_the_turn_ends() -> None:
    # It joined the discard pile before its action picked the best verse there: itself, over
    # and over (the whole play run hung). Two copies would also hand each other back for ever.
    (b, blank), tables, rnd = setup(BACK_AGAIN, BLANK)
    state = CVState(deck=[blank] * 10, hand=[b, b, blank], blessings=[blank] * 7)
    cv_turn(tables, state, rnd)


def test_a_discarded_verse_returns_another_verse_not_itself() -> None:
    # The verse itself (worth 1) would be the most useful in the pile; the Blank (worth 0) comes back.
    (b, seven, blank), tables, rnd = setup(BACK_AGAIN, SEVEN, BLANK)
    state = CVState(deck=[blank] * 5, hand=[b, seven], blessings=[blank] * 7)
    state.discard = [blank]
    state.log = []
    cv_turn(tables, state, rnd)
    assert ("returned", blank) in state.log and ("returned", b) not in state.log
    assert state.discard == [b, seven]  # then the Seven's book


def test_start_of_turn_sets_a_verse_and_end_of_turn_draws_and_puts_one_under() -> None:
    seed = cv(
        24,
        "The Good Seed",
        icons={"faith": 3},
        effects=(
            text(
                "At the start of each turn, set a verse.",
                timing="start-of-turn",
                do=[{"action": "set-from-hand", "n": 1}],
            ),
        ),
    )
    joy = cv(
        25,
        "Joy",
        icons={"trials": 1},
        effects=(
            text(
                "At the end of your turn, draw, then put one under.",
                timing="end-of-turn",
                do=[draw(1), {"action": "hand-to-deck-bottom", "n": 1}],
            ),
        ),
    )
    faith = cv(26, "Faith One", sacrifice=9, icons={"faith": 1})
    (s, j, f, blank), tables, rnd = setup(seed, joy, faith, BLANK)
    state = CVState(deck=[blank] * 6, hand=[], blessings=[blank] * 7)
    cv_play_verse(tables, state, s, rnd)
    cv_play_verse(tables, state, j, rnd)
    state.hand = [f, f]
    cv_turn(tables, state, rnd)
    # Start: one Faith Two set into the Good Seed's chapter; freeplay the other there too.
    assert state.members[0] == [s, f, f]
    # End: drew a blank, put a blank under (the least useful): the hand keeps the turn's draw.
    assert state.hand == [blank] and state.deck[0] == blank and len(state.deck) == 5


def test_joy_in_the_morning_puts_nothing_under_when_it_drew_nothing() -> None:
    # "You may draw a verse; if you do, put a verse from your hand on the bottom of your deck."
    printed = "At the end of your turn, you may draw a verse; if you do, put a verse from your hand on the bottom of your deck."
    joy = cv(
        25,
        "Joy in the Morning",
        sacrifice=1,
        icons={"faith": 1, "trials": 1},
        effects=(
            text(
                printed,
                timing="end-of-turn",
                do=[draw(1), {"action": "hand-to-deck-bottom", "n": 1, "if-drew": True}],
            ),
        ),
    )
    keep = cv(26, "Keep", sacrifice=9, icons={"wisdom": 1})
    (jy, k), tables, rnd = setup(joy, keep)
    state = CVState(deck=[], hand=[], blessings=[k] * 7)
    cv_play_verse(tables, state, jy, rnd)
    state.hand = [k, k]
    cv_turn(tables, state, rnd)  # empty deck: no draw, freeplay one Keep, Joy draws nothing
    assert state.deck == [] and state.hand == [k]
    state.deck = [k, k]
    state.hand = [k, k]
    cv_turn(tables, state, rnd)  # the turn's draw, a Keep freeplayed; Joy draws, so one goes under
    assert state.deck == [k] and state.hand == [k, k]


def test_the_starter_joy_in_the_morning_puts_a_verse_under_only_after_a_draw() -> None:
    catalog = json.loads((STARTER / "chapter-and-verse.json").read_text())
    joy = next(c for c in catalog["cards"] if c["title"] == "Joy in the Morning")
    assert joy["effects"][0]["do"][1] == {"action": "hand-to-deck-bottom", "n": 1, "if-drew": True}


def test_worth_is_the_largest_icon_count_plus_one_for_what_the_verse_brings_when_played() -> None:
    # docs/rulings.md: Prayer, Keyword, a Cross Reference to a verse of the deck, structured play
    # actions; not an end-of-turn, Discard or opponents-only effect.
    drawer = cv(50, "Sword", icons={"histories": 2}, effects=(text("Draw a verse.", do=[draw(1)]),))
    wise_man = cv(
        51,
        "The Wise Man",
        icons={"strength": 1, "wisdom": 1},
        reference="Matthew 7:24",
        effects=({"kind": "cross-reference", "reference": "Helaman 5:12"},),
    )
    lost = cv(
        52,
        "Lost Reference",
        icons={"strength": 1},
        effects=({"kind": "cross-reference", "reference": "Moroni 10:4"},),
    )
    rock = cv(53, "Rock", icons={"strength": 2}, reference="Helaman 5:12")
    later = cv(54, "Later", icons={"faith": 2}, effects=(text("Later.", timing="end-of-turn", do=[draw(1)]),))
    pride = cv(55, "Pride", icons={"trials": 2}, effects=(text("Each opponent.", do=[{"action": "opponents"}]),))
    cards = (drawer, wise_man, lost, rock, later, pride, RENEW)
    kinds, tables, _ = setup(*cards)
    assert [tables.worth[k] for k in kinds] == [3, 2, 1, 2, 2, 2, 2]


# ---------------------------------------------------------------- Quote and Unique
QUOTED = cv(27, "Jesus Wept", sacrifice=4, icons={"faith": 3}, effects=({"kind": "quote"},))


def test_quote_verses_are_free_when_the_quote_succeeds() -> None:
    # Rate 1: turn 1 plays all six (3 faith each) for free, a book at once. Rate 0: one verse a
    # turn by freeplay (paying 4 of worth 3 for 3 is a loss), a book on turn 3.
    deck = GoldfishDeck.of(CV, [(QUOTED, 40)])
    assert probabilities(goldfish_play_run(deck, 3, 100, 1), "first-book") == [0.0, 1.0, 1.0, 1.0]
    never = goldfish_play_run(deck, 3, 100, 1, quote_rate=0)
    assert probabilities(never, "first-book") == [0.0, 0.0, 0.0, 1.0]


def test_a_quote_rate_between_gives_the_same_numbers_however_the_chunks_are_split() -> None:
    deck = GoldfishDeck.of(CV, [(QUOTED, 20), (STRONG, 20)])
    plan = plan_play(deck, 5, 300, 4, chunk_trials=70, quote_rate=0.5)
    whole = combine_play(plan, [play_chunk(plan, i) for i in range(plan.n_chunks)]).to_dict()
    wire = PlayPlan.from_dict(json.loads(json.dumps(plan.to_dict())))
    parts = [PlayChunkCounts.from_dict(play_chunk(wire, i).to_dict()) for i in reversed(range(plan.n_chunks))]
    assert combine_play(plan, parts).to_dict() == whole
    sure = goldfish_play_run(deck, 5, 300, 4).to_dict()
    assert whole["outcomes"][0]["probability"][1] < sure["outcomes"][0]["probability"][1]


@pytest.mark.parametrize("rate", [-0.1, 1.5, "1", True])
def test_a_bad_quote_rate_is_refused_naming_the_field(rate: Any) -> None:
    with pytest.raises(GoldfishRequestError) as info:
        parse_goldfish_request({"game": CV, "mode": "play", "turns": 3, "trials": 10, "quote_rate": rate})
    assert info.value.field == "quote_rate"


def test_unique_blocks_every_printing_of_the_title() -> None:
    unique = cv(28, "Pride Cycle", icons={"trials": 2}, effects=({"kind": "unique"},))
    plain = CardData(CV, "E2", "28", "Pride Cycle", sacrifice=0, icons={"trials": 2})
    (u, p, blank), tables, rnd = setup(unique, plain, BLANK)
    state = CVState(deck=[blank] * 3, hand=[u, p], blessings=[blank] * 7)
    cv_turn(tables, state, rnd)
    assert len([k for k in state.hand if k in (u, p)]) == 1


# ---------------------------------------------------------------- the result and the target
def test_the_result_lists_the_titles_whose_effects_are_free_text() -> None:
    odd = cv(29, "Mustard Seed", icons={"faith": 3}, effects=(text("Move a verse from one chapter to another."),))
    result = goldfish_play_run(GoldfishDeck.of(CV, [(odd, 3), (STRONG, 37)]), 2, 10, 1).to_dict()
    assert result["unmodelled"] == ["Mustard Seed"]
    assert goldfish_play_run(GoldfishDeck.of(CV, [(STRONG, 40)]), 2, 10, 1).to_dict()["unmodelled"] == []


def test_the_starter_catalog_leaves_only_four_effects_as_text() -> None:
    cards = json.loads((STARTER / "chapter-and-verse.json").read_text())["cards"]
    deck = GoldfishDeck.of(
        CV,
        [
            (cv(i, c["title"], icons=c.get("icons"), reference=c["reference"], effects=tuple(c.get("effects", ()))), 1)
            for i, c in enumerate(cards)
        ],
    )
    result = goldfish_play_run(deck, 2, 10, 1).to_dict()
    assert sorted(result["unmodelled"]) == [
        "Let This Cup Pass",
        "Mustard Seed",
        "Opposition in All Things",
        "Title of Liberty",
    ]


@pytest.mark.parametrize("target", [100, 10_000])
def test_the_bible_battles_target_is_at_most_99(target: int) -> None:
    with pytest.raises(GoldfishRequestError) as info:
        parse_goldfish_request({"game": BB, "mode": "play", "turns": 3, "trials": 10, "target": target})
    assert info.value.field == "target"
    assert parse_goldfish_request({"game": BB, "mode": "play", "turns": 3, "trials": 10, "target": 99}).target == 99


def test_bible_battles_lists_the_cards_whose_abilities_are_not_run() -> None:
    priest = CardData(BB, "B1", "1", "Priest", type="follower", effort=0, wisdom=1, abilities="Inspire: no attack.")
    plain = CardData(BB, "B1", "2", "Shepherd", type="follower", effort=0, wisdom=1)
    result = goldfish_play_run(GoldfishDeck.of(BB, [(priest, 10), (plain, 30)]), 2, 10, 1, target=5).to_dict()
    assert result["unmodelled"] == ["Priest"]
