"""Chapter and Verse played whole (docs/games/chapter-and-verse.md): random legal play of 2 to 6 seats with the
starter set split or random legal decks keeps every card and secret and replays; the computer beats random play."""

from __future__ import annotations

import hashlib
import json
import random

from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.games.chapter_and_verse.game import ENGINE
from rules.games.chapter_and_verse.table import quoted_verses
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from tests.rules.checkers.pools import starter_pool
from tests.rules.play.harness import box_of
from tests.rules.play.harness import check_replay
from tests.rules.play.harness import computer_vs_random
from tests.rules.play.harness import play_out
from tests.rules.play.test_what_always_holds import random_legal_deck

BOX = box_of("chapter-and-verse")


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 6),
    variant=st.sampled_from(["basic", "advanced"]),
    random_decks=st.booleans(),
    friendly=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    chooser=st.randoms(use_true_random=False),
)
def test_any_game_of_random_legal_moves_keeps_every_card_and_secret_ends_and_replays(
    seats: int, variant: str, random_decks: bool, friendly: bool, seed: int, chooser: random.Random
) -> None:
    deck_rng = random.Random(seed)
    decks = [random_legal_deck(deck_rng) if random_decks else () for _ in range(seats)]
    options = {"variant": variant, "rounds": 6, "friendly": friendly}
    setup = Setup(tuple(SeatSpec(f"P{i}", decks[i]) for i in range(seats)), options, seed, BOX)
    state, log = play_out(ENGINE, setup, rng=chooser, check_every=2)
    assert ENGINE.result(state) is not None
    check_replay(ENGINE, setup, log)


def _decks(seats: int, options: dict[str, object]):
    def setup_for(seed: int) -> Setup:
        rng = random.Random(seed)
        return Setup(tuple(SeatSpec(f"P{i}", random_legal_deck(rng)) for i in range(seats)), options, seed, BOX)

    return setup_for


def test_the_computer_beats_random_play_in_most_seeded_games() -> None:
    assert computer_vs_random(ENGINE, _decks(2, {"variant": "advanced"}), games=20) >= 0.8
    assert computer_vs_random(ENGINE, _decks(4, {"variant": "basic", "rounds": 30}), games=10) >= 0.6


def test_computers_alone_play_whole_games_closing_books() -> None:
    for seed in range(6):
        setup = _decks(2 + seed % 3, {"variant": "advanced"})(seed)
        state, log = play_out(
            ENGINE,
            setup,
            lambda s, seat, legal, r: ENGINE.computer(s, seat, r),
            rng=random.Random(seed),
            check_every=25,
        )
        assert ENGINE.result(state) is not None
        assert sum(seat.books for seat in state.seats) >= 2
        check_replay(ENGINE, setup, log)


# The computer's seeded games, move for move: digests of their action logs taken before the speed work of issue 30
# (docs/benchmarks.md); making the engine faster must not change one move. Retaken when the engine came to follow
# The Whole Armour, A Time to Every Purpose and Samuel on the Wall: in 2-1 and 4-1 the computer now plays Samuel on
# the Wall when challenged, and in 4-0 a seat holding only a Quick Play bound to another moment is no longer asked
# in the Line (2-0 was unchanged). Retaken again when it came to follow Opposition in All Things: a verse with an
# effect is worth one more to the computer, and it chooses the theme (all four games change).
SEEDED_LOGS = {
    "2-0": "57f43d50351a3053",
    "2-1": "99d664160a91f162",
    "4-0": "d7c2cc461221d1c4",
    "4-1": "b42b5c56fc6f8ab0",
}


def _seeded_log(seats: int, seed: int) -> str:
    setup = _decks(seats, {"variant": "advanced", "rounds": 20})(seed)
    state, log = play_out(
        ENGINE,
        setup,
        lambda s, seat, legal, r: ENGINE.computer(s, seat, r),
        rng=random.Random(seed),
        check_every=10_000,
    )
    result = ENGINE.result(state)
    assert result is not None
    moves = json.dumps([log, list(result.winners), result.reason], sort_keys=True, default=str)
    return hashlib.sha256(moves.encode()).hexdigest()[:16]


def test_seeded_computer_games_are_the_same_move_for_move() -> None:
    assert {f"{seats}-{seed}": _seeded_log(seats, seed) for seats in (2, 4) for seed in (0, 1)} == SEEDED_LOGS


def _computers_alone(seed: int, recall: float):
    setup = _decks(2, {"variant": "advanced", "computer_recall": recall})(seed)
    state, _log = play_out(
        ENGINE, setup, lambda s, seat, legal, r: ENGINE.computer(s, seat, r), rng=random.Random(seed), check_every=50
    )
    return state


def test_the_verses_quoted_word_for_word_are_kept_for_signing() -> None:
    """Each verse a seat quoted right is listed once, with its seat and card (a finished table offers these to the
    opponents to sign, docs/learning.md); a seat that never quotes right lists none."""
    quoted = [v for seed in range(4) for v in quoted_verses(_computers_alone(seed, 1.0))]
    assert quoted
    for seat, card in quoted:
        assert seat in (0, 1)
        assert any(e.get("kind") == "quote" for e in card.data.effects) and card.data.scripture
    assert not any(quoted_verses(_computers_alone(seed, 0.0)) for seed in range(4))


# Every verse that answers another moment or changes its chapter's icons, three of a title (one of a Unique one),
# in every deck: random legal play and the computer keep every card and secret and replay.
ANSWERING = (
    "The Whole Armour",
    "A Time to Every Purpose",
    "Samuel on the Wall",
    "A Way to Escape",
    "David and Goliath",
    "Mustard Seed",
    "Opposition in All Things",
    "In the Name of the Lord",
)


def test_games_full_of_verses_that_answer_other_moments_keep_every_card_and_replay() -> None:
    pool = starter_pool("chapter-and-verse").cards
    by_title = {c.title: c for c in pool}
    special = [by_title[t] for t in ANSWERING for _ in range(3)] + [
        by_title[t] for t in ("Title of Liberty", "Let This Cup Pass")
    ]
    played: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        rest = [c for c in pool if c not in special]
        decks = [tuple(special + rng.sample(rest, 20)) for _ in range(2 + seed % 3)]
        setup = Setup(
            tuple(SeatSpec(f"P{i}", d) for i, d in enumerate(decks)), {"variant": "advanced", "rounds": 10}, seed, BOX
        )
        computer = (lambda s, seat, legal, r: ENGINE.computer(s, seat, r)) if seed % 2 else None
        state, log = play_out(ENGINE, setup, computer, rng=random.Random(seed), check_every=3)
        assert ENGINE.result(state) is not None
        check_replay(ENGINE, setup, log)
        played |= {a["cards"][0] for a in log if a["type"] in ("quick-play", "freeplay")}
        played |= {a["type"] for a in log if a["type"] == "choose-theme"}
    assert {"A Time to Every Purpose", "Samuel on the Wall", "Mustard Seed", "choose-theme"} <= played
