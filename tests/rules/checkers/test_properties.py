"""Properties of every checker: the order players are listed in does not matter, and nothing but
IllegalInput ever escapes, whatever catalog cards are combined."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.checkers import IllegalInput
from rules.games.battle_cards.matchup import check_matchup
from rules.games.book_of_mormon_battles.battle import resolve_battle
from rules.games.warriors_of_the_promised_land.challenge import resolve_challenge
from rules.games.warriors_of_the_promised_land.laying import check_play
from tests.rules.checkers.pools import starter_pool

BMB = starter_pool("book-of-mormon-battles")
WPL = starter_pool("warriors-of-the-promised-land")
BC = starter_pool("battle-cards")


def refs(pool, most):
    return st.lists(st.sampled_from(pool.cards).map(lambda c: {"title": c.title}), min_size=0, max_size=most)


bmb_players = st.lists(refs(BMB, 6), min_size=2, max_size=6)
bmb_variant = st.sampled_from(["basic", "mounting-battles", "young-players"])


def _battle(hands, variant):
    players = [{"name": f"P{i}", "cards": cards} for i, cards in enumerate(hands)]
    return resolve_battle(BMB, {"variant": variant, "players": players})


@settings(max_examples=300, deadline=None)
@given(hands=bmb_players, variant=bmb_variant)
def test_a_battle_never_raises_but_illegal_input(hands, variant):
    try:
        result = _battle(hands, variant)
    except IllegalInput:
        return
    assert result.winner is None or result.winner in result.values
    assert result.steps


@settings(max_examples=200, deadline=None)
@given(hands=bmb_players, variant=bmb_variant, data=st.data())
def test_a_battle_does_not_depend_on_the_order_of_the_players(hands, variant, data):
    try:
        first = _battle(hands, variant)
    except IllegalInput:
        return
    order = data.draw(st.permutations(range(len(hands))))
    players = [{"name": f"P{i}", "cards": hands[i]} for i in order]
    again = resolve_battle(BMB, {"variant": variant, "players": players})
    assert (again.winner, dict(again.values), set(again.tied)) == (first.winner, dict(first.values), set(first.tied))


@settings(max_examples=300, deadline=None)
@given(in_play=refs(WPL, 6), card=st.sampled_from(WPL.cards))
def test_a_play_check_never_raises_but_illegal_input(in_play, card):
    try:
        check = check_play(WPL, {"in_play": in_play, "card": {"title": card.title}})
    except IllegalInput:
        return
    assert check.reason


choice_items = st.fixed_dictionaries(
    {"side": st.sampled_from(["challenger", "defender"]), "card": st.integers(0, 6)},
    optional={"target": st.integers(0, 6), "add": st.sampled_from(WPL.cards).map(lambda c: {"title": c.title})},
)


@settings(max_examples=300, deadline=None)
@given(a=refs(WPL, 6), b=refs(WPL, 6), choices=st.lists(choice_items, max_size=3))
def test_a_challenge_never_raises_but_illegal_input(a, b, choices):
    try:
        result = resolve_challenge(WPL, {"challenger": {"cards": a}, "defender": {"cards": b}, "choices": choices})
    except IllegalInput:
        return
    assert min(result.points.values()) >= 0


@settings(max_examples=200, deadline=None)
@given(a=refs(WPL, 5), b=refs(WPL, 5))
def test_a_challenge_swapped_swaps_the_points_and_only_a_tie_favours_the_challenger(a, b):
    try:
        one = resolve_challenge(WPL, {"challenger": {"cards": a}, "defender": {"cards": b}})
        two = resolve_challenge(WPL, {"challenger": {"cards": b}, "defender": {"cards": a}})
    except IllegalInput:
        return
    assert one.points["challenger"] == two.points["defender"]
    assert one.points["defender"] == two.points["challenger"]
    if one.points["challenger"] != one.points["defender"]:
        assert one.winner != two.winner


categories = st.sampled_from(["strength", "skill", "magic", "terror", "value"])


@settings(max_examples=300, deadline=None)
@given(category=categories, a=st.sampled_from(BC.cards), b=st.sampled_from(BC.cards))
def test_a_matchup_is_symmetric(category, a, b):
    assume(a.title_key != b.title_key)  # one box: a card never meets itself (a 400, tested with the checker)
    one = check_matchup(BC, {"category": category, "a": {"title": a.title}, "b": {"title": b.title}})
    two = check_matchup(BC, {"category": category, "a": {"title": b.title}, "b": {"title": a.title}})
    flip = {"a": "b", "b": "a", "tie": "tie"}
    assert (two.winner, two.by) == (flip[one.winner], one.by)
