"""What always holds (docs/contracts/play.md), searched by Hypothesis across the three fixed-deck games and Chapter and Verse: it
draws the game, its variant (or a combination the rules allow), the number of players, the deal's seed and
every choice of a random legal player, plays to the end with conservation and hidden information checked as it
goes, and replays the log to the same result. A failure shrinks to the shortest game that shows it.

Each run tries `max_examples` games per game (the `thorough` profile, HYPOTHESIS_PROFILE=thorough, plays
thousands; docs/testing.md gives the figures). The seeded loops in tests/rules/games/ stay as regressions."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.cards import CardData
from rules.games.book_of_mormon_battles.state import VARIANTS as BOMB_VARIANTS
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.registry import engine_for
from tests.rules.checkers.pools import starter_pool
from tests.rules.play.harness import box_of
from tests.rules.play.harness import check_replay
from tests.rules.play.harness import legal_bb_deck
from tests.rules.play.harness import play_out
from tests.rules.play.harness import starter_bb_deck

BOXES = {
    game: box_of(game)
    for game in ("book-of-mormon-battles", "warriors-of-the-promised-land", "battle-cards", "chapter-and-verse")
}
# Chapter and Verse's seats bring decks: the starter set split (the basic game's way), or random legal decks of
# 40 to 50 verses from every card of the starter catalog, at most three of a title and one of a Unique verse.
CV_CARDS = starter_pool("chapter-and-verse").cards


def random_legal_deck(rng: random.Random) -> tuple[CardData, ...]:
    deck: list[CardData] = []
    size = rng.randint(40, 50)
    while len(deck) < size:
        card = rng.choice(CV_CARDS)
        limit = 1 if card.unique else 3
        if sum(1 for c in deck if c.title_key == card.title_key) < limit:
            deck.append(card)
    return tuple(deck)


# Variants the rules let a table combine with the one it names (Book of Mormon Battles, "Variations").
BOMB_EXTRAS = ("mounting-battles", "secret-weapon", "power-play", "shorter-game")


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, dict[str, Any], int]:
    """A game, its number of players, its options and the deal's seed (the box is added by the test: its repr
    would fill a failure report)."""
    game = draw(st.sampled_from(sorted(BOXES)))
    options: dict[str, Any]
    if game == "book-of-mormon-battles":
        seats = draw(st.integers(2, 6))
        variant = draw(st.sampled_from(BOMB_VARIANTS))
        extras = draw(st.lists(st.sampled_from(BOMB_EXTRAS), unique=True, max_size=2))
        # A battle limit keeps each game short; Spy's Trivia and the whole game are covered by the seeded loops.
        options = {"variant": variant, "variants": [v for v in extras if v != variant], "battles": 8 + seats}
    elif game == "chapter-and-verse":
        seats = draw(st.integers(2, 6))
        options = {
            "variant": draw(st.sampled_from(["basic", "advanced"])),
            "rounds": draw(st.integers(2, 8)),
            "blessings": draw(st.integers(1, 7)),
            "friendly": draw(st.booleans()),
            "quote_it": draw(st.booleans()),
            # Not an engine option: whether the seats bring random legal decks (popped by the test).
            "random_decks": draw(st.booleans()),
        }
    elif game == "battle-cards":
        seats = draw(st.integers(2, 4))
        options = {"variant": draw(st.sampled_from(["trumps", "battle-mode"])), "max_rounds": 150}
    else:
        seats = draw(st.integers(2, 6))
        options = draw(st.sampled_from([{}, {"rounds": 1}, {"rounds": 3}]))
    seed = draw(st.integers(0, 2**32 - 1))
    return game, seats, options, seed


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), chooser=st.randoms(use_true_random=False))
def test_any_game_of_random_legal_moves_keeps_every_card_and_secret_ends_and_replays(
    table: tuple[str, int, dict[str, Any], int], chooser: random.Random
) -> None:
    game, seats, options, seed = table
    engine = engine_for(game)
    assert engine is not None
    decks: list[tuple[CardData, ...]] = [()] * seats
    if options.pop("random_decks", False):
        deck_rng = random.Random(seed)
        decks = [random_legal_deck(deck_rng) for _ in range(seats)]
    setup = Setup(tuple(SeatSpec(f"P{i}", decks[i]) for i in range(seats)), options, seed, BOXES[game])
    try:
        engine.new_game(setup)
    except SetupError as refused:
        # Young Players has no BATTALION or power cards for the variants that need them: refused by the rules.
        assume(refused.code != "cannot-combine")
        raise
    state, log = play_out(engine, setup, rng=chooser, check_every=3)
    assert engine.result(state) is not None
    check_replay(engine, setup, log)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=25)
@given(
    seats=st.integers(2, 6),
    starter=st.lists(st.booleans(), min_size=6, max_size=6),
    sizes=st.lists(st.integers(8, 30), min_size=6, max_size=6),
    wisdom=st.integers(1, 99),
    seed=st.integers(0, 2**32 - 1),
    chooser=st.randoms(use_true_random=False),
)
def test_any_bible_battles_game_of_random_legal_moves_keeps_every_card_and_secret_ends_and_replays(
    seats: int, starter: list[bool], sizes: list[int], wisdom: int, seed: int, chooser: random.Random
) -> None:
    """Bible Battles, 2 to 6 players, each with the starter catalog's core set as a deck or a random legal deck
    (sizes kept small so a random game ends by an empty deck within the example's time)."""
    engine = engine_for("bible-battles")
    assert engine is not None
    decks = [
        starter_bb_deck() if starter[i] else legal_bb_deck(random.Random(seed + i), sizes[i]) for i in range(seats)
    ]
    setup = Setup(tuple(SeatSpec(f"P{i}", decks[i]) for i in range(seats)), {"wisdom": wisdom}, seed)
    state, log = play_out(engine, setup, rng=chooser, check_every=3)
    assert engine.result(state) is not None
    check_replay(engine, setup, log)
