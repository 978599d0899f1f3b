"""Warriors of the Promised Land: play legality, and Challenge scoring with every Armory card of the appendix."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checkers import IllegalInput
from rules.games.warriors_of_the_promised_land import challenge
from rules.games.warriors_of_the_promised_land import laying
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("warriors-of-the-promised-land")


def may(*titles: str) -> dict[str, Any]:
    *in_play, card = titles
    return laying.check_play(POOL, {"in_play": [{"title": t} for t in in_play], "card": {"title": card}}).to_dict()


def side(*titles: str) -> dict[str, Any]:
    return {"cards": [{"title": t} for t in titles]}


def score(challenger: tuple[str, ...], defender: tuple[str, ...], **extra: Any) -> dict[str, Any]:
    request = {"challenger": side(*challenger), "defender": side(*defender), **extra}
    return challenge.resolve_challenge(POOL, request).to_dict()


@pytest.mark.parametrize(("name", "request_", "allowed"), laying.EXAMPLES, ids=[e[0] for e in laying.EXAMPLES])
def test_it_follows_the_chain_examples_of_the_rules_document(name, request_, allowed):
    assert laying.check_play(POOL, request_).allowed is allowed


@pytest.mark.parametrize(
    ("titles", "allowed", "reason"),
    [
        (("Sword",), False, "primary card must be a Warrior"),
        (("Abinadi",), True, "primary"),
        (("Abinadi", "King Noah"), False, "never mix"),
        (("Abinadi", "Prayer"), True, "righteous dot"),
        (("King Noah", "Prayer"), False, "does not match"),
        (("King Noah", "Murmuring"), True, "wicked dot"),
        (("Nephi", "Faith: Vision"), True, "righteous dot"),
        (("King Noah", "Wickedness: Pride"), True, "wicked dot"),
        (("Moroni", "Sword"), True, "shares sword"),
    ],
)
def test_it_checks_icons_alignment_and_dots(titles, allowed, reason):
    check = may(*titles)
    assert check["allowed"] is allowed
    assert reason in check["reason"]


def test_it_refuses_cards_in_play_that_could_not_have_been_laid():
    with pytest.raises(IllegalInput) as exc:
        may("Abinadi", "Sword", "Moroni")
    assert exc.value.field == "in_play[1]"


@pytest.mark.parametrize(("name", "request_", "points"), challenge.EXAMPLES, ids=[e[0] for e in challenge.EXAMPLES])
def test_it_scores_the_examples(name, request_, points):
    assert challenge.resolve_challenge(POOL, request_).points == points


def test_a_bonus_goes_only_with_its_own_expression():
    # Nephi's bonus names Faith: Vision; Faith: Love gives its 3 points and no bonus.
    assert score(("Nephi", "Faith: Love"), ("Pahoran",))["points"]["challenger"] == 4
    assert score(("Pahoran",), ("King Noah", "Wickedness: Greed"))["points"]["defender"] == 4


# Each Armory card of the appendix with a fixed value, on a Warrior it can be laid with (Moroni: faith, sword,
# army; Teancum: intrigue, ranged, army; Lehi: prophet, journey).
@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("Teancum", "Arrow"), 3 + 2),
        (("Teancum", "Javelin"), 3 + 2 + 2),  # Teancum's bonus with Javelin
        (("Moroni", "Sword"), 4 + 2),
        (("Teancum", "Sling & Stone"), 3 + 2),
        (("Teancum", "Assassination"), 3 + 3),
        (("Lehi", "Liahona"), 2 + 2 + 2),
        (("Alma", "Plates"), 2 + 2),
        (("Alma", "Prayer"), 2 + 3 + 2),
        (("Lehi", "Prophecy"), 2 + 2),
        (("Lehi", "Reinforcements"), 2 + 2),
        (("Moroni", "Ambush"), 4 + 3),  # Ambush with a Righteous Warrior
        (("Moroni", "Faith: Steadfast"), 4 + 3),
        (("Moroni", "Fortress"), 4 + 0 + 2),
        (("Gidgiddoni", "Shield"), 3),
        (("Gidgiddoni", "Armor"), 3),
        (("Teancum", "Sleep"), 3),
        (("Lehi", "Escape"), 2),
        (("Lehi", "Conversion"), 2),
        (("Teancum", "Dissenter"), 3),
        (("Teancum", "Deception"), 3),
        (("Moroni", "Faithful Women"), 8),
        (("Moroni", "Sword", "Sword of Laban"), 4 + 4 + 2),
        (("Teancum", "Stoning"), 3 + 2),
    ],
)
def test_it_scores_every_armory_card_of_the_appendix(cards, points):
    assert score(cards, ("Nehor",))["points"]["challenger"] == points


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("Giddianhi", "Ambush"), 3 + 2 + 1),  # Ambush with a Wicked Warrior, Giddianhi's bonus
        (("Gadianton", "Secret Combination"), 3 + 5 + 2),
        (("Laman", "Murmuring"), 2 + 2 + 2),
        (("Ammoron", "Wickedness: Hatred"), 3 + 3),
    ],
)
def test_it_scores_the_wicked_cards(cards, points):
    assert score(("Abinadi",), cards)["points"]["defender"] == points


def test_stoning_is_worth_three_against_a_prophet():
    assert score(("Teancum", "Stoning"), ("Abinadi",))["points"]["challenger"] == 3 + 3


def test_ruling_sleep_disables_shields_before_fortress_disables_weapons():
    # Defender's Sleep puts the challenger's Fortress to sleep, so the defender's Sword still counts.
    result = score(("Moroni", "Fortress"), ("Nehor", "Sword", "Sleep"))
    # A Fortress put to sleep gives Moroni no bonus either.
    assert result["points"] == {"challenger": 4, "defender": 2 + 2}
    # Without Sleep, Fortress disables the Sword.
    assert score(("Moroni", "Fortress"), ("Nehor", "Sword"))["points"]["defender"] == 2


def test_ruling_shields_apply_after_faithful_women_doubles():
    # Challenger: Moroni 4 + Sword 2 = 6, doubled 12; the defender's Shield takes 1 for the Sword: 11.
    result = score(("Moroni", "Sword", "Faithful Women"), ("Zerahemnah", "Shield"))
    assert result["points"]["challenger"] == 11
    steps = result["steps"]
    assert steps.index(next(s for s in steps if s.startswith("Faithful Women"))) < steps.index(
        next(s for s in steps if s.startswith("Shield and Armor"))
    )


def test_ruling_sword_of_laban_is_not_a_weapon():
    # Fortress disables the Sword but not the Sword of Laban.
    result = score(("Nephi", "Sword", "Sword of Laban"), ("Moroni", "Fortress"))
    assert result["points"]["challenger"] == 1 + 2 + 2  # Nephi, Sword of Laban, Nephi's bonus with it


def test_ambush_disables_one_reinforcements_and_murmuring_one_faithful_women():
    result = score(("Lehi", "Reinforcements", "Reinforcements"), ("Giddianhi", "Ambush"))
    assert result["points"]["challenger"] == 2 + 2
    result = score(("Moroni", "Faithful Women"), ("Laman", "Murmuring"))
    assert result["points"]["challenger"] == 4


def test_choices_take_disable_and_add_cards():
    # Dissenter takes the challenger's Sword: it cannot be used with Giddianhi (army, intrigue) and counts for nobody.
    taken = score(
        ("Moroni", "Sword"), ("Giddianhi", "Dissenter"), choices=[{"side": "defender", "card": 1, "target": 1}]
    )
    assert taken["points"] == {"challenger": 4, "defender": 3}
    escaped = score(("Moroni", "Sword"), ("Ammon", "Escape"), choices=[{"side": "defender", "card": 1, "target": 1}])
    assert escaped["points"]["challenger"] == 4
    added = score(
        ("Moroni",),
        ("Amalickiah", "Deception"),
        choices=[{"side": "defender", "card": 1, "add": {"title": "Assassination"}}],
    )
    assert added["points"]["defender"] == 3 + 2 + 3  # Amalickiah, his bonus with Deception, Assassination


def test_without_a_choice_an_interactive_card_adds_nothing():
    result = score(("Moroni", "Sword"), ("Giddianhi", "Dissenter"))
    assert result["points"] == {"challenger": 6, "defender": 3}
    # Never a silent +0: the working says the card was not used (issue 29).
    assert (
        "Dissenter: Dissenter (the defender's second card) is not used (no choice for it), so it does nothing."
        in result["steps"]
    )


def test_an_interactive_card_added_by_deception_says_it_is_not_used():
    result = score(
        ("Moroni",),
        ("Amalickiah", "Deception"),
        choices=[{"side": "defender", "card": 1, "add": {"title": "Dissenter"}}],
    )
    assert (
        "Dissenter: Dissenter (the defender's added card) is not used (no choice for it), so it does nothing."
        in (result["steps"])
    )


def test_ruling_a_card_taken_before_its_turn_has_no_effect():
    # The challenger's Escape (revealed first) disables the defender's Escape before it is used.
    result = score(
        ("Lehi", "Escape", "Reinforcements"),
        ("Ammon", "Escape"),
        choices=[{"side": "challenger", "card": 1, "target": 1}, {"side": "defender", "card": 1, "target": 2}],
    )
    assert result["points"]["challenger"] == 2 + 2


@pytest.mark.parametrize(
    ("choices", "field"),
    [
        ([{"side": "nobody", "card": 1, "target": 1}], "choices[0].side"),
        ([{"side": "defender", "card": 0, "target": 1}], "choices[0].card"),
        ([{"side": "defender", "card": 1, "target": 0}], "choices[0].target"),
        ([{"side": "defender", "card": 1, "target": 9}], "choices[0].target"),
    ],
)
def test_it_refuses_a_choice_the_cards_do_not_allow(choices, field):
    with pytest.raises(IllegalInput) as exc:
        score(("Moroni", "Sword"), ("Giddianhi", "Dissenter"), choices=choices)
    assert exc.value.field == field


def test_a_tie_goes_to_the_challenger_whoever_is_listed_first():
    assert score(("Pahoran",), ("Nehor",))["winner"] == "challenger"
    assert score(("Nehor",), ("Pahoran",))["winner"] == "challenger"


def test_the_coriantumr_and_shiz_battle_is_when_they_face_each_other():
    special = "Coriantumr and Shiz: the special battle"
    assert any(s.startswith(special) for s in score(("Coriantumr",), ("Shiz",))["steps"])
    # Both laid by the challenger do not face each other: an ordinary Challenge.
    assert not any(s.startswith(special) for s in score(("Coriantumr", "Shiz"), ("Lehi",))["steps"])


def test_a_wrong_printing_is_named_as_the_printing_not_the_title():
    request = {"in_play": [], "card": {"title": "Lehi", "set": "WPL", "number": 99999}}
    with pytest.raises(IllegalInput) as exc:
        laying.check_play(POOL, request)
    assert exc.value.field == "card" and "(WPL) 99999" in exc.value.message and "'Lehi'" not in exc.value.message


@pytest.mark.parametrize(
    "add",
    [
        "Sword",  # shares no icon with Korihor (intrigue, plates)
        "Korihor",  # a second Korihor: the box holds one
    ],
)
def test_a_refused_deception_card_is_named_by_its_json_path(add):
    choices = [
        {"side": "defender", "card": 1, "target": 1},
        {"side": "challenger", "card": 1, "add": {"title": add}},
    ]
    with pytest.raises(IllegalInput) as exc:
        score(("Korihor", "Deception"), ("Giddianhi", "Dissenter"), choices=choices)
    assert exc.value.field == "choices[1].add"


def test_a_coriantumr_and_shiz_side_may_hold_more_than_twelve_cards():
    # Finding: a side of more than 12 cards was refused, yet the special battle adds all six hand cards
    # (warriors-of-the-promised-land.txt, CORANTUMR AND SHIZ: "each opponent must lay down all six cards").
    big = ("Coriantumr", "Sword", "Sword", "Sword", "Sword", "Ambush", "Ambush", "Ambush")
    big += ("Reinforcements", "Reinforcements", "Reinforcements", "Fortress", "Fortress", "Fortress")
    result = score(big, ("Shiz",))
    assert len(big) == 14
    assert result["points"]["challenger"] == 4 + 4 * 2 + 3 * 2 + 3 * 2
    assert any(s.startswith("Coriantumr and Shiz: the special battle") for s in result["steps"])
