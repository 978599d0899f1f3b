"""The match-up calculator's modes (battle-mode, the default, and trumps) and the whole game's comparison."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from rules.checkers import IllegalInput
from rules.games.battle_cards.compare import compare
from rules.games.battle_cards.matchup import check_matchup
from rules.games.battle_cards.matchup import check_round
from rules.games.battle_cards.matchup import matchup
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("battle-cards")
CARDS = [POOL.by_key(k)[0] for k in POOL.title_keys]


def ask(category: str, a: str, b: str, **extra: str) -> tuple[str, str]:
    result = check_matchup(POOL, {"category": category, "a": {"title": a}, "b": {"title": b}, **extra})
    return result.winner, result.by


def test_the_default_mode_keeps_the_contracts_answer() -> None:
    # docs/contracts/rules-checkers.md: an equal score goes to size, then Value.
    assert ask("strength", "Lion of Judah", "Gog of Magog") == ("b", "size")
    assert ask("strength", "Lion of Judah", "Gog of Magog", mode="battle-mode") == ("b", "size")
    assert ask("strength", "Nephilim", "Beast from the Sea") == ("b", "value")


def test_trumps_sends_an_equal_score_to_the_centre() -> None:
    # battle-cards.txt, Basic Game: "If more than one player have the same score, they place their cards in the
    # centre." Neither size nor Value breaks it.
    assert ask("strength", "Lion of Judah", "Gog of Magog", mode="trumps") == ("tie", "score")
    assert ask("strength", "Nephilim", "Beast from the Sea", mode="trumps") == ("tie", "score")
    assert ask("terror", "Fiery Serpents", "Og of Bashan", mode="trumps") == ("tie", "score")
    assert ask("strength", "Goliath", "Samson", mode="trumps") == ("b", "score")


def test_an_unknown_mode_is_refused_on_its_field() -> None:
    with pytest.raises(IllegalInput) as error:
        ask("strength", "Goliath", "Samson", mode="war-mode")
    assert error.value.field == "mode"


def test_trumps_differs_from_battle_mode_only_on_equal_scores() -> None:
    for a, b in itertools.combinations(CARDS, 2):
        for category in ("strength", "skill", "magic", "terror", "value"):
            battle, trumps = matchup(category, a, b), matchup(category, a, b, "trumps")
            if getattr(a, category) != getattr(b, category):
                assert (trumps.winner, trumps.by) == (battle.winner, battle.by)
            else:
                assert (trumps.winner, trumps.by) == ("tie", "score")


def test_the_whole_games_comparison_of_two_cards_is_the_match_up() -> None:
    names = {"a": 0, "b": 1, "tie": None}
    for a, b in itertools.permutations(CARDS, 2):
        for category in ("strength", "skill", "magic", "terror"):
            one, two = matchup(category, a, b), compare(category, {0: a, 1: b})
            assert (names[one.winner], one.by) == (two.winner, two.by), (a.title, b.title, category)


def test_three_sizes_tied_go_to_value() -> None:
    # battle-cards.txt, 3 or 4 players: "Any match-up ties which are not resolvable by size are resolved by
    # comparing Value". Strength 80: Lion of Judah (M, 8), Gog of Magog (B, 7), and a small card made to tie.
    lion, gog = POOL.by_key("lion of judah")[0], POOL.by_key("gog of magog")[0]
    small = POOL.by_key("hornets")[0]
    small80 = replace(small, strength=80)
    assert compare("strength", {0: lion, 1: gog, 2: small80}).winner == 0  # B, M and S: Value 8 wins
    assert compare("strength", {0: lion, 1: gog}).winner == 1  # B beats M


def test_the_round_checker_gives_the_round_to_more_match_ups_and_a_decider_only_to_equal_ones() -> None:
    # battle-cards.txt, Battle Phase: "As soon as one player has won 3 match-ups, the round ends immediately";
    # 3 or 4 players: "If two players both win 2 match-ups in a round, they then play a sudden-death decider".
    a = ["Samson", "Og of Bashan", "Ram with Two Horns", "Gadianton Robber", "Jackals of the Desert"]
    b = ["Behemoth", "Great Fish", "Ravening Wolf", "She-Bears of Bethel", "Shepherd Boy with a Sling"]
    result = check_round(POOL, {"category": "strength", "a": [{"title": t} for t in a], "b": [{"title": t} for t in b]})
    assert (result.winner, result.wins) == ("b", {"a": 1, "b": 2})
    b[-1] = "Ravens of Elijah"
    result = check_round(POOL, {"category": "strength", "a": [{"title": t} for t in a], "b": [{"title": t} for t in b]})
    assert (result.winner, result.wins) == (None, {"a": 2, "b": 2})
