"""Book of Mormon Battles played whole by random and computer players: what always holds (play.md)."""

from __future__ import annotations

import random

import pytest

from rules.games.book_of_mormon_battles.game import ENGINE
from rules.games.book_of_mormon_battles.state import VARIANTS
from rules.play.interface import SetupError
from rules.play.log import ActionRefused
from rules.play.log import replay
from rules.play.registry import engine_for
from tests.rules.games.book_of_mormon_battles.helpers import act
from tests.rules.games.book_of_mormon_battles.helpers import play
from tests.rules.games.book_of_mormon_battles.helpers import setup
from tests.rules.play.harness import check_replay
from tests.rules.play.harness import computer_vs_random
from tests.rules.play.harness import play_out

COMBINED = [
    ["mounting-battles", "secret-weapon"],
    ["power-play", "shorter-game"],
    ["mounting-battles", "power-play", "secret-weapon"],
    ["young-players", "mounting-battles"],
]


def test_it_is_the_registered_engine():
    assert engine_for("book-of-mormon-battles") is ENGINE


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_keep_every_card_and_hide_what_the_rules_hide(variant):
    # Short battle limits keep a hundred games under a few seconds; invariants are checked at every step.
    # Spy's Trivia has no battle limit: its games are whole and longer, so fewer of them.
    for seed in range(50 if variant == "spys-trivia" else 100):
        seats = 2 + seed % 5
        options = {"variant": variant, "battles": 12 + seed % 7}
        state, _ = play_out(ENGINE, setup(seats, seed, **options), rng=random.Random(seed))
        assert ENGINE.result(state) is not None


@pytest.mark.parametrize("variants", COMBINED, ids="+".join)
def test_combined_variants_play_to_an_end(variants):
    for seed in range(40):
        options = {"variant": variants[0], "variants": variants[1:], "battles": 15}
        state, _ = play_out(ENGINE, setup(2 + seed % 5, seed, **options), rng=random.Random(seed))
        assert ENGINE.result(state) is not None


@pytest.mark.parametrize("variant", ["basic", "mounting-battles", "power-play", "secret-weapon"])
def test_whole_games_end_by_the_rules_and_replay_alike(variant):
    for seed in range(3):
        game = setup(2 + seed, seed, variant=variant)
        state, log = play_out(ENGINE, game, rng=random.Random(seed), check_every=25)
        assert ENGINE.result(state) is not None
        if len(log) <= 5000:
            check_replay(ENGINE, game, log)


@pytest.mark.parametrize(
    ("variant", "least"),
    [("basic", 0.9), ("power-play", 0.85), ("secret-weapon", 0.85), ("mounting-battles", 0.85), ("spys-trivia", 0.95)],
)
def test_the_computer_beats_a_random_player(variant, least):
    share = computer_vs_random(ENGINE, lambda seed: setup(2, seed, variant=variant), games=20)
    assert share >= least


def test_a_computer_move_is_always_legal():
    for variant in VARIANTS:
        rng = random.Random(5)
        state, _ = ENGINE.new_game(setup(3, 5, variant=variant, battles=10))
        while ENGINE.result(state) is None:
            seat = min(ENGINE.legal(state))
            ENGINE.apply(state, seat, ENGINE.computer(state, seat, rng))


def test_it_refuses_an_illegal_action_and_changes_nothing():
    deal = [["Nephi", "Abish", "Sam", "Shiblon", "Pahoran"], ["Sherem", "Lemuel", "Zeezrom", "Seantum", "Lib"]]
    with pytest.raises(ActionRefused) as refused:
        play(deal, [act(0, "battle", "Abish", "Sam")])  # two characters need a POWER card
    assert refused.value.index == 0 and refused.value.code == "illegal-action"
    state, _ = ENGINE.new_game(setup(2, deal=deal))
    before = ENGINE.to_dict(state)
    with pytest.raises(Exception, match="not a legal action"):
        ENGINE.apply(state, 0, {"type": "battle", "cards": ["Faith"]})
    with pytest.raises(Exception, match="may not act"):
        ENGINE.apply(state, 5, {"type": "battle"})
    assert ENGINE.to_dict(state) == before


def test_it_refuses_an_action_after_the_end():
    deal = [["Nephi", "Abish"], ["Sherem"]]
    with pytest.raises(ActionRefused) as refused:
        play(deal, [act(0, "battle", "Nephi"), act(1, "battle", "Sherem"), act(0, "battle", "Abish")])
    assert refused.value.index == 2 and refused.value.code == "game-over"


@pytest.mark.parametrize(
    ("options", "path", "code"),
    [
        ({"deal": [["Nephi", "Nephi"], ["Sherem"]]}, "options.deal[0][1]", "card-named-twice"),
        ({"deal": [["Nephi"], ["Bilbo"]]}, "options.deal[1][0]", "unknown-card"),
        ({"deal": [["Nephi"]]}, "options.deal", "bad-deal"),
        ({"variant": "young-players", "deal": [["Nephi"], ["Faith"]]}, "options.deal[1][0]", "unknown-card"),
        ({"variant": "speed"}, "options.variant", "unknown-variant"),
        ({"variants": ["warp"]}, "options.variants[0]", "unknown-variant"),
        ({"variant": "spys-trivia", "variants": ["power-play"]}, "options.variants", "cannot-combine"),
        ({"variant": "young-players", "variants": ["secret-weapon"]}, "options.variants", "cannot-combine"),
        ({"battles": 0}, "options.battles", "bad-battles"),
        ({"battles": True}, "options.battles", "bad-battles"),
    ],
)
def test_it_names_the_path_of_a_bad_setup(options, path, code):
    with pytest.raises(SetupError) as error:
        replay(ENGINE, setup(2, **options), [])
    assert (error.value.path, error.value.code) == (path, code)


def test_six_thousand_actions_are_refused_not_crashed():
    actions = [act(0, "battle", "Nephi")] * 6000
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup(2), actions)
    assert refused.value.code == "too-many-actions"


@pytest.mark.parametrize(
    "action",
    [
        {"seat": 0, "type": "guess", "text": 7},
        {"seat": 0, "type": "guess", "text": ""},
        {"seat": 0, "type": "guess", "text": "x" * 500},
        {"seat": 1, "type": "guess", "text": "Sam", "extra": 1},
        {"seat": 0, "type": "pass"},
        {"seat": "0", "type": "read"},
        {"seat": 0},
        {"seat": 0, "type": "read", "cards": "Sam"},
    ],
)
def test_garbage_actions_are_refused(action):
    with pytest.raises(ActionRefused):
        play([["Abish"], ["Sam"]], [act(0, "read"), action], variant="spys-trivia")
