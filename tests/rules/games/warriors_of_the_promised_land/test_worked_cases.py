"""Worked cases of Warriors of the Promised Land, each from a line of the rules document
(/work/shared/rules/warriors-of-the-promised-land.txt), replayed through the stateless log with stacked deals.

A seat's stacked deal lists its cards top first; its Warriors make its Warrior deck and its Armory cards its
Armory deck, in that order, and the top three of each are its first hand. Option `first: 0`: Ann goes first.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.games.warriors_of_the_promised_land.game import ENGINE
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.log import ActionRefused
from rules.play.log import Played
from rules.play.log import replay
from tests.rules.play.harness import box_of

BOX = box_of("warriors-of-the-promised-land")
NAMES = ("Ann", "Ben", "Cy")
# Hands: Ann Moroni, Teancum, Helaman, Sword, Arrow, Prayer; Ben Zerahemnah, Laman, Nehor, Javelin, Armor, Sleep.
ANN = ["Moroni", "Teancum", "Helaman", "Ammon", "Alma", "Sword", "Arrow", "Prayer", "Shield", "Plates", "Liahona"]
BEN = ["Zerahemnah", "Laman", "Nehor", "Shiz", "Javelin", "Armor", "Sleep", "Fortress"]


def setup(deal: list[list[str]], **options: Any) -> Setup:
    return Setup(tuple(SeatSpec(n) for n in NAMES[: len(deal)]), {"deal": deal, "first": 0, **options}, 0, BOX)


def run(deal: list[list[str]], actions: list[dict[str, Any]], **options: Any) -> Played:
    return replay(ENGINE, setup(deal, **options), actions)


def a(seat: int, kind: str, *cards: str, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "type": kind, **extra}
    if cards:
        out["cards"] = list(cards)
    return out


def events(played: Played, kind: str) -> list[dict[str, Any]]:
    return [e for e in played.to_dict()["events"] if e["type"] == kind]


def zone(played: Played, seat: int, name: str) -> list[str]:
    return [c["title"] for c in played.to_dict()["state"]["seats"][seat]["zones"][name]]


# Round 1 of the basic deal: both primaries, Ann's Sword, her Call to Battle, Ben's Sleep.
PREPARE = [
    a(0, "lay", "Moroni", draw="armory"),
    a(0, "end-turn"),
    a(1, "lay", "Nehor", draw="armory"),
    a(1, "end-turn"),
    a(0, "lay", "Sword", draw="warrior"),
    a(0, "call-to-battle"),
    a(1, "lay", "Sleep", draw="warrior"),
]
BATTLE = [a(0, "challenge", opponent=1), a(0, "reveal", "Sword"), a(1, "reveal", "Sleep")]


def test_each_player_starts_with_three_warrior_and_three_armory_cards():
    # Getting Ready to Play, 3: "draws 3 cards from his/her Warrior pile and 3 from his/her Armory pile"
    played = run([ANN, BEN], [])
    assert zone(played, 0, "hand") == ["Moroni", "Teancum", "Helaman", "Sword", "Arrow", "Prayer"]
    assert zone(played, 0, "warrior_deck") == ["Ammon", "Alma"]
    assert zone(played, 1, "armory_deck") == ["Fortress"]


def test_the_primary_card_must_be_a_warrior():
    # Phase One, 2: "The first player chooses a Warrior to play as his/her primary card"
    with pytest.raises(ActionRefused) as refused:
        run([ANN, BEN], [a(0, "lay", "Sword", draw="armory")])
    assert refused.value.index == 0 and refused.value.code == "illegal-action"
    assert {x["cards"][0] for x in run([ANN, BEN], []).to_dict()["legal"]["0"]} == {"Moroni", "Teancum", "Helaman"}


def test_a_secondary_card_needs_a_matching_icon_and_a_chain_runs_through_warriors():
    # CHOOSING WHICH CARDS: "If your primary card is "Abinadi," you cannot play a "Sword" card"; MAKING A CHAIN:
    # "If you first play "Moroni" with the primary card of "Abinadi" ... then you can play the "Sword" card"
    deal = [["Abinadi", "Moroni", "Lehi", "Alma", "Sword", "Arrow", "Prayer", "Plates"], BEN]
    start = [a(0, "lay", "Abinadi", draw="armory"), a(0, "end-turn"), a(1, "lay", "Nehor", draw="armory")]
    start.append(a(1, "end-turn"))
    legal = {x["cards"][0] for x in run(deal, start).to_dict()["legal"]["0"]}
    assert "Sword" not in legal and "Moroni" in legal and "Prayer" in legal
    more = [a(0, "lay", "Moroni", draw="warrior"), a(0, "end-turn"), a(1, "lay", "Sleep", draw="warrior")]
    chained = run(deal, [*start, *more, a(1, "end-turn")])
    assert "Sword" in {x["cards"][0] for x in chained.to_dict()["legal"]["0"]}


def test_a_player_always_keeps_a_warrior_in_hand():
    # Phase One, 3 (Note): "he/she must keep at least one Warrior in his/her hand at all times"
    deal = [["Moroni", "Ammon", "Helaman", "Teancum", "Sword", "Arrow", "Prayer", "Shield", "Plates", "Liahona"], BEN]
    actions = [
        a(0, "lay", "Moroni", draw="armory"),
        a(0, "end-turn"),
        a(1, "lay", "Zerahemnah", draw="armory"),
        a(1, "end-turn"),
        a(0, "lay", "Ammon", draw="armory"),
        a(0, "end-turn"),
        a(1, "lay", "Armor", draw="warrior"),
        a(1, "end-turn"),
    ]
    legal = run(deal, actions).to_dict()["legal"]["0"]
    # Helaman is her last Warrior in hand: laying him, she must draw the Warrior deck's Teancum.
    assert [x.get("draw") for x in legal if x["cards"] == ["Helaman"]] == ["warrior"]
    assert [x.get("draw") for x in legal if x["cards"] == ["Sword"]] == ["warrior", "armory"]


def test_a_call_to_battle_lets_the_others_lay_this_round_then_the_caller_challenges():
    # Phase One, 7: "Players who haven't laid down cards that round will do so, and Phase Two ... begins"
    played = run([ANN, BEN], PREPARE[:6])
    assert played.to_dict()["legal"] == {"1": played.to_dict()["legal"]["1"]}
    assert all(x["type"] == "lay" for x in played.to_dict()["legal"]["1"])
    after = run([ANN, BEN], PREPARE)
    # Phase Two, 1: "The player who made the Call to Battle chooses another player"
    assert after.to_dict()["legal"] == {"0": [{"type": "challenge", "opponent": 1}]}


def test_the_challenger_reveals_first_and_the_winner_captures_primary_and_secondary_cards():
    # Phase Two, 2: "The player who made the Challenge then reveals the first facedown card ... His/her opponent
    # does the same"; 3: "takes his/her opponent's cards in play - both primary and secondary"
    with pytest.raises(ActionRefused) as refused:
        run([ANN, BEN], [*PREPARE, BATTLE[0], a(1, "reveal", "Sleep")])
    assert refused.value.code == "not-your-turn"
    played = run([ANN, BEN], PREPARE + BATTLE)
    won = events(played, "challenge-won")[0]
    assert won["seat"] == 0 and won["cards"] == ["Nehor", "Sleep"]
    assert "6 to 2" in won["detail"]
    # Phase Two, 5: the winner's own cards go to her Discard pile, and she goes first in the next round.
    assert zone(played, 0, "discard") == ["Nehor", "Sleep", "Moroni", "Sword"]
    assert events(played, "round")[-1]["seat"] == 0


def test_a_face_down_card_is_hidden_until_revealed():
    # Phase One, 5: "lays another card (secondary card) facedown"
    played = run([ANN, BEN], PREPARE)
    ben_view = ENGINE.view(played.state, 1)
    assert ben_view["seats"][0]["zones"]["in_play"][1] == {"face_up": False}
    assert ben_view["seats"][0]["zones"]["hand"] == {"count": 6}
    assert ENGINE.view(played.state, 0)["seats"][0]["zones"]["in_play"][1]["title"] == "Sword"


def test_a_tie_goes_to_the_challenger_and_a_player_who_cannot_refill_surrenders_everything():
    # TIE: "the player who made the Challenge has the advantage and wins the battle"; LOSING: "if any player can
    # no longer bring the number of cards in his/her hand up to six ... surrenders the remaining cards to the
    # winner"; WINNING: "until one player holds all the cards"
    round2 = [
        a(0, "lay", "Helaman", draw="warrior"),
        a(0, "call-to-battle"),
        a(1, "lay", "Zerahemnah"),
        a(0, "challenge", opponent=1),
    ]
    played = run([ANN, BEN], PREPARE + BATTLE + round2)
    assert "Tie: 3 each" in " ".join(e["detail"] for e in events(played, "score"))
    assert events(played, "surrender")[0]["seat"] == 1
    result = played.to_dict()["result"]
    assert result["winners"] == [0] and "holds all the cards" in result["reason"]
    zones = ("warrior_deck", "armory_deck", "hand", "in_play", "discard")
    assert sum(len(zone(played, 0, z)) for z in zones) == len(ENGINE.card_ids(played.state)) == 19
    assert sum(len(zone(played, 1, z)) for z in zones) == 0


def test_the_winner_challenges_another_player_until_all_have_battled():
    # Phase Two, 4: "The winner then challenges another player ... This continues until all players have battled."
    cy = ["Lehi", "Abinadi", "Alma", "Mormon", "Escape", "Reinforcements", "Conversion", "Plates"]
    ann = ["Moroni", "Teancum", "Helaman", "Ammon", "Sword", "Arrow", "Prayer", "Shield"]
    actions = [
        a(0, "lay", "Moroni", draw="armory"),
        a(0, "call-to-battle"),
        a(1, "lay", "Nehor", draw="armory"),
        a(2, "lay", "Lehi", draw="armory"),
        a(0, "challenge", opponent=2),
    ]
    played = run([ann, BEN, cy], actions)
    assert events(played, "challenge-won")[0]["seat"] == 0
    assert played.to_dict()["legal"] == {"0": [{"type": "challenge", "opponent": 1}]}
    done = run([ann, BEN, cy], [*actions, a(0, "challenge", opponent=1)])
    assert [e["seat"] for e in events(done, "challenge-won")] == [0, 0]
    assert events(done, "round")[-1]["detail"].startswith("Battle round 2: Ann")


ESCAPE_DEAL = [
    ["Lehi", "Abinadi", "Alma", "Mormon", "Escape", "Reinforcements", "Prayer", "Plates", "Liahona"],
    ["Nehor", "Laman", "Kishkumen", "Ammoron", "Sword", "Sleep", "Javelin", "Armor", "Stoning"],
]
ESCAPE_PREPARE = [
    a(0, "lay", "Lehi", draw="armory"),
    a(0, "end-turn"),
    a(1, "lay", "Nehor", draw="armory"),
    a(1, "end-turn"),
    a(0, "lay", "Escape", draw="armory"),
    a(0, "call-to-battle"),
    a(1, "lay", "Sword", draw="armory"),
    a(0, "challenge", opponent=1),
    a(0, "reveal", "Escape"),
]


def test_escape_is_offered_when_revealed_and_decides_the_challenge():
    # Finding: the calculator page could not enter Escape yet named a winner. Escape: "At any time during a
    # Challenge, you may disable one of your opponent's secondary cards"; COMPETING CARDS: "As soon as a card is
    # revealed, it may be used."
    played = run(ESCAPE_DEAL, ESCAPE_PREPARE)
    # Ben's Sword is still face down: nothing to disable yet, so Ben reveals next.
    assert played.to_dict()["legal"] == {"1": [{"type": "reveal", "cards": ["Sword"], "ids": ["sword-1"]}]}
    revealed = run(ESCAPE_DEAL, [*ESCAPE_PREPARE, a(1, "reveal", "Sword")])
    # Lehi 2 vs Nehor 2 + Sword 2: Ben wins unless Ann disables the Sword in her last moment.
    assert revealed.to_dict()["legal"]["0"] == [
        {"type": "escape", "cards": ["Escape", "Sword"], "ids": ["escape-1", "sword-1"]},
        {"type": "done"},
    ]
    lost = run(ESCAPE_DEAL, [*ESCAPE_PREPARE, a(1, "reveal", "Sword"), a(0, "done")])
    assert events(lost, "challenge-won")[0]["seat"] == 1
    won = run(ESCAPE_DEAL, [*ESCAPE_PREPARE, a(1, "reveal", "Sword"), a(0, "escape", "Escape", "Sword")])
    assert events(won, "escape")[0]["detail"] == "Ann's Escape disables Sword."
    assert events(won, "challenge-won")[0]["seat"] == 0
    assert "Sword" in events(won, "challenge-won")[0]["cards"]


DISSENT_DEAL = [
    ["Moroni", "Ammon", "Helaman", "Sword", "Prayer", "Plates", "Arrow"],
    ["Giddianhi", "Laman", "Nehor", "Dissenter", "Sleep", "Murmuring", "Armor"],
]
DISSENT = [
    a(0, "lay", "Moroni", draw="armory"),
    a(0, "end-turn"),
    a(1, "lay", "Giddianhi", draw="armory"),
    a(1, "end-turn"),
    a(0, "lay", "Sword"),
    a(0, "call-to-battle"),
    a(1, "lay", "Dissenter"),
    a(0, "challenge", opponent=1),
    a(0, "reveal", "Sword"),
    a(1, "reveal", "Dissenter"),
]


def test_dissenter_takes_a_card_that_cannot_be_used_and_keeps_it():
    # Finding: a Challenge with Dissenter could be settled wrongly. Dissenter: "Take one secondary card from your
    # opponent ... If this card cannot be used with your cards in play, you still retain it"
    played = run(DISSENT_DEAL, DISSENT)
    assert played.to_dict()["legal"]["1"][0] == {
        "type": "dissenter",
        "cards": ["Dissenter", "Sword"],
        "ids": ["dissenter-1", "sword-1"],
    }
    taken = run(DISSENT_DEAL, [*DISSENT, a(1, "dissenter", "Dissenter", "Sword")])
    assert "cannot be used with their cards" in events(taken, "dissenter")[0]["detail"]
    # Moroni 4 against Giddianhi 3: Ann still wins, and takes the Sword back with Ben's cards.
    won = events(taken, "challenge-won")[0]
    assert won["seat"] == 0 and sorted(won["cards"]) == ["Dissenter", "Giddianhi", "Sword"]
    # Without the Dissenter, Moroni and his Sword make 6.
    kept = run(DISSENT_DEAL, [*DISSENT, a(1, "done")])
    assert "6 to 3" in events(kept, "challenge-won")[0]["detail"]


def test_a_card_not_used_before_the_next_reveal_can_be_taken():
    # COMPETING CARDS: "If a player chooses not to use the card's abilities before the next card is revealed in
    # the Challenge, it may be taken or disabled by an opponent."
    deal = [
        ["Lehi", "Abinadi", "Alma", "Mormon", "Escape", "Reinforcements", "Prayer", "Plates", "Liahona"],
        ["Giddianhi", "Laman", "Nehor", "Akish", "Dissenter", "Ambush", "Sleep", "Armor", "Assassination"],
    ]
    actions = [
        a(0, "lay", "Lehi", draw="armory"),
        a(0, "end-turn"),
        a(1, "lay", "Giddianhi", draw="armory"),
        a(1, "end-turn"),
        a(0, "lay", "Reinforcements", draw="armory"),
        a(0, "end-turn"),
        a(1, "lay", "Dissenter", draw="armory"),
        a(1, "end-turn"),
        a(0, "lay", "Escape", draw="warrior"),
        a(0, "call-to-battle"),
        a(1, "lay", "Ambush", draw="warrior"),
        a(0, "challenge", opponent=1),
        a(0, "reveal", "Reinforcements"),
        a(1, "reveal", "Dissenter"),
        a(1, "dissenter", "Dissenter", "Reinforcements"),
        a(0, "reveal", "Escape"),
        a(0, "done"),
        a(1, "reveal", "Ambush"),
    ]
    played = run(deal, actions)
    # Ann let her Escape pass; Ben's Dissenter was used, so he cannot take it. Ann's Escape is still hers to use.
    assert played.to_dict()["legal"]["0"][0]["type"] == "escape"
    assert events(played, "dissenter")[0]["detail"].endswith("it counts for them.")


def test_deception_adds_a_hand_card_once_a_round_and_the_winner_takes_it():
    # Deception: "Take a card from the six cards in your hand to add it to the cards in play ... If you lose the
    # Challenge, your opponent takes the extra card ... may only be used once per Battle round."
    deal = [
        ["Moroni", "Ammon", "Helaman", "Sword", "Prayer", "Secret Combination", "Arrow"],
        ["Amalickiah", "Laman", "Nehor", "Deception", "Assassination", "Sleep", "Armor"],
    ]
    actions = [
        a(0, "lay", "Moroni", draw="armory"),
        a(0, "end-turn"),
        a(1, "lay", "Amalickiah", draw="armory"),
        a(1, "end-turn"),
        a(0, "lay", "Sword"),
        a(0, "call-to-battle"),
        a(1, "lay", "Deception"),
        a(0, "challenge", opponent=1),
        a(0, "reveal", "Sword"),
        a(1, "reveal", "Deception"),
    ]
    played = run(deal, actions)
    options = {tuple(x.get("cards", [])) for x in played.to_dict()["legal"]["1"]}
    assert ("Deception", "Assassination") in options and ("Deception", "Laman") in options
    assert ("Deception", "Armor") not in options  # no shield icon among Amalickiah's
    added = run(deal, [*actions, a(1, "deception", "Deception", "Assassination")])
    # Amalickiah 3 + his bonus with Deception 2 + Assassination 3 = 8 against Moroni 4 + Sword 2.
    won = events(added, "challenge-won")[0]
    assert won["seat"] == 1 and "8 to 6" in won["detail"]
    assert zone(added, 1, "hand").count("Assassination") == 0


def test_coriantumr_and_shiz_fight_with_all_six_hand_cards():
    # Finding: the calculator refused more than 12 cards a side, yet CORANTUMR AND SHIZ: "each opponent must lay
    # down all six cards in his/her hand ... the winner takes all of his opponent's played cards, including any of
    # the six that were not able to be used ... must choose six new cards from their decks (3 Warrior and 3 Armory)"
    coriantumr = ["Coriantumr", "Ammoron", "Laban", "Kishkumen", "Nehor", "Laman"]
    shiz = ["Shiz", "Moroni", "Helaman", "Gidgiddoni", "Ammon", "Alma"]
    deal = [
        [*coriantumr, "Sword", "Sword", "Javelin", "Sword", "Arrow", "Shield", "Sling & Stone"],
        [*shiz, "Prayer", "Plates", "Liahona", "Fortress", "Shield", "Armor"],
    ]
    actions = [
        a(0, "lay", "Coriantumr", draw="armory"),
        a(0, "call-to-battle"),
        a(1, "lay", "Shiz", draw="armory"),
        a(0, "challenge", opponent=1),
    ]
    played = run(deal, actions)
    six = events(played, "six")
    assert [len(e["cards"]) for e in six] == [6, 6]
    # Ann: all but the Javelin (ranged) are usable with Coriantumr (sword, army).
    assert six[0]["detail"].endswith("usable: Ammoron, Laban, Sword, Sword, Sword.")
    # Ben's Moroni and Helaman are Righteous: they cannot join Shiz, and Ann takes them anyway.
    assert "usable: Prayer" not in six[1]["detail"]
    won = events(played, "challenge-won")[0]
    assert won["seat"] == 0 and {"Moroni", "Helaman", "Shiz"} <= set(won["cards"])
    assert len(zone(played, 0, "discard")) >= 13
    # Both draw six new cards, 3 Warrior and 3 Armory, as far as the decks allow.
    assert [e["detail"] for e in events(played, "draw-hand")[2:]] == [
        "Ann draws 3 Warrior and 3 Armory cards.",
        "Ben draws 3 Warrior and 2 Armory cards.",  # his Armory deck holds only two more
    ]


def test_prophecy_lets_the_challenger_look_at_face_down_cards_privately():
    # Prophecy: "if you are the challenger, you may privately look at two players' facedown cards before deciding
    # which player to challenge"
    ann = ["Lehi", "Abinadi", "Alma", "Mormon", "Prophecy", "Reinforcements", "Prayer", "Plates", "Liahona"]
    actions = [
        a(0, "lay", "Lehi", draw="armory"),
        a(0, "end-turn"),
        a(1, "lay", "Nehor", draw="armory"),
        a(1, "end-turn"),
        a(0, "lay", "Prophecy", draw="armory"),
        a(0, "call-to-battle"),
        a(1, "lay", "Sleep", draw="warrior"),
    ]
    played = run([ann, BEN], actions)
    assert {"type": "prophecy", "cards": ["Prophecy"], "ids": ["prophecy-1"], "look": [1]} in played.to_dict()["legal"][
        "0"
    ]
    looked = run([ann, BEN], [*actions, a(0, "prophecy", "Prophecy", look=[1])])
    assert ENGINE.view(looked.state, 0)["seats"][1]["zones"]["in_play"][1]["title"] == "Sleep"
    assert ENGINE.view(looked.state, None)["seats"][1]["zones"]["in_play"][1] == {"face_up": False}
    assert looked.to_dict()["legal"] == {"0": [{"type": "challenge", "opponent": 1}]}


def test_the_rounds_option_stops_and_counts_warrior_cards():
    # WINNING: "If players decide to stop the game before that, players simply count up all their cards. The player
    # with the most Warrior cards wins."
    played = run([ANN, BEN], PREPARE + BATTLE, rounds=1)
    result = played.to_dict()["result"]
    assert result["winners"] == [0] and "most Warrior cards" in result["reason"]
    assert "Ann: 6 Warrior cards of 13; Ben: 3 Warrior cards of 6" in events(played, "count")[0]["detail"]


def test_when_nobody_can_lay_a_card_the_last_player_calls_to_battle():
    # Phase One, 6-7 and CHOOSING WHICH CARDS ("Secondary cards need to have at least one icon that matches"):
    # a Preparation round in which nobody can lay a card ends Phase One (docs/rulings.md).
    deal = [["Abinadi", "Sword", "Arrow", "Javelin"], ["Lemuel", "Sword", "Arrow", "Javelin"]]
    actions = [a(0, "lay", "Abinadi"), a(0, "end-turn"), a(1, "lay", "Lemuel"), a(1, "end-turn")]
    assert run(deal, actions).to_dict()["legal"] == {"0": [{"type": "pass"}]}
    played = run(deal, [*actions, a(0, "pass"), a(0, "end-turn"), a(1, "pass"), a(1, "end-turn")])
    call = events(played, "call-to-battle")[0]
    assert call["seat"] == 1 and call["detail"].startswith("Nobody could lay a card")
    assert played.to_dict()["legal"] == {"1": [{"type": "challenge", "opponent": 0}]}
