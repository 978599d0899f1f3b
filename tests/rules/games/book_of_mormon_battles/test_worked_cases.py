"""Worked cases of Book of Mormon Battles played whole, each from the rules document (line cited) through
`replay` with a stacked deal. Line numbers are those of /work/shared/rules/book-of-mormon-battles.txt."""

from __future__ import annotations

import json

from rules.games.book_of_mormon_battles.game import ENGINE
from tests.rules.games.book_of_mormon_battles.helpers import act
from tests.rules.games.book_of_mormon_battles.helpers import events
from tests.rules.games.book_of_mormon_battles.helpers import play
from tests.rules.games.book_of_mormon_battles.helpers import zone

ANN = ["Nephi", "Abish", "Sam", "Shiblon", "Pahoran", "Lehi"]
BEN = ["Sherem", "Lemuel", "Zeezrom", "Seantum", "Lib", "Heth"]


def test_the_battalion_is_the_top_five_of_the_army():
    # l.59-60 "deal out the entire deck facedown ... draw five cards from the top of their ARMY"
    game = play([ANN, BEN], [])
    assert zone(game, 0, "battalion") == ANN[:5] and zone(game, 0, "army") == ["Lehi"]
    assert game.to_dict()["legal"].keys() == {"0", "1"}  # l.62 "When everyone is ready": both choose at once


def test_the_highest_value_wins_and_takes_the_battlefield_then_both_replenish():
    # l.63 "The player with the card(s) having the highest value wins and takes all the cards"; l.64 replenish
    game = play([ANN, BEN], [act(0, "battle", "Nephi"), act(1, "battle", "Sherem")])
    assert sorted(zone(game, 0, "discard")) == ["Nephi", "Sherem"]
    assert zone(game, 0, "battalion") == ["Abish", "Sam", "Shiblon", "Pahoran", "Lehi"]
    assert zone(game, 1, "battalion") == ["Lemuel", "Zeezrom", "Seantum", "Lib", "Heth"]


def test_a_choice_is_hidden_until_everyone_is_ready():
    # l.61-62: the chosen card is placed faceup only "When everyone is ready"
    game = play([ANN, BEN], [act(0, "battle", "Nephi")])
    view = json.dumps(ENGINE.view(game.state, 1))
    assert '"nephi"' not in view and game.to_dict()["to_act"] == [1]


def test_gold_beats_black_on_equal_value():
    # l.90 "A gold oval 5000 beats a black oval 5000"
    game = play(
        [["Abinadi", *ANN[1:]], ["Amlici", *BEN[1:]]], [act(0, "battle", "Abinadi"), act(1, "battle", "Amlici")]
    )
    assert "Amlici" in zone(game, 0, "discard")


def test_a_tie_goes_to_the_highest_single_character_card():
    # l.78 TIE BATTLES; Shiblon (500) with Faith is a 5000 like Alma the Younger's 5000: the single card wins
    game = play(
        [["Shiblon", "Faith", "Abish", "Sam", "Pahoran", "Lehi"], ["Alma the Younger", *BEN[1:]]],
        [act(0, "battle", "Shiblon", "Faith"), act(1, "battle", "Alma the Younger")],
    )
    won = events(game, "battle-won")[0]
    assert won["seat"] == 1 and won["rule"].endswith("TIE BATTLES")


def test_stripling_warriors_counts_a_card_faith_changed_at_its_new_value():
    # l.96 Faith "a 500 becomes a 5000"; l.108 Stripling Warriors "the lowest gold card in the battle wins": Abish
    # (gold 100) with Faith is a gold 1000, so Sam's gold 300 is the lowest (the finding).
    game = play(
        [["Abish", "Faith", "Nephi", "Lehi", "Shiblon", "Pahoran"], ["Sam", "Stripling Warriors", *BEN[:4]]],
        [act(0, "battle", "Abish", "Faith"), act(1, "battle", "Sam", "Stripling Warriors")],
    )
    won = events(game, "battle-won")[0]
    assert won["seat"] == 1 and "Stripling Warriors" in won["rule"]


def test_stripling_warriors_counts_a_converted_card_at_its_new_value_too():
    # l.102 "a black diamond 300 becomes a gold diamond 1300": higher than Sam's gold 300
    game = play(
        [["Lemuel", "Conversion", "Nephi", "Lehi", "Shiblon", "Pahoran"], ["Sam", "Stripling Warriors", *BEN[2:6]]],
        [act(0, "battle", "Lemuel", "Conversion"), act(1, "battle", "Sam", "Stripling Warriors")],
    )
    assert events(game, "battle-won")[0]["seat"] == 1


def test_famine_cancels_the_other_power_cards():
    # l.110 Famine: "The highest single CHARACTER card in the battle wins"
    game = play(
        [
            ["Zeezrom", "Lib", "Secret Combination", "Sam", "Abish", "Lehi"],
            ["Shiblon", "Famine", "Seantum", "Heth", "Sherem", "Lemuel"],
        ],
        [act(0, "battle", "Zeezrom", "Lib", "Secret Combination"), act(1, "battle", "Shiblon", "Famine")],
    )
    assert events(game, "battle-won")[0]["seat"] == 1


def test_too_many_power_cards_discard_two_and_draw_two():
    # l.82 "If a player has 4 or more POWER cards in his hand, he must choose 2 and place them in his discard pile"
    deal = [["Faith", "Wickedness", "Battle", "Famine", "Nephi", "Abish", "Sam"], BEN]
    game = play(deal, [])
    assert game.to_dict()["to_act"] == [0]
    assert {a["type"] for a in game.to_dict()["legal"]["0"]} == {"discard-powers"}
    game = play(deal, [act(0, "discard-powers", "Faith", "Wickedness")])
    assert zone(game, 0, "discard") == ["Faith", "Wickedness"]
    assert zone(game, 0, "battalion") == ["Battle", "Famine", "Nephi", "Abish", "Sam"]


def test_an_empty_army_is_the_shuffled_discard_pile():
    # l.68 "When a player's ARMY runs out, he shuffles his discard pile ... It now becomes his ARMY."
    game = play(
        [["Nephi", "Helaman", "Mormon", "Lehi", "Teancum"], BEN],
        [act(0, "battle", "Nephi"), act(1, "battle", "Sherem")],
    )
    assert [e["seat"] for e in events(game, "reshuffle")] == [0]
    assert len(zone(game, 0, "battalion")) == 5 and len(zone(game, 0, "army")) == 1


def test_spoils_of_war_and_the_winner():
    # l.72 "If he loses the attack, the remaining cards are taken by the winner as the 'spoils of war'"; l.72 winner
    game = play([ANN, ["Sherem", "Lemuel"]], [act(0, "battle", "Nephi"), act(1, "battle", "Sherem")])
    assert events(game, "spoils-of-war")[0]["cards"] == ["Lemuel"]
    assert game.to_dict()["result"]["winners"] == [0] and game.to_dict()["status"] == "over"
    assert len(game.state.seats[0].holding()) == 8


def test_mounting_battles_tie_by_value_only_and_mount_to_the_end():
    # l.3-5 MOUNTING BATTLES: by point value only; tied players place three ARMY cards facedown and choose a new
    # CHARACTER; a second tie mounts again; "If he doesn't have enough cards to play a tie, he surrenders".
    ann = ["Abinadi", "Abish", "Sam", "Sariah", "Gideon", "Nephi", "Lehi", "Helaman", "Mormon"]
    ben = [
        "Amlici",
        "Sherem",
        "Lemuel",
        "Lib",
        "Heth",
        "Laman",
        "Shiz",
        "Zeezrom",
        "Coriantumr",
        "Akish",
        "Giddianhi",
        "Gadianton",
    ]
    first = [act(0, "battle", "Abinadi"), act(1, "battle", "Amlici")]
    game = play([ann, ben], first, variant="mounting-battles")
    assert game.to_dict()["state"]["phase"] == "mount" and len(events(game, "mount")) == 2
    assert not any('"nephi"' in json.dumps(ENGINE.view(game.state, s)) for s in (0, 1, None))  # facedown, unseen
    won = play([ann, ben], [*first, act(0, "mount", "Gideon"), act(1, "mount", "Lemuel")], variant="mounting-battles")
    assert events(won, "battle-won")[0]["seat"] == 0
    assert len(won.state.seats[0].holding()) == 14  # her 9 and Amlici, Lemuel and the three facedown
    again = play([ann, ben], [*first, act(0, "mount", "Sam"), act(1, "mount", "Lemuel")], variant="mounting-battles")
    assert [e["seat"] for e in events(again, "surrender")] == [0]  # one card left in Ann's ARMY
    assert again.to_dict()["result"]["winners"] == [1]


def test_mounting_without_a_character_puts_two_power_cards_away():
    # l.5 "If a player has no CHARACTER cards in his BATTALION, he must put two POWER cards in his discard pile"
    ann = [
        "Abinadi",
        "Faith",
        "Wickedness",
        "Battle",
        "Conversion",
        "Famine",
        "Title of Liberty",
        "Nephi",
        "Lehi",
        "Helaman",
        "Abish",
        "Sam",
    ]
    ben = ["Amlici", *BEN, "Laman", "Shiz", "Akish"]
    actions = [act(0, "discard-powers", "Faith", "Wickedness"), act(0, "battle", "Abinadi"), act(1, "battle", "Amlici")]
    game = play([ann, ben], actions, variant="mounting-battles")
    swap = events(game, "mount-swap")[0]
    assert swap["seat"] == 0 and swap["cards"] == ["Battle", "Conversion"]
    assert zone(game, 0, "battalion") == ["Famine", "Title of Liberty", "Abish", "Sam"]


def test_secret_weapon_lays_in_turn_with_the_power_card_facedown():
    # l.15-17 SECRET WEAPON: the player to the dealer's left begins; POWER card facedown; revealed in turn; "the
    # next player in the circle goes first" in the next battle.
    deal = [ANN, ["Aaron", "Faith", *BEN[:4]]]
    game = play(deal, [], variant="secret-weapon")
    assert game.to_dict()["to_act"] == [1]
    game = play(deal, [act(1, "battle", "Aaron", "Faith")], variant="secret-weapon")
    assert '"faith-1"' not in json.dumps(ENGINE.view(game.state, 0))
    assert '"faith-1"' in json.dumps(ENGINE.view(game.state, 1))
    game = play(deal, [act(1, "battle", "Aaron", "Faith"), act(0, "battle", "Nephi")], variant="secret-weapon")
    assert game.to_dict()["legal"] == {"1": [{"type": "reveal", "cards": ["Faith"], "ids": ["faith-1"]}]}
    game = play(
        deal,
        [act(1, "battle", "Aaron", "Faith"), act(0, "battle", "Nephi"), act(1, "reveal", "Faith")],
        variant="secret-weapon",
    )
    assert events(game, "battle-won")[0]["seat"] == 0  # 8000 against 5000
    assert game.to_dict()["to_act"] == [0]  # the next player in the circle goes first


def test_power_play_discards_the_battalion_and_draws_five_new():
    # l.23 POWER PLAY: "the remaining cards in each BATTALION are placed facedown in the player's discard pile"
    deal = [[*ANN, "Helaman", "Mormon", "Teancum", "Gideon"], [*BEN, "Shiz", "Laman", "Akish", "Tubaloth"]]
    game = play(deal, [act(0, "battle", "Nephi"), act(1, "battle", "Sherem")], variant="power-play")
    assert zone(game, 0, "battalion") == ["Lehi", "Helaman", "Mormon", "Teancum", "Gideon"]
    assert len(events(game, "power-play")) == 2
    assert '"abish"' not in json.dumps(ENGINE.view(game.state, 1))  # facedown in Ann's discard pile


def test_the_shorter_game_counts_cards_and_breaks_a_tie_by_a_random_character():
    # l.122 RULES FOR A SHORTER GAME: the most cards wins; "tied players ... draw one card randomly for battle"
    game = play(
        [
            ["Nephi", "Abish", "Sam", "Shiblon", "Pahoran"],
            ["Sherem", "Lemuel", "Zeezrom", "Seantum", "Lib", "Heth", "Shiz"],
        ],
        [act(0, "battle", "Nephi"), act(1, "battle", "Sherem")],
        variant="shorter-game",
        battles=1,
    )
    # Six cards each: Ann draws Pahoran (gold 700) and Ben Zeezrom (black 500) at random (seed 0).
    assert game.to_dict()["status"] == "over" and events(game, "tie-draw")[0]["cards"] == ["Pahoran", "Zeezrom"]
    assert game.to_dict()["result"]["winners"] == [0]


def test_young_players_turn_over_the_top_card_and_count_when_they_stop():
    # l.118 RULES FOR YOUNG PLAYERS: no POWER cards; the top card, faceup; "the most cards when you stop playing"
    actions = [act(0, "turn-over"), act(1, "turn-over"), act(1, "turn-over"), act(0, "turn-over")]
    game = play([["Nephi", "Abish", "Sam"], ["Sherem", "Shiz", "Lemuel"]], actions, variant="young-players", battles=2)
    assert [e["seat"] for e in events(game, "battle-won")] == [0, 1]
    assert game.to_dict()["result"]["winners"] == [0, 1]  # three cards each


def test_spys_trivia_forgives_spelling_and_the_reader_keeps_an_unknown_card():
    # l.29-31 SPY'S TRIVIA: "The player who guesses first gets the card"; "If no one knows the character, the reader
    # keeps the card"; "The best spy ... has the most cards".
    actions = [
        act(0, "read"),
        {"seat": 1, "type": "guess", "text": "abbish"},
        act(1, "read"),
        {"seat": 0, "type": "guess", "text": "Sam"},
        act(0, "read"),
        act(1, "pass"),
    ]
    game = play([["Abish", "Sam"], ["Shiblon"]], actions, variant="spys-trivia")
    assert zone(game, 1, "winnings") == ["Abish", "Shiblon"] and zone(game, 0, "winnings") == ["Sam"]
    assert [e["type"] for e in game.to_dict()["events"] if e["type"].startswith(("card", "wrong"))] == [
        "card-won",
        "wrong-guess",
        "card-kept",
        "card-kept",
    ]
    assert game.to_dict()["result"]["winners"] == [1]


def test_spys_trivia_hides_the_name_but_reads_the_clues():
    game = play([["Coriantumr (3)"], ["Sam"]], [act(0, "read")], variant="spys-trivia")
    seen = json.dumps(ENGINE.view(game.state, 1))
    assert "Zarahemla" in seen and "coriantumr" not in seen.casefold()
    # HELPFUL NOTES: the superscript number only tells people of one name apart
    won = play(
        [["Coriantumr (3)"], ["Sam"]],
        [act(0, "read"), {"seat": 1, "type": "guess", "text": "Coriantumr"}],
        variant="spys-trivia",
    )
    assert zone(won, 1, "winnings") == ["Coriantumr (3)"]
    wrong = play(
        [["Captain Moroni"], ["Sam"]],
        [act(0, "read"), {"seat": 1, "type": "guess", "text": "Moroni"}],
        variant="spys-trivia",
    )
    assert events(wrong, "wrong-guess")  # Moroni is another character
