"""Battle Cards: match-ups (score, size, Value) and Battle Mode rounds."""

from __future__ import annotations

import pytest

from rules.checkers import IllegalInput
from rules.games.battle_cards.matchup import EXAMPLES
from rules.games.battle_cards.matchup import check_matchup
from rules.games.battle_cards.matchup import check_round
from rules.games.registry import GAME_RULES
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("battle-cards")


@pytest.mark.parametrize(("name", "request_", "winner", "by"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_it_resolves_the_examples(name, request_, winner, by):
    result = check_matchup(POOL, request_)
    assert (result.winner, result.by) == (winner, by)


def test_size_beats_in_a_circle():
    # Lion of Judah (M) and Gog of Magog (B) both score 80 in strength: B beats M.
    flipped = check_matchup(
        POOL, {"category": "strength", "a": {"title": "Gog of Magog"}, "b": {"title": "Lion of Judah"}}
    )
    assert (flipped.winner, flipped.by) == ("a", "size")


def test_it_needs_a_known_category():
    with pytest.raises(IllegalInput) as exc:
        check_matchup(POOL, {"category": "speed", "a": {"title": "Goliath"}, "b": {"title": "Samson"}})
    assert exc.value.field == "category"


def test_a_round_ends_when_one_player_has_won_three():
    big = ["Great Red Dragon", "Behemoth", "Leviathan", "Samson", "Great Fish"]
    small = ["Golden Calf", "Hornets", "Ravens of Elijah", "Brazen Serpent", "Jackals of the Desert"]
    result = check_round(
        POOL, {"category": "strength", "a": [{"title": t} for t in big], "b": [{"title": t} for t in small]}
    )
    assert result.winner == "a" and result.wins == {"a": 3, "b": 0} and len(result.matchups) == 3


def test_battle_cards_is_a_fixed_deck_game():
    assert GAME_RULES["battle-cards"].game.collectible is False


def test_a_card_never_meets_itself():
    # One box, every card single (docs/games/battle-cards.md): a combination the rules forbid is a 400.
    with pytest.raises(IllegalInput) as exc:
        check_matchup(POOL, {"category": "strength", "a": {"title": "Goliath"}, "b": {"title": "Goliath"}})
    assert exc.value.field == "b" and "Goliath" in exc.value.message
    squad = ["Great Red Dragon", "Behemoth", "Leviathan", "Samson", "Great Fish"]
    with pytest.raises(IllegalInput) as exc:
        check_round(
            POOL, {"category": "strength", "a": [{"title": t} for t in squad], "b": [{"title": t} for t in squad]}
        )
    assert exc.value.field == "b[0]"
