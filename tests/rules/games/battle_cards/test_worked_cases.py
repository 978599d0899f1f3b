"""Battle Cards worked cases from the rules text, each through `replay` with a stacked deal (options["deal"],
and options["draw"] for Battle Mode's draw deck, top first). Each cites its line of battle-cards.txt."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.games.battle_cards.game import ENGINE
from rules.games.battle_cards.matchup import check_matchup
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.log import ActionRefused
from rules.play.log import Played
from rules.play.log import replay
from tests.rules.checkers.pools import starter_pool
from tests.rules.play.harness import box_of

BOX = box_of("battle-cards")
POOL = starter_pool("battle-cards")
NAMES = ("Ann", "Ben", "Cat", "Dan")


def game(variant: str, deal: list[list[str]], actions: list[dict[str, Any]], **options: Any) -> Played:
    seats = tuple(SeatSpec(n) for n in NAMES[: len(deal)])
    return replay(ENGINE, Setup(seats, {"variant": variant, "deal": deal, **options}, 0, BOX), actions)


def choose(seat: int, category: str, top: str) -> dict[str, Any]:
    return {"seat": seat, "type": "choose-category", "category": category, "cards": [top]}


def titles(cards: list[dict[str, Any]]) -> list[str]:
    return [c["title"] for c in cards]


def events(played: Played, kind: str) -> list[dict[str, Any]]:
    return [e for e in played.to_dict()["events"] if e["type"] == kind]


# Trumps ------------------------------------------------------------------------------------------------------


def test_the_highest_score_wins_all_the_cards_to_the_bottom_of_the_pack() -> None:
    # battle-cards.txt line 4:
    # "The player with the highest score wins all of the cards and places them at the bottom of his pack."
    played = game("trumps", [["Goliath", "Hornets"], ["Samson", "Golden Calf"]], [choose(0, "strength", "Goliath")])
    state = played.to_dict()["state"]
    assert titles(state["seats"][1]["zones"]["pack"]) == ["Golden Calf", "Samson", "Goliath"]
    assert titles(state["seats"][0]["zones"]["pack"]) == ["Hornets"]
    assert events(played, "round-won")[0]["rule"].startswith("battle-cards.txt: Basic Game")


def test_the_round_winner_chooses_the_next_category() -> None:
    # battle-cards.txt line 6:
    # "The round winner chooses the category to contest in the next round."
    deal = [["Goliath", "Hornets"], ["Samson", "Golden Calf"]]
    played = game("trumps", deal, [choose(0, "strength", "Goliath")])
    assert played.to_dict()["to_act"] == [1]
    with pytest.raises(ActionRefused) as refused:
        game("trumps", deal, [choose(0, "strength", "Goliath"), choose(0, "skill", "Hornets")])
    assert (refused.value.index, refused.value.code) == (1, "not-your-turn")


def test_the_starting_player_may_choose_value_in_trumps() -> None:
    # battle-cards.txt line 3:
    # "The starting player chooses a category (Strength, Skill, Magic, Terror or Value)."
    played = game("trumps", [["Goliath", "Hornets"], ["Samson", "Golden Calf"]], [])
    assert sorted(a["category"] for a in played.to_dict()["legal"]["0"]) == [
        "magic",
        "skill",
        "strength",
        "terror",
        "value",
    ]
    played = game("trumps", [["Goliath", "Hornets"], ["Samson", "Golden Calf"]], [choose(0, "value", "Goliath")])
    assert titles(played.to_dict()["state"]["seats"][1]["zones"]["pack"])[-2:] == ["Samson", "Goliath"]


def test_the_finding_equal_scores_go_to_the_centre_in_trumps_though_the_match_up_breaks_them_by_size() -> None:
    # battle-cards.txt line 5 (the finding):
    # "If more than one player have the same score, they place their cards in the centre. The winner of the next
    # round wins all of these cards." Lion of Judah (M) and Gog of Magog (B) both score 80 in Strength.
    deal = [["Lion of Judah", "Behemoth"], ["Gog of Magog", "Golden Calf"]]
    played = game("trumps", deal, [choose(0, "strength", "Lion of Judah")])
    state = played.to_dict()["state"]
    assert titles(state["zones"]["centre"]) == ["Lion of Judah", "Gog of Magog"]
    assert events(played, "to-centre")[0]["rule"].endswith('they place their cards in the centre"')
    # Nobody won the round: the same player chooses again (docs/rulings.md), and wins the centre too.
    played = game("trumps", deal, [choose(0, "strength", "Lion of Judah"), choose(0, "strength", "Behemoth")])
    state = played.to_dict()["state"]
    assert titles(state["seats"][0]["zones"]["pack"]) == ["Behemoth", "Golden Calf", "Lion of Judah", "Gog of Magog"]
    assert state["zones"]["centre"] == []
    # The calculator: Battle Mode (the default) breaks the tie by size, Trumps sends both to the centre.
    request = {"category": "strength", "a": {"title": "Lion of Judah"}, "b": {"title": "Gog of Magog"}}
    assert (check_matchup(POOL, request).winner, check_matchup(POOL, request).by) == ("b", "size")
    trumps = check_matchup(POOL, {**request, "mode": "trumps"})
    assert (trumps.winner, trumps.by) == ("tie", "score")
    assert "centre" in trumps.steps[-1].text


def test_equal_value_goes_to_the_centre_too() -> None:
    # battle-cards.txt line 3 and 5:
    # "The starting player chooses a category (... or Value)"; "If more than one player have the same score".
    played = game("trumps", [["Golden Calf", "Goliath"], ["Hornets", "Samson"]], [choose(0, "value", "Golden Calf")])
    assert titles(played.to_dict()["state"]["zones"]["centre"]) == ["Golden Calf", "Hornets"]
    request = {"category": "value", "a": {"title": "Golden Calf"}, "b": {"title": "Hornets"}, "mode": "trumps"}
    assert check_matchup(POOL, request).winner == "tie"


def test_the_player_who_collects_all_the_cards_wins() -> None:
    # battle-cards.txt line 7:
    # "The winner of the game is the player who has collected all the cards."
    deal = [["Lion of Judah", "Behemoth"], ["Gog of Magog", "Golden Calf"]]
    played = game("trumps", deal, [choose(0, "strength", "Lion of Judah"), choose(0, "strength", "Behemoth")])
    answer = played.to_dict()
    assert answer["status"] == "over" and answer["result"]["winners"] == [0]
    assert "collected all the cards" in answer["result"]["reason"]
    with pytest.raises(ActionRefused) as refused:
        game("trumps", deal, [choose(0, "strength", "Lion of Judah"), choose(0, "strength", "Behemoth")] * 2)
    assert (refused.value.index, refused.value.code) == (2, "game-over")


def test_a_player_sees_only_the_top_card_of_his_pack() -> None:
    # battle-cards.txt line 2:
    # "Players may only look at the card at the top of his pack."
    played = game("trumps", [["Goliath", "Hornets", "Seraph"], ["Samson", "Golden Calf", "Legion"]], [])
    view = ENGINE.view(played.state, 0)
    assert view["seats"][0]["zones"]["pack"] == [
        {"id": "goliath", "title": "Goliath"},
        {"hidden": True},
        {"hidden": True},
    ]
    assert view["seats"][1]["zones"]["pack"] == [{"hidden": True}] * 3
    assert ENGINE.secret_ids(played.state, None) == {"goliath", "hornets", "seraph", "samson", "golden-calf", "legion"}


def test_with_three_players_a_tie_for_the_highest_sends_every_card_of_the_round_to_the_centre() -> None:
    # battle-cards.txt line 5:
    # "If more than one player have the same score, they place their cards in the centre" (docs/rulings.md: the
    # lower cards have no winner to go to, so they join the centre).
    deal = [["Lion of Judah", "Seraph"], ["Gog of Magog", "Hornets"], ["Golden Calf", "Legion"]]
    played = game("trumps", deal, [choose(0, "strength", "Lion of Judah")])
    assert titles(played.to_dict()["state"]["zones"]["centre"]) == ["Lion of Judah", "Gog of Magog", "Golden Calf"]
    # Next round in magic: Seraph 90, Hornets 10, Legion 75: Seraph takes the three cards and the centre's three.
    played = game("trumps", deal, [choose(0, "strength", "Lion of Judah"), choose(0, "magic", "Seraph")])
    state = played.to_dict()["state"]
    assert len(state["seats"][0]["zones"]["pack"]) == 6 and played.to_dict()["result"]["winners"] == [0]


def test_a_tie_with_everybodys_last_card_is_a_draw() -> None:
    # battle-cards.txt line 5 and 7:
    # "they place their cards in the centre. The winner of the next round wins all of these cards": there is no
    # next round when nobody has a card left, so nobody collects them (docs/rulings.md).
    played = game("trumps", [["Lion of Judah"], ["Gog of Magog"]], [choose(0, "strength", "Lion of Judah")])
    assert played.to_dict()["result"]["winners"] == []
    assert events(played, "game-drawn")


def test_max_rounds_ends_a_long_game_with_the_most_cards() -> None:
    # battle-cards.txt line 7:
    # "The winner of the game is the player who has collected all the cards": a game that goes round for ever
    # stops at option max_rounds, where the most cards wins (docs/rulings.md).
    deal = [["Goliath", "Hornets"], ["Samson", "Golden Calf"]]
    played = game("trumps", deal, [choose(0, "strength", "Goliath")], max_rounds=1)
    result = played.to_dict()["result"]
    assert result["winners"] == [1] and "max_rounds" in result["reason"]


# Battle Mode --------------------------------------------------------------------------------------------------

ANN = ["Samson", "Og of Bashan", "Sons of Anak", "She-Bears of Bethel", "Ram with Two Horns", "Gadianton Robber"]
BEN = ["Great Fish", "Ravening Wolf", "Jackals of the Desert", "Shepherd Boy with a Sling", "Fiery Serpents"]
BEN += ["Witch of Endor"]
DRAW = ["Behemoth", "Golden Calf", "Hornets", "Balaam's Donkey"]


def places(seat: int, cards: list[str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "type": "place", "cards": [c]} for c in cards]


def both(a: list[str], b: list[str]) -> list[dict[str, Any]]:
    return [x for pair in zip(places(0, a), places(1, b), strict=True) for x in pair]


def battle(actions: list[dict[str, Any]], deal: list[list[str]] | None = None, draw: list[str] | None = None) -> Played:
    deal = deal or [[*ANN, "Locust Swarm"], [*BEN, "Ravens of Elijah"]]
    return game("battle-mode", deal, actions, draw=draw if draw is not None else DRAW)


def test_the_first_category_is_the_highest_score_of_the_top_card_which_goes_to_the_bottom() -> None:
    # battle-cards.txt line 16:
    # "Turn over the top card on the draw deck - the first round's category is the highest scoring category on
    # this card. Put this card on the bottom of the draw deck."
    state = battle([]).to_dict()["state"]
    assert state["category"] == "strength"  # Behemoth: Strength 99
    assert titles(state["zones"]["draw"]) == ["Golden Calf", "Hornets", "Balaam's Donkey", "Behemoth"]
    state = battle(
        [],
        draw=["Pharaoh's Magicians", "Golden Calf", "Hornets"],
        deal=[[*ANN[:5], "Locust Swarm", "Legion"], [*BEN, "Ravens of Elijah"]],
    ).to_dict()["state"]
    assert state["category"] == "magic"  # Pharaoh's Magicians: Magic 70


def test_the_seventh_card_is_hidden_and_each_player_places_five_face_down() -> None:
    # battle-cards.txt line 13 and 17:
    # "Each player takes an extra card from the draw deck without revealing it to their opponent";
    # "Players choose 5 cards each and place them, face down".
    played = game("battle-mode", [ANN, BEN], [], draw=DRAW)
    state = played.to_dict()["state"]
    assert titles(state["seats"][0]["zones"]["squad"])[-1] == "Behemoth"  # Ann's seventh card
    assert titles(state["seats"][1]["zones"]["squad"])[-1] == "Golden Calf"  # Ben's, below Ann's
    assert state["category"] == "terror"  # the next card, Hornets: Terror 55
    played = battle(places(0, ["Samson", "Og of Bashan"]))
    view = ENGINE.view(played.state, 1)
    assert view["seats"][0]["zones"]["placed"] == [{"hidden": True}] * 2
    assert all(c == {"hidden": True} for c in view["seats"][0]["zones"]["squad"])
    assert sorted(played.to_dict()["to_act"]) == [0, 1]


def test_a_round_ends_as_soon_as_one_player_has_won_three_match_ups() -> None:
    # battle-cards.txt line 20, 21, 22 and 23:
    # "As soon as one player has won 3 match-ups, the round ends immediately." Samson beats Witch; Og of Bashan and
    # Great Fish are both 90, B, Value 6: nobody wins; Sons of Anak beats Jackals; She-Bears beat Shepherd Boy.
    played = battle(
        both(
            ["Samson", "Og of Bashan", "Sons of Anak", "She-Bears of Bethel", "Ram with Two Horns"],
            ["Witch of Endor", "Great Fish", "Jackals of the Desert", "Shepherd Boy with a Sling", "Fiery Serpents"],
        )
    )
    match_ups = events(played, "match-up")
    assert [m["seat"] for m in match_ups] == [0, None, 0, 0]
    assert played.state.seats[0].round_wins == 1
    # "Any cards winning a match-up are returned to their owner's squad. All cards that have lost a match-up are
    # placed on the bottom of the draw deck. Any unturned cards are returned to their owner's squad."
    # "Both players take cards from the top of the draw deck until they have 7 cards again."
    state = played.to_dict()["state"]
    assert sorted(titles(state["seats"][0]["zones"]["squad"])) == sorted([*ANN, "Locust Swarm"])
    ben = titles(state["seats"][1]["zones"]["squad"])
    assert sorted(ben) == sorted(
        [
            "Great Fish",
            "Fiery Serpents",
            "Ravening Wolf",
            "Ravens of Elijah",
            "Golden Calf",
            "Hornets",
            "Balaam's Donkey",
        ]
    )
    assert titles(state["zones"]["draw"]) == [
        "Behemoth",
        "Witch of Endor",
        "Jackals of the Desert",
        "Shepherd Boy with a Sling",
    ]
    # "The loser picks the category for the next round."
    assert played.to_dict()["legal"] == {
        "1": [{"type": "choose-category", "category": c} for c in ("strength", "skill", "magic", "terror")]
    }


def test_the_loser_picks_and_the_winner_may_not() -> None:
    # battle-cards.txt line 23:
    # "The loser picks the category for the next round."
    first = both(
        ["Samson", "Og of Bashan", "Sons of Anak", "She-Bears of Bethel", "Ram with Two Horns"],
        ["Witch of Endor", "Great Fish", "Jackals of the Desert", "Shepherd Boy with a Sling", "Fiery Serpents"],
    )
    with pytest.raises(ActionRefused) as refused:
        battle([*first, {"seat": 0, "type": "choose-category", "category": "skill"}])
    assert refused.value.code == "not-your-turn"
    played = battle([*first, {"seat": 1, "type": "choose-category", "category": "skill"}])
    assert played.to_dict()["state"]["category"] == "skill" and played.to_dict()["to_act"] == [0, 1]


SIZE_DEAL = [
    ["Locust Swarm", "Nephilim", "Goliath", "Hornets", "Ravens of Elijah", "Jaredite Barges", "Golden Calf"],
    [
        "Gog of Magog",
        "Beast from the Sea",
        "Brazen Serpent",
        "Balaam's Donkey",
        "Jackals of the Desert",
        "Ravening Wolf",
        "Shepherd Boy with a Sling",
    ],
]


def test_ties_go_to_size_where_small_beats_big_then_to_value() -> None:
    # battle-cards.txt line 19 and 30:
    # "Ties are resolved by comparing Size - B (Big) beats M (Medium), M beats S (Small), and S beats B."
    # "Any match-up ties which are not resolvable by size are resolved by comparing Value".
    # Pale Horse (Terror 95) makes the round Terror: Locust Swarm (S) and Gog of Magog (B) both 75: S wins;
    # Nephilim and Beast from the Sea, both B, 80 and 90: Beast wins on score; Goliath 80 B against Brazen Serpent
    # 40: Goliath.
    played = battle(
        both(
            ["Locust Swarm", "Nephilim", "Goliath", "Hornets", "Ravens of Elijah"],
            ["Gog of Magog", "Beast from the Sea", "Brazen Serpent", "Balaam's Donkey", "Jackals of the Desert"],
        ),
        deal=SIZE_DEAL,
        draw=["Pale Horse", "Seraph", "Legion"],
    )
    match_ups = events(played, "match-up")
    assert match_ups[0]["seat"] == 0 and "by size" in match_ups[0]["detail"]
    assert match_ups[0]["rule"].endswith('"Ties are resolved by comparing Size"')
    # Strength: Nephilim and Beast from the Sea both 85 and B: the greater Value (8) wins.
    played = battle(
        both(
            ["Nephilim", "Locust Swarm", "Goliath", "Hornets", "Ravens of Elijah"],
            ["Beast from the Sea", "Gog of Magog", "Brazen Serpent", "Balaam's Donkey", "Jackals of the Desert"],
        ),
        deal=SIZE_DEAL,
        draw=["Behemoth", "Seraph", "Legion"],
    )
    first = events(played, "match-up")[0]
    assert first["seat"] == 1 and "by value" in first["detail"]


SUDDEN_DEAL = [
    [
        "Samson",
        "Og of Bashan",
        "Ram with Two Horns",
        "Gadianton Robber",
        "Jackals of the Desert",
        "Hornets",
        "Golden Calf",
    ],
    [
        "Behemoth",
        "Great Fish",
        "She-Bears of Bethel",
        "Ravening Wolf",
        "Shepherd Boy with a Sling",
        "Balaam's Donkey",
        "Ravens of Elijah",
    ],
]
SUDDEN_DRAW = ["Leviathan", "Witch of Endor", "Locust Swarm", "Legion"]
ANN_FIVE = ["Samson", "Og of Bashan", "Ram with Two Horns", "Gadianton Robber", "Jackals of the Desert"]
BEN_FIVE = ["Behemoth", "Great Fish", "Ravening Wolf", "She-Bears of Bethel", "Ravens of Elijah"]


def test_two_match_ups_each_go_to_a_sudden_death_decider_with_an_unused_card() -> None:
    # battle-cards.txt line 27:
    # "If two players both win 2 match-ups in a round, they then play a sudden-death decider using one of the
    # unused cards in their hand, on the same category as the round." Strength (Leviathan 97): Behemoth beats
    # Samson, Og of Bashan and Great Fish tie (90, B, Value 6), Ram beats Ravening Wolf, She-Bears beat Gadianton
    # Robber, Jackals beat Ravens of Elijah: two each.
    played = battle(both(ANN_FIVE, BEN_FIVE), deal=SUDDEN_DEAL, draw=SUDDEN_DRAW)
    answer = played.to_dict()
    assert [m["seat"] for m in events(played, "match-up")] == [1, None, 0, 1, 0]
    assert answer["state"]["phase"] == "decide" and answer["to_act"] == [0, 1]
    assert sorted(a["cards"][0] for a in answer["legal"]["0"]) == ["Golden Calf", "Hornets"]
    with pytest.raises(ActionRefused):  # a card placed this round is not unused
        battle(
            [*both(ANN_FIVE, BEN_FIVE), {"seat": 0, "type": "decide", "cards": ["Samson"]}], SUDDEN_DEAL, SUDDEN_DRAW
        )
    deciders = [{"seat": 0, "type": "decide", "cards": ["Golden Calf"]}]
    deciders += [{"seat": 1, "type": "decide", "cards": ["Shepherd Boy with a Sling"]}]
    played = battle([*both(ANN_FIVE, BEN_FIVE), *deciders], deal=SUDDEN_DEAL, draw=SUDDEN_DRAW)
    assert [s.round_wins for s in played.state.seats] == [0, 1]
    assert events(played, "decider")[0]["seat"] == 1 and played.to_dict()["to_act"] == [0]  # the loser picks
    assert "Golden Calf" in titles(played.to_dict()["state"]["zones"]["draw"])  # the decider's loser is lost


def test_more_match_ups_won_takes_the_round_when_nobody_has_three() -> None:
    # battle-cards.txt line 20 and 27:
    # "As soon as one player has won 3 match-ups, the round ends immediately": with ties, five match-ups can end
    # 1 to 2; the rules name a decider only for two each, so the most match-ups wins the round (docs/rulings.md).
    ben = [*BEN_FIVE[:4], "Shepherd Boy with a Sling"]  # Jackals and Shepherd Boy: 25, S, Value 2: nobody wins
    played = battle(both(ANN_FIVE, ben), deal=SUDDEN_DEAL, draw=SUDDEN_DRAW)
    assert [m["seat"] for m in events(played, "match-up")] == [1, None, 0, 1, None]
    assert [s.round_wins for s in played.state.seats] == [0, 1] and played.to_dict()["to_act"] == [0]


def test_the_draft_keeps_every_squad_within_30_value() -> None:
    # battle-cards.txt line 11 and 12:
    # "The total value of the squad must not exceed 30 'Value' points." After Destroying Angel and Great Red
    # Dragon (20), Ann's four more cards must fit in 10: the cheapest left are 1, 2, 2, so no card above 5.
    picks = [("Destroying Angel", 0), ("Hornets", 1), ("Great Red Dragon", 0), ("Golden Calf", 1)]
    actions = [{"seat": s, "type": "pick", "cards": [t]} for t, s in picks]
    setup = Setup((SeatSpec("Ann"), SeatSpec("Ben")), {"variant": "battle-mode"}, 0, BOX)
    played = replay(ENGINE, setup, actions)
    values = {c.id: c.data.value for c in played.state.zones["pool"]}
    assert max(values[a["ids"][0]] for a in ENGINE.legal(played.state)[0]) == 5
    with pytest.raises(ActionRefused) as refused:
        replay(ENGINE, setup, [*actions, {"seat": 0, "type": "pick", "cards": ["Leviathan"]}])
    assert (refused.value.index, refused.value.code) == (4, "illegal-action")
    with pytest.raises(ActionRefused) as refused:  # "take it in turns"
        replay(ENGINE, setup, [*actions, {"seat": 1, "type": "pick", "cards": ["Legion"]}])
    assert refused.value.code == "not-your-turn"


def test_after_the_draft_the_rest_is_the_draw_deck_and_each_takes_a_seventh_card() -> None:
    # battle-cards.txt line 10 and 13:
    # "Once squads are complete, the remaining cards are shuffled and placed in a pile, face down, forming the
    # draw deck. Each player takes an extra card from the draw deck without revealing it to their opponent."
    setup = Setup((SeatSpec("Ann"), SeatSpec("Ben")), {"variant": "battle-mode"}, 3, BOX)
    state, _ = ENGINE.new_game(setup)
    view = ENGINE.view(state, 1)
    assert len(view["zones"]["pool"]) == 34 and {"hidden": True} not in view["zones"]["pool"]  # face up
    values = [c["id"] for c in view["zones"]["pool"]]
    assert [next(c.data.value or 0 for c in state.zones["pool"] if c.id == i) for i in values] == sorted(
        c.data.value or 0 for c in state.zones["pool"]
    )  # "It is useful to arrange in order of 'Value'"
    actions = []
    rng = random.Random(0)
    while state.phase == "draft":
        seat = next(iter(ENGINE.legal(state)))
        action = ENGINE.computer(state, seat, rng)
        ENGINE.apply(state, seat, action)
        actions.append({"seat": seat, **action})
    played = replay(ENGINE, setup, actions)
    answer = played.to_dict()
    assert len(actions) == 12 and answer["state"]["phase"] == "place"
    assert [len(s["zones"]["squad"]) for s in answer["state"]["seats"]] == [7, 7]
    assert len(answer["state"]["zones"]["draw"]) == 20 and answer["state"]["zones"]["pool"] == []
    for s in played.state.seats:
        assert sum(c.data.value for c in s.zones["squad"][:6]) <= 30
    assert ENGINE.view(played.state, 0)["zones"]["draw"] == [{"hidden": True}] * 20
    assert ENGINE.view(played.state, 0)["seats"][1]["zones"]["squad"] == [{"hidden": True}] * 7


def test_a_stacked_squad_over_30_value_is_refused() -> None:
    # battle-cards.txt line 12:
    # "The total value of the squad must not exceed 30 'Value' points."
    deal = [["Destroying Angel", "Great Red Dragon", "Leviathan", "Hornets", "Golden Calf", "Ravens of Elijah"], BEN]
    with pytest.raises(SetupError) as error:
        game("battle-mode", deal, [], draw=["Behemoth", "Legion", "Seraph"])
    assert (error.value.path, error.value.code) == ("options.deal[0]", "squad-value")


THREE = [
    [
        "Samson",
        "Og of Bashan",
        "Sons of Anak",
        "She-Bears of Bethel",
        "Ram with Two Horns",
        "Gadianton Robber",
        "Locust Swarm",
    ],
    [
        "Ravening Wolf",
        "Jackals of the Desert",
        "Shepherd Boy with a Sling",
        "Fiery Serpents",
        "Witch of Endor",
        "Hornets",
        "Ravens of Elijah",
    ],
    ["Jaredite Barges", "Balaam's Donkey", "Brazen Serpent", "Golden Calf", "Pharaoh's Magicians", "Legion", "Seraph"],
]
THREE_DRAW = ["Behemoth", "Leviathan", "Great Red Dragon", "Cherub with a Flaming Sword", "Chariot of Fire"]


def test_with_three_players_those_tied_last_play_a_decider_for_the_pick_and_the_deck_is_shuffled() -> None:
    # battle-cards.txt line 28 and 29:
    # "If more than one player is tied last in the round, then the player picking the next round's category is
    # likewise decided by a sudden death decider" (its winner picks: docs/rulings.md); "After each round, once
    # losing cards have been added to the draw deck, the draw deck should be shuffled well before players draw".
    placed = [
        ["Samson", "Og of Bashan", "Sons of Anak", "She-Bears of Bethel", "Ram with Two Horns"],
        ["Ravening Wolf", "Jackals of the Desert", "Shepherd Boy with a Sling", "Fiery Serpents", "Witch of Endor"],
        ["Jaredite Barges", "Balaam's Donkey", "Brazen Serpent", "Golden Calf", "Pharaoh's Magicians"],
    ]
    actions = [a for trio in zip(*(places(s, p) for s, p in enumerate(placed)), strict=True) for a in trio]
    played = game("battle-mode", THREE, actions, draw=THREE_DRAW)
    assert [m["seat"] for m in events(played, "match-up")] == [0, 0, 0]
    assert played.to_dict()["to_act"] == [1, 2] and played.state.purpose == "pick"
    deciders = [{"seat": 1, "type": "decide", "cards": ["Ravens of Elijah"]}]
    deciders += [{"seat": 2, "type": "decide", "cards": ["Seraph"]}]
    played = game("battle-mode", THREE, actions + deciders, draw=THREE_DRAW)
    assert played.to_dict()["to_act"] == [2]  # Seraph (60) beats Ravens of Elijah (10): Cat picks
    assert events(played, "shuffle") and [s.round_wins for s in played.state.seats] == [1, 0, 0]
    assert all(len(s.zones["squad"]) == 7 for s in played.state.seats)


def test_the_first_player_to_win_three_rounds_wins_the_battle() -> None:
    # battle-cards.txt line 24 and 15:
    # "The first player to win 3 rounds is the winner of the battle." Ann's squad is strong in every category,
    # Ben's weak; both play as the computer.
    deal = [
        [
            "Lion of Judah",
            "Cherub with a Flaming Sword",
            "Gadianton Robber",
            "Ravening Wolf",
            "Shepherd Boy with a Sling",
            "She-Bears of Bethel",
        ],
        ["Golden Calf", "Hornets", "Balaam's Donkey", "Ravens of Elijah", "Jackals of the Desert", "Jaredite Barges"],
    ]
    draw = ["Behemoth", "Leviathan", "Locust Swarm", "Fiery Serpents", "Brazen Serpent", "Witch of Endor"]
    draw += ["Pharaoh's Magicians", "Legion"]
    setup = Setup((SeatSpec("Ann"), SeatSpec("Ben")), {"variant": "battle-mode", "deal": deal, "draw": draw}, 0, BOX)
    state, _ = ENGINE.new_game(setup)
    actions = []
    rng = random.Random(0)
    while ENGINE.result(state) is None:
        seat = min(ENGINE.legal(state))
        action = ENGINE.computer(state, seat, rng)
        ENGINE.apply(state, seat, action)
        actions.append({"seat": seat, **action})
    answer = replay(ENGINE, setup, actions).to_dict()
    assert answer["result"]["winners"] == [0] and "win 3 rounds" in answer["result"]["reason"]
    assert answer["state"]["seats"][0]["round_wins"] == 3 and answer["state"]["seats"][1]["round_wins"] < 3
    assert answer["state"]["round"] <= 5  # "The battle is made up of 5 rounds"
    assert not events(replay(ENGINE, setup, actions), "shuffle")  # two players: losers go to the bottom


def test_when_the_chooser_is_out_the_next_player_with_cards_chooses() -> None:
    # battle-cards.txt line 6:
    # "The round winner chooses the category to contest in the next round": after a tie there is no round winner,
    # and Ann, who chose, tied with her last card: the next player with cards chooses (docs/rulings.md).
    deal = [["Lion of Judah"], ["Gog of Magog", "Hornets"], ["Golden Calf", "Seraph"]]
    played = game("trumps", deal, [choose(0, "strength", "Lion of Judah")])
    answer = played.to_dict()
    assert answer["to_act"] == [1] and answer["status"] == "playing"
    assert titles(answer["state"]["zones"]["centre"]) == ["Lion of Judah", "Gog of Magog", "Golden Calf"]
    assert events(played, "chooser-out")


def test_deciders_that_keep_tying_leave_the_round_unresolved() -> None:
    # battle-cards.txt line 27 and 30:
    # "they then play a sudden-death decider using one of the unused cards in their hand"; "Any match-up ties
    # which are not resolvable by size are resolved by comparing Value". Skill (Ravens of Elijah: Skill 60):
    # She-Bears and Ram tie (50, M, 4); two match-ups each. Goliath and Gog of Magog tie (55, B, 7), then Samson
    # and Pale Horse (60, M, 8): no unused card is left, nobody wins the round and the next turned card gives the
    # category (docs/rulings.md).
    deal = [
        [
            "Goliath",
            "Samson",
            "She-Bears of Bethel",
            "Shepherd Boy with a Sling",
            "Gadianton Robber",
            "Golden Calf",
            "Hornets",
        ],
        [
            "Gog of Magog",
            "Pale Horse",
            "Ram with Two Horns",
            "Ravening Wolf",
            "Jackals of the Desert",
            "Balaam's Donkey",
            "Jaredite Barges",
        ],
    ]
    draw = ["Ravens of Elijah", "Witch of Endor", "Locust Swarm", "Legion", "Fiery Serpents"]
    ann = ["She-Bears of Bethel", "Shepherd Boy with a Sling", "Hornets", "Gadianton Robber", "Golden Calf"]
    ben = ["Ram with Two Horns", "Balaam's Donkey", "Ravening Wolf", "Jaredite Barges", "Jackals of the Desert"]
    deciders = [
        {"seat": 0, "type": "decide", "cards": ["Goliath"]},
        {"seat": 1, "type": "decide", "cards": ["Gog of Magog"]},
        {"seat": 1, "type": "decide", "cards": ["Pale Horse"]},
        {"seat": 0, "type": "decide", "cards": ["Samson"]},
    ]
    played = game("battle-mode", deal, [*both(ann, ben), *deciders], draw=draw)
    assert [m["seat"] for m in events(played, "match-up")] == [None, 0, 1, 0, 1]
    assert [d["seat"] for d in events(played, "decider")] == [None, None] and events(played, "no-decider")
    state = played.to_dict()["state"]
    assert [s["round_wins"] for s in state["seats"]] == [0, 0]
    assert (state["round"], state["category"], state["phase"]) == (2, "skill", "place")  # Ravens again
    assert [len(s["zones"]["squad"]) for s in state["seats"]] == [7, 7]
