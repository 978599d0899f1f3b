"""Bible Battles abilities as data (rules/games/bible_battles/effects.py): each kind on a tiny deck worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.cards import CardData
from rules.catalog import CatalogError
from rules.catalog import parse_catalog
from rules.goldfish.playout import goldfish_play_run
from rules.goldfish.replay import goldfish_replay
from rules.goldfish.request import GoldfishDeck

BB = "bible-battles"
STARTER = Path(__file__).resolve().parents[2] / "cardcollections" / "starter_catalogs"


def bb(number: int, title: str, type_: str, *, effects: tuple = (), abilities: str = "", **fields: Any) -> CardData:
    return CardData(BB, "T1", str(number), title, type=type_, effects=effects, abilities=abilities, **fields)


def follower(number: int, title: str, *, wisdom: int = 0, **fields: Any) -> CardData:
    """A follower that costs no effort and gives no wisdom unless told: only what the test is about counts."""
    return bb(number, title, "follower", effort=0, wisdom=wisdom, **fields)


def reached(deck: GoldfishDeck, *, turns: int, target: int) -> list[float]:
    result = goldfish_play_run(deck, turns, 50, 3, target=target).to_dict()
    return result["outcomes"][0]["probability"]


# A follower worth no wisdom, so only what the test is about gives wisdom.
LABOURER = follower(1, "Labourer")
# A building of 3 wisdom for 2 effort: with one follower it cannot be built, with a discount it can.
SHRINE = bb(2, "Shrine", "building", effort=2, wisdom=3)


def test_costs_less_lets_one_follower_build_what_needed_two() -> None:
    mason = follower(
        3,
        "Mason",
        abilities="Buildings cost you 1 less effort.",
        effects=({"kind": "costs-less", "types": ["building"], "n": 1},),
    )
    # Only Masons and Shrines: turn 1 plays a Mason (0 wisdom), which alone gives the 1 effort a Shrine
    # now costs; the Shrine is inspired for 3 at once (whenever the 8 cards hold both: 99.7%).
    # Without the ability, a Shrine needs two followers: never on turn 1.
    with_it = reached(GoldfishDeck.of(BB, [(mason, 20), (SHRINE, 20)]), turns=3, target=3)
    plain = follower(3, "Mason")
    without = reached(GoldfishDeck.of(BB, [(plain, 20), (SHRINE, 20)]), turns=3, target=3)
    assert with_it[1] > 0.9 and without[1] == 0.0
    assert all(a >= b for a, b in zip(with_it, without))


def test_costs_less_never_makes_a_card_free() -> None:
    idol = bb(4, "Idol", "building", effort=1, wisdom=5)
    mason = follower(3, "Mason", effects=({"kind": "costs-less", "types": ["building"], "n": 3},))
    # The Idol still needs 1 effort, and the Mason who gives it is not inspired for wisdom: 5 on turn 1
    # only if a follower is there to pay; a hand with the Mason alone pays with it.
    replay = goldfish_replay(GoldfishDeck.of(BB, [(mason, 1), (idol, 39)]), 2, 1, 0, 1, target=99)
    builds = [e for r in replay.log for e in r["events"] if e["event"] == "build"]
    assert all("for 1 effort" in e["text"] for e in builds)


def test_wisdom_each_turn_adds_wisdom_at_the_beginning_of_the_turn() -> None:
    sage = follower(5, "Sage", effects=({"kind": "wisdom-each-turn", "n": 2},))
    # Only Sages (0 wisdom each): one comes into play a turn and gives 2 at the beginning of every
    # later turn: 2 after turn 2's start, 2 + 4 = 6 after turn 3's, 12 after turn 4's.
    assert reached(GoldfishDeck.of(BB, [(sage, 40)]), turns=5, target=12) == [0, 0, 0, 0, 1.0, 1.0]
    assert reached(GoldfishDeck.of(BB, [(sage, 40)]), turns=5, target=6)[2:4] == [0.0, 1.0]


def test_wisdom_each_turn_per_title_counts_those_cards_in_play() -> None:
    priest = follower(6, "Priest")
    temple = bb(
        7,
        "Temple",
        "building",
        effort=1,
        wisdom=3,
        effects=({"kind": "wisdom-each-turn", "n": 1, "per-title": ["Priest", "Levite"]},),
    )
    replay = goldfish_replay(GoldfishDeck.of(BB, [(priest, 20), (temple, 20)]), 5, 1, 0, 1, target=99)
    names = [c.title for c in replay.cards]
    gains = 0
    for before, record in zip(replay.log, replay.log[1:]):
        in_play = [names[k] for k in before["state"]["in_play"]]
        # Each Temple gives 1 per Priest in play, at the beginning of the turn.
        expected = in_play.count("Temple") * in_play.count("Priest")
        given = [e for e in record["events"] if e["event"] == "each-turn"]
        assert [int(e["text"].split()[4]) for e in given] == ([expected] if expected else [])
        gains += bool(given)
    assert gains >= 2  # the game does build Temples next to Priests


def test_opponents_abilities_are_modelled_and_text_ones_are_listed() -> None:
    guard = follower(8, "Guard", wisdom=1, abilities="May intercept.", effects=({"kind": "opponents"},))
    odd = follower(9, "Odd", wisdom=1, abilities="Something else.", effects=({"kind": "text"},))
    bare = follower(10, "Bare", wisdom=1, abilities="Not encoded at all.")
    result = goldfish_play_run(GoldfishDeck.of(BB, [(guard, 10), (odd, 10), (bare, 20)]), 2, 10, 1).to_dict()
    assert result["unmodelled"] == ["Bare", "Odd"]


def test_the_starter_catalog_leaves_only_rules_it_cannot_model_as_text() -> None:
    cards = json.loads((STARTER / "bible-battles.json").read_text())["cards"]
    deck = GoldfishDeck.of(
        BB,
        [
            (bb(i, c["title"], c["type"], abilities=c.get("abilities", ""), effects=tuple(c.get("effects", ()))), 1)
            for i, c in enumerate(cards)
        ],
    )
    result = goldfish_play_run(deck, 2, 10, 1).to_dict()
    assert sorted(result["unmodelled"]) == sorted(
        [
            "Fisherman", "Potter", "Carpenter", "Merchant", "Vinedresser", "Elder", "Midwife",
            "Oxen", "Donkey", "Jordan River", "Jerusalem", "Granary", "Famine", "Manna from Heaven",
        ]
    )  # fmt: skip


def _catalog(effects: Any) -> dict:
    card = {"set": "T1", "number": "1", "title": "X", "type": "follower", "effort": 0, "offense": 0, "defense": 1}
    return {"game": BB, "sets": [{"code": "T1", "name": "T"}], "cards": [{**card, "effects": effects}]}


@pytest.mark.parametrize(
    ("effects", "path"),
    [
        ([{"kind": "heal"}], "cards[0].effects[0].kind"),
        ([{"kind": "costs-less", "n": 1}], "cards[0].effects[0].types"),
        ([{"kind": "costs-less", "types": ["boat"], "n": 1}], "cards[0].effects[0].types[0]"),
        ([{"kind": "costs-less", "types": ["crop"], "n": 0}], "cards[0].effects[0].n"),
        ([{"kind": "wisdom-each-turn", "n": 1, "per-title": []}], "cards[0].effects[0].per-title"),
        ([{"kind": "opponents", "n": 1}], "cards[0].effects[0].n"),
        ({"kind": "text"}, "cards[0].effects"),
    ],
)
def test_a_bad_effect_is_refused_with_its_path(effects: Any, path: str) -> None:
    with pytest.raises(CatalogError) as caught:
        parse_catalog(_catalog(effects))
    assert path in str(caught.value)


def test_a_good_effect_loads_as_written() -> None:
    effects = [{"kind": "wisdom-each-turn", "text": "Gain 1.", "n": 1, "per-title": ["Priest"]}]
    assert parse_catalog(_catalog(effects)).cards[0].fields["effects"] == effects


# The three findings of issue 30 in the goldfish play-out.
def test_scribe_gives_1_wisdom_without_a_building_and_2_with_one() -> None:
    scribe = follower(
        11, "Scribe", wisdom=2, abilities="Inspire for wisdom: gain 2 wisdom instead of 1 if you control a building."
    )
    # Scribes only: one a turn, 1 wisdom each without a building: 1, 3, 6 by turns 1-3 (not 2, 6, 12).
    alone = reached(GoldfishDeck.of(BB, [(scribe, 40)]), turns=3, target=6)
    assert alone == [0.0, 0.0, 0.0, 1.0]
    assert reached(GoldfishDeck.of(BB, [(scribe, 40)]), turns=3, target=7)[3] == 0.0
    # An Altar (a building) in play makes each Scribe give 2; the same card as a crop does not.
    altar = bb(12, "Altar", "building", effort=1, wisdom=1)
    field = bb(12, "Altar", "crop", effort=1, wisdom=1)
    with_building = reached(GoldfishDeck.of(BB, [(scribe, 20), (altar, 20)]), turns=5, target=12)
    without = reached(GoldfishDeck.of(BB, [(scribe, 20), (field, 20)]), turns=5, target=12)
    assert all(a >= b for a, b in zip(with_building, without)) and with_building[3] > 0.9 > without[3] == 0.0


def test_abraham_is_not_fed_by_his_own_food() -> None:
    shepherd = follower(13, "Shepherd", wisdom=0)
    abraham = bb(14, "Abraham", "unique-person", effort=1, wisdom=5, food=1)
    # Without another food card Abraham never comes into play, so his wisdom never counts.
    assert reached(GoldfishDeck.of(BB, [(shepherd, 20), (abraham, 20)]), turns=6, target=5) == [0.0] * 7


def test_an_empty_deck_at_the_draw_loses_before_start_of_turn_wisdom() -> None:
    sage = follower(5, "Sage", effects=({"kind": "wisdom-each-turn", "n": 2},))
    # 8 Sages: 7 in hand, the 8th drawn on turn 1; turn 2's draw finds the deck empty, so the 2 wisdom the
    # Sage in play would give at turn 2's beginning never comes (the draw comes first).
    assert reached(GoldfishDeck.of(BB, [(sage, 8)]), turns=3, target=2) == [0.0, 0.0, 0.0, 0.0]
