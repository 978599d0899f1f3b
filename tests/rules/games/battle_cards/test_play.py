"""Battle Cards played whole: random legal play keeps every card and every secret, replays the same, ends; the
computer beats random play; bad input is refused with a code, never another exception."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.games.battle_cards.game import ENGINE
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.log import ActionRefused
from rules.play.log import replay
from rules.play.registry import engine_for
from tests.rules.play.harness import box_of
from tests.rules.play.harness import check_replay
from tests.rules.play.harness import computer_vs_random
from tests.rules.play.harness import play_out

BOX = box_of("battle-cards")
NAMES = ("Ann", "Ben", "Cat", "Dan")


def setup(variant: str, seats: int, seed: int, **options: object) -> Setup:
    return Setup(tuple(SeatSpec(n) for n in NAMES[:seats]), {"variant": variant, **options}, seed, BOX)


SQUADS = [
    ["Samson", "Og of Bashan", "Sons of Anak", "She-Bears of Bethel", "Ram with Two Horns", "Gadianton Robber"],
    ["Great Fish", "Ravening Wolf", "Jackals of the Desert", "Hornets", "Fiery Serpents", "Witch of Endor"],
]

# (variant, seats, games, check every n actions): about 5 s each on one core.
LOOPS = [
    ("trumps", 2, 200, 2),
    ("trumps", 3, 150, 3),
    ("trumps", 4, 120, 3),
    ("battle-mode", 2, 200, 1),
    ("battle-mode", 3, 120, 1),
    ("battle-mode", 4, 100, 2),
]


def test_the_registry_names_this_engine() -> None:
    assert engine_for("battle-cards") is ENGINE


@pytest.mark.parametrize(("variant", "seats", "games", "every"), LOOPS)
def test_random_games_keep_every_card_and_secret_and_end(variant: str, seats: int, games: int, every: int) -> None:
    ends = set()
    for seed in range(games):
        state, _ = play_out(ENGINE, setup(variant, seats, seed), rng=random.Random(seed), check_every=every)
        result = ENGINE.result(state)
        assert result is not None and result.reason.startswith(("battle-cards.txt", "option max_rounds"))
        ends.add(result.reason.split(":")[1][:20])
        if variant == "battle-mode":
            wins = [s.round_wins for s in state.seats]
            assert max(wins) == 3 or state.round == 5, wins
            assert all(len(s.zones["placed"]) == 0 for s in state.seats)
        else:
            # Somebody has every card, or the rounds ran out (option max_rounds, 1000 by default).
            assert sum(1 for s in state.seats if s.zones["pack"]) <= 1 or state.round > state.max_rounds
    assert ends


@pytest.mark.parametrize(("variant", "seats"), [(v, n) for v in ("trumps", "battle-mode") for n in (2, 3, 4)])
def test_a_finished_game_replays_to_the_same_result(variant: str, seats: int) -> None:
    for seed in range(5):
        s = setup(variant, seats, seed)
        _, log = play_out(ENGINE, s, rng=random.Random(seed + 100), check_every=50)
        check_replay(ENGINE, s, log)


# The share of 40 seeded games the computer (seat 0) wins against random players, and what it must beat.
# Trumps: the computer only chooses when it won the last round, yet wins nearly every game. Battle Mode with 4
# players: one player in four would win by chance; the computer wins about 0.4 (its squad is good, but three
# random squads often hold the two cards that beat it in a category).
COMPUTER = [
    ("trumps", 2, 0.8),
    ("trumps", 3, 0.7),
    ("trumps", 4, 0.6),
    ("battle-mode", 2, 0.8),
    ("battle-mode", 3, 0.5),
    ("battle-mode", 4, 0.35),
]


@pytest.mark.parametrize(("variant", "seats", "least"), COMPUTER)
def test_the_computer_beats_random_play(variant: str, seats: int, least: float) -> None:
    games = 40 if seats < 4 or variant == "trumps" else 20
    share = computer_vs_random(ENGINE, lambda seed: setup(variant, seats, seed), games=games)
    assert share > least, share


def test_the_computer_is_seeded_and_legal() -> None:
    s = setup("battle-mode", 2, 3)
    state, _ = ENGINE.new_game(s)
    a = ENGINE.computer(state, 0, random.Random(1))
    assert a in ENGINE.legal(state)[0]
    assert a == ENGINE.computer(ENGINE.new_game(s)[0], 0, random.Random(1))


# Bad input through replay: always SetupError or ActionRefused.


def test_an_illegal_action_is_refused_with_its_index() -> None:
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup("trumps", 2, 1), [{"seat": 0, "type": "choose-category", "category": "speed"}])
    assert (refused.value.index, refused.value.code) == (0, "illegal-action")
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup("trumps", 2, 1), [{"seat": 1, "type": "choose-category", "category": "skill"}])
    assert refused.value.code == "not-your-turn"


def test_an_action_after_the_end_is_refused() -> None:
    s = setup("battle-mode", 2, 4)
    _, log = play_out(ENGINE, s, rng=random.Random(4), check_every=100)
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, s, [*log, log[-1]])
    assert (refused.value.index, refused.value.code) == (len(log), "game-over")


@pytest.mark.parametrize(
    ("options", "path", "code"),
    [
        ({"deal": [["Goliath"], ["Goliath"]]}, "options.deal[1][0]", "card-named-twice"),
        ({"deal": [["Goliath"], ["Gandalf"]]}, "options.deal[1][0]", "unknown-card"),
        ({"deal": [["Goliath"]]}, "options.deal", "bad-deal"),
        ({"deal": [["Goliath"], []]}, "options.deal", "empty-pack"),
        ({"max_rounds": 0}, "options.max_rounds", "bad-option"),
        ({"max_rounds": True}, "options.max_rounds", "bad-option"),
        ({"variant": "war-mode"}, "options.variant", "unknown-variant"),
        ({"variant": "battle-mode", "deal": "Goliath"}, "options.deal", "bad-deal"),
        ({"variant": "battle-mode", "draw": ["Goliath"]}, "options.draw", "bad-deal"),
        (
            {"variant": "battle-mode", "deal": [["Goliath"] * 1, ["Samson"]], "draw": []},
            "options.deal[0]",
            "squad-size",
        ),
        (
            {"variant": "battle-mode", "deal": [SQUADS[0], SQUADS[1]], "draw": ["Behemoth"]},
            "options.draw",
            "draw-too-small",
        ),
        (
            {"variant": "battle-mode", "deal": [SQUADS[0], SQUADS[1]], "draw": ["Behemoth", 7]},
            "options.draw[1]",
            "bad-deal",
        ),
    ],
)
def test_a_bad_setup_is_a_setup_error_with_its_path(options: dict[str, Any], path: str, code: str) -> None:
    s = Setup((SeatSpec("Ann"), SeatSpec("Ben")), {"variant": "trumps", **options}, 0, BOX)
    with pytest.raises(SetupError) as error:
        replay(ENGINE, s, [])
    assert (error.value.path, error.value.code) == (path, code)


def test_a_draw_deck_naming_a_squad_card_is_refused_on_its_path() -> None:
    squads = SQUADS
    s = Setup(
        (SeatSpec("Ann"), SeatSpec("Ben")), {"variant": "battle-mode", "deal": squads, "draw": ["Behemoth", "Samson"]}
    )
    s = Setup(s.seats, s.options, 0, BOX)
    with pytest.raises(SetupError) as error:
        replay(ENGINE, s, [])
    assert (error.value.path, error.value.code) == ("options.draw[1]", "card-named-twice")


def test_too_many_or_junk_actions_are_refused_never_crash() -> None:
    s = setup("trumps", 2, 2)
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, s, [{"seat": 0, "type": "choose-category", "category": "strength"}] * 6000)
    assert refused.value.code == "too-many-actions"
    junk: list[dict[str, Any]] = [
        {"seat": "0", "type": "pick"},
        {"seat": 0, "type": "choose-category", "category": "strength", "cards": "Goliath"},
        {"seat": 0, "type": "choose-category", "category": ["strength"]},
        {"seat": 0, "type": "choose-category", "category": "strength", "extra": 1},
        {"seat": 9, "type": "place"},
        {"seat": 0},
    ]
    for action in junk:
        with pytest.raises(ActionRefused):
            replay(ENGINE, s, [action])
    for variant in ("trumps", "battle-mode"):
        rng = random.Random(5)
        for _ in range(30):
            action = {"seat": rng.choice([0, 1]), "type": rng.choice(["pick", "place", "decide", "choose-category"])}
            action["cards"] = [rng.choice(BOX).title]
            with pytest.raises(ActionRefused):
                replay(ENGINE, setup(variant, 2, 0), [action] * 3)


def test_a_long_trumps_game_replays_within_the_action_limit() -> None:
    # Trumps may in principle go round for ever: option max_rounds (1000 by default) ends it (docs/rulings.md).
    s = setup("trumps", 2, 0, max_rounds=40)
    state, log = play_out(ENGINE, s, rng=random.Random(0))
    assert len(log) <= 40 and ENGINE.result(state) is not None


JUNK: list[Any] = [None, 7, True, "", "strength", ["Goliath"], [7], {"a": 1}, ["Goliath", "Goliath"], "value"]


@pytest.mark.parametrize("variant", ["trumps", "battle-mode"])
def test_a_mutated_log_is_replayed_or_refused_never_crashes(variant: str) -> None:
    rng = random.Random(29)
    for seed in range(8):
        s = setup(variant, 2 + seed % 3, seed)
        _, log = play_out(ENGINE, s, rng=random.Random(seed), check_every=1000)
        for _ in range(15):
            bad = [dict(a) for a in log[: rng.randrange(1, min(len(log), 120) + 1)]]
            action = bad[-1]
            key = rng.choice(["type", "cards", "ids", "category", "seat", "extra"])
            action[key] = rng.choice(JUNK) if key != "type" else rng.choice(["pick", "place", "decide", "reveal"])
            try:
                replay(ENGINE, s, bad)
            except ActionRefused as refused:
                assert refused.index == len(bad) - 1
