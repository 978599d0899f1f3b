"""rules/goldfish/sample_hand.py: a seeded opening hand dealt as each game deals it."""

import pytest

from rules.goldfish.sample_hand import expand
from rules.goldfish.sample_hand import new_seed
from rules.goldfish.sample_hand import sample_hand

DECK = expand([(f"card {i:02d}", 2) for i in range(20)])  # 40 cards


def test_it_deals_chapter_and_verse_as_7_unseen_blessings_then_5_in_hand():
    hand = sample_hand(DECK, game="chapter-and-verse", seed=7)
    assert len(hand.unseen) == 7 and len(hand.hand) == 5 and hand.left == 28
    assert hand.unseen + hand.hand != tuple(DECK[:12])  # shuffled, not the top of the list
    assert hand.can_draw


def test_it_deals_bible_battles_as_7_in_hand():
    hand = sample_hand(DECK, game="bible-battles", seed=7)
    assert (len(hand.unseen), len(hand.hand), hand.left) == (0, 7, 33)


def test_the_same_seed_gives_the_same_hand_and_drawing_adds_the_next_card():
    first = sample_hand(DECK, game="chapter-and-verse", seed=123)
    assert sample_hand(DECK, game="chapter-and-verse", seed=123) == first
    more = sample_hand(DECK, game="chapter-and-verse", seed=123, drawn=2)
    assert more.hand[:5] == first.hand and len(more.hand) == 7 and more.left == 26
    assert more.unseen == first.unseen


def test_different_seeds_give_different_hands():
    hands = {sample_hand(DECK, game="chapter-and-verse", seed=s).hand for s in range(50)}
    assert len(hands) > 45


def test_the_shuffle_is_uniform_enough():
    # Each of the 20 titles should open in about 1 - C(38,5)/C(40,5) = 23.7 % of hands.
    counts = dict.fromkeys(set(DECK), 0)
    for seed in range(4000):
        for title in set(sample_hand(DECK, game="chapter-and-verse", seed=seed).hand):
            counts[title] += 1
    assert all(0.19 < c / 4000 < 0.29 for c in counts.values()), counts


def test_it_does_not_draw_past_the_end_of_the_deck():
    small = expand([("a", 10)])
    hand = sample_hand(small, game="chapter-and-verse", seed=1, drawn=50)
    assert (len(hand.unseen), len(hand.hand), hand.left, hand.can_draw) == (7, 3, 0, False)
    assert sample_hand([], game="bible-battles", seed=1).hand == ()


def test_it_uses_its_own_generator_not_the_global_one():
    import random

    random.seed(1)
    a = sample_hand(DECK, game="chapter-and-verse", seed=5)
    random.seed(2)
    assert sample_hand(DECK, game="chapter-and-verse", seed=5) == a


@pytest.mark.parametrize(
    ("game", "seed"), [("battle-cards", 1), ("chapter-and-verse", -1), ("chapter-and-verse", True)]
)
def test_it_refuses_a_game_without_a_setup_or_a_bad_seed(game, seed):
    with pytest.raises(ValueError):
        sample_hand(DECK, game=game, seed=seed)


def test_new_seeds_fit_in_the_url_and_vary():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) > 15 and all(0 <= s < 2**32 for s in seeds)
