"""Book of Mormon Battles' battle checker: every example of the rules document, every power card, the rulings."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checkers import IllegalInput
from rules.games.book_of_mormon_battles.battle import EXAMPLES
from rules.games.book_of_mormon_battles.battle import resolve_battle
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("book-of-mormon-battles")


def battle(*players: tuple[str, ...], variant: str | None = None) -> dict[str, Any]:
    request: dict[str, Any] = {"players": [{"name": p[0], "cards": [{"title": t} for t in p[1:]]} for p in players]}
    if variant:
        request["variant"] = variant
    return resolve_battle(POOL, request).to_dict()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_it_resolves_every_example_of_the_rules_document(example):
    assert resolve_battle(POOL, example.request).winner == example.winner


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        (("Abish", "Pahoran", "Teancum", "Battle"), 4800),  # "a 100, a 700, and a 2000 ... 4800"
        (("Lemuel", "Conversion"), 1300),  # "a black diamond 300 becomes a gold diamond 1300"
        (("Shiblon", "Sariah", "Title of Liberty"), 5700),
        (("Zeezrom", "Lib", "Secret Combination"), 5700),
        (("Shiblon", "Faith"), 5000),
        (("Zeezrom", "Wickedness"), 5000),
        (("Sherem", "Captain Moroni", "Battle"), 11100),  # Battle mixes colours
        (("Teancum",), 2000),
    ],
)
def test_it_values_each_power_card_as_its_text_says(cards, value):
    assert battle(("Ann", *cards), ("Ben", "Heth"))["values"]["Ann"] == value


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        (("Faith",), "cannot be played alone"),
        (("Gidgiddoni", "Faith"), "under 1000"),  # 1000 is not under 1000
        (("Sherem", "Faith"), "gold"),
        (("Abish", "Wickedness"), "black"),
        (("Abish", "Conversion"), "black"),
        (("Shiblon", "Zeezrom", "Title of Liberty"), "two gold"),
        (("Shiblon", "Sariah", "Abish", "Title of Liberty"), "two gold"),
        (("Zeezrom", "Lib", "Battle", "Faith"), "One power card"),
        (("Abish", "Sam"), "need a power card"),
        (("Abish", "Sam", "Stripling Warriors"), "exactly one"),
    ],
)
def test_it_refuses_a_combination_no_power_card_allows(cards, why):
    with pytest.raises(IllegalInput) as exc:
        battle(("Ann", *cards), ("Ben", "Abish" if "Abish" not in cards else "Sam"))
    assert exc.value.field == "players[0].cards"
    assert why in exc.value.message


def test_it_ranks_gold_over_black_and_diamond_over_oval_on_equal_values():
    assert battle(("Ann", "Abinadi"), ("Ben", "Amlici"))["winner"] == "Ann"  # gold oval 5000 over black oval
    assert battle(("Ann", "Abinadi"), ("Ben", "Alma the Younger"))["winner"] == "Ben"  # diamond over oval


def test_it_breaks_a_tie_of_combinations_by_the_highest_single_character_card():
    # 5000 each: Faith's 500 x 10 against a single 5000; the single card is higher.
    result = battle(("Ann", "Shiblon", "Faith"), ("Ben", "Abinadi"))
    assert result["values"] == {"Ann": 5000, "Ben": 5000}
    assert result["winner"] == "Ben"
    assert any(s.startswith("Tie battles:") for s in result["steps"])


def test_stripling_warriors_gives_the_battle_to_the_lowest_gold_card():
    result = battle(("Ann", "Captain Moroni"), ("Ben", "Sam", "Stripling Warriors"), ("Cy", "Abish"))
    assert result["winner"] == "Cy"


@pytest.mark.parametrize(
    ("ann", "ben", "winner"),
    [
        # Stripling Warriors counts a converted card as gold of its new value: Lemuel (black 300) converted is
        # a gold 1300: lower than Gidgiddoni's gold 1000? No: 1300 > 1000.
        (("Lemuel", "Conversion"), ("Gidgiddoni", "Stripling Warriors"), "Ben"),
        (("Lemuel", "Conversion"), ("Teancum", "Stripling Warriors"), "Ann"),
        # Stripling Warriors without a gold card has no effect.
        (("Sherem", "Stripling Warriors"), ("Coriantumr",), "Ben"),
        # Famine cancels Stripling Warriors.
        (("Abish", "Stripling Warriors"), ("Captain Moroni", "Famine"), "Ben"),
        (("Captain Moroni", "Stripling Warriors"), ("Abish", "Famine"), "Ann"),
    ],
)
def test_the_rulings_on_stripling_warriors_decide_who_wins(ann, ben, winner):
    assert battle(("Ann", *ann), ("Ben", *ben))["winner"] == winner


def test_ruling_a_tie_under_stripling_warriors_is_the_lowest_rank_then_a_tie():
    # Tubaloth (black oval 500) and Zeezrom (black diamond 500) converted: gold oval 1500 against Amulek's
    # gold oval 1500 is the same rank; the oval 1500s tie, and the battle is a tie.
    result = battle(("Ann", "Tubaloth", "Conversion"), ("Ben", "Amulek", "Stripling Warriors"))
    assert result["winner"] is None and result["tie"] is True
    assert result["tied"] == ["Ann", "Ben"]
    # Diamond over oval: the oval is the lower card, so it wins under Stripling Warriors.
    result = battle(("Ann", "Zeezrom", "Conversion"), ("Ben", "Amulek", "Stripling Warriors"))
    assert result["winner"] == "Ben"


def test_famine_values_each_player_at_their_highest_printed_card():
    result = battle(("Ann", "Lemuel", "Conversion"), ("Ben", "Abish", "Famine"))
    # Conversion has no effect: Lemuel is a black 300 again, and beats Abish's 100.
    assert result["values"] == {"Ann": 300, "Ben": 100}
    assert result["winner"] == "Ann"


def test_mounting_battles_look_at_value_only_and_report_the_tie():
    result = battle(("Ann", "Abinadi"), ("Ben", "Amlici"), variant="mounting-battles")
    assert result["winner"] is None and result["tie"] is True and result["tied"] == ["Ann", "Ben"]
    assert any(s.startswith("Mounting battles:") for s in result["steps"])


def test_young_players_play_one_character_and_no_power_cards():
    assert battle(("Ann", "Nephi"), ("Ben", "Shiz"), variant="young-players")["winner"] == "Ann"
    with pytest.raises(IllegalInput, match="young players"):
        battle(("Ann", "Shiblon", "Faith"), ("Ben", "Shiz"), variant="young-players")


def test_ruling_the_battle_is_played_from_one_box():
    with pytest.raises(IllegalInput) as exc:
        battle(("Ann", "Abish", "Famine"), ("Ben", "Sam", "Famine"))
    assert exc.value.field == "players[1].cards[1]"
    assert "the box holds 1" in exc.value.message


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({}, "players"),
        ({"players": [{"name": "Ann", "cards": [{"title": "Nephi"}]}]}, "players"),
        (
            {"players": [{"name": "Ann", "cards": []}, {"name": "Ben", "cards": [{"title": "Nephi"}]}]},
            "players[0].cards",
        ),
        (
            {
                "players": [
                    {"name": "Ann", "cards": [{"title": "Nope"}]},
                    {"name": "Ben", "cards": [{"title": "Nephi"}]},
                ]
            },
            "players[0].cards[0]",
        ),
        (
            {
                "players": [
                    {"name": "Ann", "cards": [{"title": "Lehi"}]},
                    {"name": "Ann", "cards": [{"title": "Nephi"}]},
                ]
            },
            "players[1].name",
        ),
        ({"variant": "speed", "players": []}, "variant"),
        ([], ""),
    ],
)
def test_it_names_the_field_of_a_malformed_request(request_, field):
    with pytest.raises(IllegalInput) as exc:
        resolve_battle(POOL, request_)
    assert exc.value.field == field


def test_every_step_names_its_rule():
    for example in EXAMPLES:
        for step in resolve_battle(POOL, example.request).steps:
            assert step.rule and str(step).startswith(f"{step.rule}: ")


def test_a_tie_ranks_the_character_cards_as_printed():
    # Zeezrom (black diamond 500) converted is worth 1500, as Amulek (gold oval 1500) is: a tie, which the
    # highest single card as printed decides (docs/contracts/rules-checkers.md, "rank by printed value"): Amulek's 1500.
    result = battle(("Ann", "Zeezrom", "Conversion"), ("Ben", "Amulek"))
    assert result["values"] == {"Ann": 1500, "Ben": 1500}
    assert result["winner"] == "Ben"
    assert any("Zeezrom (black diamond 500)" in step for step in result["steps"])


def test_stripling_warriors_counts_a_card_faith_changed_at_its_new_value_as_conversion_does():
    # "Faith: ... a 500 becomes a 5000"; "Conversion: ... a black diamond 300 becomes a gold diamond 1300": both
    # say "becomes". Abish (gold diamond 100) with Faith is a gold 1000: higher than Sam's gold 300, so Sam's is
    # the lowest gold card (the finding: Faith's card was still counted as its printed 100).
    result = battle(("Ann", "Abish", "Faith"), ("Ben", "Sam", "Stripling Warriors"))
    assert result["values"] == {"Ann": 1000, "Ben": 300}
    assert result["winner"] == "Ben"
    # Conversion alike: Lemuel (black 300) becomes a gold 1300, higher than Sam's 300.
    assert battle(("Ann", "Lemuel", "Conversion"), ("Ben", "Sam", "Stripling Warriors"))["winner"] == "Ben"
    # And a gold 1000 by Faith is lower than Teancum's 2000.
    assert battle(("Ann", "Abish", "Faith"), ("Ben", "Teancum", "Stripling Warriors"))["winner"] == "Ann"


@pytest.mark.parametrize("variant", ["secret-weapon", "power-play"])
def test_it_plays_secret_weapon_and_power_play_battles_as_basic_ones(variant):
    assert battle(("Ann", "Abinadi"), ("Ben", "Amlici"), variant=variant)["winner"] == "Ann"
