"""Warriors of the Promised Land played whole: what always holds (conservation, hidden information, termination,
determinism), the computer against random play, and bad input through the stateless replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.games.warriors_of_the_promised_land.game import ENGINE
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

GAME = "warriors-of-the-promised-land"
BOX = box_of(GAME)


def setup(seats: int, seed: int, **options: Any) -> Setup:
    return Setup(tuple(SeatSpec(f"P{i}") for i in range(seats)), options, seed, BOX)


def test_it_is_the_registered_engine_of_the_game():
    assert engine_for(GAME) is ENGINE


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_games_keep_every_card_hide_what_the_rules_hide_and_end(seats):
    # 40 games with two or three players, 25 with more (155 games), every invariant checked after every action.
    for seed in range(40 if seats <= 3 else 25):
        state, log = play_out(ENGINE, setup(seats, seed), rng=random.Random(seed))
        result = ENGINE.result(state)
        assert result is not None and result.winners and "WINNING" in result.reason
        assert len(log) < 400


@pytest.mark.parametrize("rounds", [1, 2, 5])
def test_the_rounds_option_stops_the_game_by_the_count(rounds):
    for seed in range(20):
        state, _ = play_out(ENGINE, setup(2 + seed % 5, seed, rounds=rounds), rng=random.Random(seed), check_every=5)
        assert state.round <= rounds
        assert ENGINE.result(state) is not None


def test_a_finished_game_replays_to_the_same_state_and_result():
    for seats, seed in [(2, 1), (3, 2), (4, 3), (6, 4), (2, 5)]:
        _, log = play_out(ENGINE, setup(seats, seed), rng=random.Random(seed), check_every=50)
        check_replay(ENGINE, setup(seats, seed), log)


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    one = ENGINE.to_dict(ENGINE.new_game(setup(3, 7))[0])
    assert one == ENGINE.to_dict(ENGINE.new_game(setup(3, 7))[0])
    assert one != ENGINE.to_dict(ENGINE.new_game(setup(3, 8))[0])


@pytest.mark.parametrize(("seats", "least"), [(2, 0.8), (4, 0.5)])
def test_the_computer_beats_random_players(seats, least):
    # Measured over 40 seeded games: 0.925 with two players, 0.75 with four.
    assert computer_vs_random(ENGINE, lambda seed: setup(seats, seed)) > least


@pytest.mark.parametrize(("seats", "least"), [(3, 0.3), (6, 0.25)])
def test_the_computer_beats_the_odds_against_several_random_players(seats, least):
    # Measured: 0.375 with three players (odds 0.33), 0.35 with six (odds 0.17); most games are decided by the last
    # Challenge of the game, which a random player wins often enough.
    assert computer_vs_random(ENGINE, lambda seed: setup(seats, seed)) > least


def test_the_computer_only_chooses_legal_actions():
    rng = random.Random(3)
    state, _ = ENGINE.new_game(setup(3, 3))
    while ENGINE.result(state) is None:
        legal = ENGINE.legal(state)
        seat = next(iter(legal))
        action = ENGINE.computer(state, seat, rng)
        assert action in legal[seat]
        ENGINE.apply(state, seat, action)


def test_an_illegal_action_is_refused_with_its_index_and_changes_nothing():
    state, _ = ENGINE.new_game(setup(2, 0, first=0))
    before = ENGINE.to_dict(state)
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup(2, 0, first=0), [{"seat": 0, "type": "challenge", "opponent": 1}])
    assert refused.value.index == 0 and refused.value.code == "illegal-action"
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup(2, 0, first=0), [{"seat": 1, "type": "pass"}])
    assert refused.value.code == "not-your-turn"
    assert ENGINE.to_dict(state) == before


def test_an_action_after_the_end_is_refused():
    _, log = play_out(ENGINE, setup(2, 9), rng=random.Random(9), check_every=100)
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup(2, 9), [*log, log[-1]])
    assert refused.value.index == len(log) and refused.value.code == "game-over"


@pytest.mark.parametrize(
    ("options", "path", "code"),
    [
        ({"deal": [["Moroni", "Moroni"], ["Shiz"]]}, "options.deal[0][1]", "card-named-twice"),
        ({"deal": [["Moroni"], ["Captain Moroni"]]}, "options.deal[1][0]", "unknown-card"),
        ({"deal": [["Moroni"]]}, "options.deal", "bad-deal"),
        ({"deal": [["Sword", "Arrow"], ["Shiz"]]}, "options.deal[0]", "no-warrior"),
        ({"rounds": 0}, "options.rounds", "bad-rounds"),
        ({"rounds": "3"}, "options.rounds", "bad-rounds"),
        ({"first": 2}, "options.first", "bad-first"),
        ({"variant": "advanced"}, "options.variant", "unknown-variant"),
    ],
)
def test_a_bad_setup_is_a_setup_error_on_its_path(options, path, code):
    with pytest.raises(SetupError) as error:
        replay(ENGINE, setup(2, 0, **options), [])
    assert (error.value.path, error.value.code) == (path, code)


def test_too_many_actions_are_refused():
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup(2, 0), [{"seat": 0, "type": "pass"}] * 6000)
    assert refused.value.code == "too-many-actions"


def test_garbled_actions_are_refused_never_another_exception():
    rng = random.Random(11)
    junk: list[Any] = [None, 3, "x", [], {}, {"a": 1}, ["Sword"], True]
    refused = 0
    for seed in range(60):
        _, log = play_out(ENGINE, setup(2 + seed % 3, seed), rng=random.Random(seed), check_every=1000)
        cut = rng.randrange(len(log))
        bad = dict(log[cut])
        key = rng.choice(["type", "cards", "ids", "opponent", "draw", "look", "seat", "extra"])
        bad[key] = rng.choice(junk)
        try:
            replay(ENGINE, setup(2 + seed % 3, seed), [*log[:cut], bad])
        except (ActionRefused, SetupError):
            refused += 1
    assert refused >= 50
