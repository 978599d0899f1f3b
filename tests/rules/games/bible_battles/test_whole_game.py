"""Bible Battles played whole (rules/games/bible_battles/game.py): card abilities on boards laid out by hand, more
than two players, and the computer against random play. The rules' own worked cases go through the endpoint in
tests/play/games/test_play_bible_battles.py."""

from __future__ import annotations

import random
from typing import Any

from rules.cards import CardData
from rules.games.bible_battles import abilities
from rules.games.bible_battles.game import ENGINE
from rules.games.bible_battles.whole import Attack
from rules.games.bible_battles.whole import State
from rules.play.interface import Action
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from tests.rules.play.harness import box_of
from tests.rules.play.harness import computer_vs_random
from tests.rules.play.harness import legal_bb_deck
from tests.rules.play.harness import play_out

POOL = {c.title: c for c in box_of("bible-battles")}
FILL = ["Shepherd"] * 20


def cards(titles: list[str]) -> tuple[CardData, ...]:
    return tuple(POOL[t] for t in titles)


class Board:
    """A two-seat game dealt from stacked decks (seed 1: seat 0 first); `put` lays cards straight into play."""

    def __init__(self, *decks: list[str], wisdom: int = 30) -> None:
        setup = Setup(
            tuple(SeatSpec(f"P{i}", cards(d)) for i, d in enumerate(decks)),
            {"wisdom": wisdom, "deal": [list(d) for d in decks]},
            1,
        )
        self.state: State
        self.state, self.dealt = ENGINE.new_game(setup)

    def put(self, seat: int, title: str, **marks: Any) -> str:
        s = self.state.seats[seat]
        for zone in (s.hand, s.deck):
            for c in zone:
                if c.title == title:
                    zone.remove(c)
                    s.play.append(c)
                    if marks.get("inside"):
                        self.state.inside[c.id] = self.id(seat, marks["inside"])
                    return c.id
        raise AssertionError(title)

    def id(self, seat: int, title: str) -> str:
        return next(c.id for c in self.state.seats[seat].play if c.title == title)

    def options(self, kind: str, *titles: str) -> list[Action]:
        seat = next(iter(ENGINE.legal(self.state)))
        return [
            a
            for a in ENGINE.legal(self.state)[seat]
            if a["type"] == kind and a.get("cards", [])[: len(titles)] == list(titles)
        ]

    def do(self, kind: str, *titles: str, **keys: str) -> list[Any]:
        seat = next(iter(ENGINE.legal(self.state)))
        for a in self.options(kind, *titles):
            if all(a.get(k) == v for k, v in keys.items()):
                return ENGINE.apply(self.state, seat, a)
        raise AssertionError(f"no {kind} {titles} {keys}: {ENGINE.legal(self.state)}")

    def damage(self, seat: int, title: str) -> int:
        return self.state.damage.get(self.id(seat, title), 0)

    def titles(self, seat: int, zone: str) -> list[str]:
        return [c.title for c in getattr(self.state.seats[seat], zone)]


def test_priest_stops_an_attacking_army():
    """Priest: "Inspire: target army cannot attack this turn" (Summary, 10: abilities answer an attack)."""
    b = Board(["Spearmen", "Goat", *FILL], ["Priest", *FILL])
    b.put(0, "Spearmen")
    b.put(0, "Goat")
    b.put(1, "Priest")
    b.do("attack-stage")
    b.do("attack", "Spearmen", target=b.id(1, "Priest"))
    events = b.do("use", "Priest")
    assert [e.type for e in events] == ["ability", "attack-stopped"]
    assert b.state.attacks == [] and not b.options("attack")


def test_samson_does_3_to_a_fortress_and_a_battering_ram_the_full_offense():
    """Samson: "Does 3 damage to a city or fortress instead of 1"; Battering Ram: "full offense to a fortress"."""
    b = Board(["Samson", "Axmen", "Battering Ram", "Goat", "Sheep", "Wheat Field", *FILL], ["Hill Fortress", *FILL])
    for t in ("Samson", "Axmen", "Battering Ram", "Wheat Field"):
        b.put(0, t)
    b.state.bearer[b.id(0, "Battering Ram")] = b.id(0, "Axmen")
    fort = b.put(1, "Hill Fortress")
    b.do("attack-stage")
    b.do("attack", "Samson", target=fort)
    b.do("take")
    b.do("attack", "Axmen", target=fort)
    b.do("take")
    b.do("fight")
    assert b.damage(1, "Hill Fortress") == 3 + 4


def test_granary_keeps_one_army_without_food():
    """Granary: "Stores food: you may keep one army in play without food"."""
    b = Board(["Spearmen", "Swordsmen", "Archers", "Well", *FILL], FILL)
    for t in ("Spearmen", "Swordsmen", "Archers", "Well"):
        b.put(0, t)
    assert b.do("attack-stage")[-1].type == "hungry"  # 3 armies, 1 food
    b2 = Board(["Spearmen", "Swordsmen", "Archers", "Granary", *FILL], FILL)
    for t in ("Spearmen", "Swordsmen", "Archers", "Granary"):
        b2.put(0, t)
    events = b2.do("attack-stage")  # 3 armies, 2 food, 1 kept by the Granary: fed
    assert events[-1].type == "stage"


def test_midwife_brings_a_follower_from_the_hand_when_she_goes():
    """Midwife: "When this card is placed in your discard pile, you may bring one follower from your hand"."""
    b = Board(["Assassinate", *FILL], ["Midwife", "Levite", *FILL])
    b.put(1, "Midwife")
    for _ in range(4):
        b.put(0, "Shepherd")
    for _ in range(4):
        b.do("effort")
    events = b.do("play", "Assassinate")
    assert "Levite" in b.titles(1, "play") and "Midwife" in b.titles(1, "discard")
    assert any(e.type == "follower" and e.cards == ("Levite",) for e in events)


def test_deborah_gives_armies_attacking_with_her_1_offense():
    """Deborah: "Armies attacking with Deborah get +1 offense"."""
    b = Board(["Deborah", "Spearmen", "Wheat Field", *FILL], ["Hebron", *FILL])
    for t in ("Deborah", "Spearmen", "Wheat Field"):
        b.put(0, t)
    village = b.put(1, "Hebron")
    b.do("attack-stage")
    b.do("attack", "Deborah", target=village)
    b.do("take")
    b.do("attack", "Spearmen", target=village)
    b.do("take")
    b.do("fight")
    assert b.damage(1, "Hebron") == 2 + (2 + 1)


def test_merchant_draws_then_discards():
    b = Board(["Merchant", *FILL], FILL)
    b.put(0, "Merchant")
    hand = len(b.state.seats[0].hand)
    b.do("use", "Merchant")
    assert b.state.step == "merchant" and len(b.state.seats[0].hand) == hand + 1
    b.do("discard")
    assert len(b.state.seats[0].hand) == hand and b.state.step == ""


def test_manna_feeds_until_the_next_turn_then_the_army_starves():
    """Manna from Heaven: "Until your next turn, you have 3 extra food"."""
    b = Board(["Manna from Heaven", "Spearmen", *FILL], FILL)
    for _ in range(3):
        b.put(0, "Shepherd")
    for _ in range(2):
        b.do("effort")
    b.do("play", "Manna from Heaven")
    assert b.options("build", "Spearmen") == []  # no effort left this turn
    b.put(0, "Spearmen")
    assert b.do("attack-stage")[-1].type == "stage"  # fed by the Manna
    b.do("fight")
    b.do("end-turn")
    b.do("attack-stage")
    b.do("fight")
    b.do("end-turn")
    b.do("discard")  # seat 1 holds 8
    events = b.do("attack-stage")
    assert events[-1].type == "hungry"


def test_plague_keeps_every_card_inside_the_city():
    """Plague: "No card may leave target city or fortress until your next turn, not even to attack"."""
    b = Board(["Plague", *FILL], ["Village", "Archers", *FILL])
    village = b.put(1, "Village")
    b.put(1, "Archers", inside="Village")
    for _ in range(3):
        b.put(0, "Shepherd")
    for _ in range(3):
        b.do("effort")
    b.do("play", "Plague", target=village)
    b.do("attack-stage")
    b.do("fight")
    b.do("end-turn")
    assert b.options("leave") == []


def test_elijah_destroys_an_opponents_building_that_gives_wisdom():
    b = Board(["Elijah", *FILL], ["Altar", "Well", *FILL])
    b.put(0, "Elijah")
    b.put(1, "Altar")
    b.put(1, "Well")
    targets = [a["target"] for a in b.options("use", "Elijah")]
    assert targets == [b.id(1, "Altar")]  # the Well gives no wisdom
    b.do("use", "Elijah")
    assert "Altar" in b.titles(1, "discard")


def test_jerusalem_followers_inside_give_1_more_wisdom_and_levite_gives_wisdom_under_siege():
    b = Board(["Jerusalem", "Levite", *FILL], FILL)
    b.put(0, "Jerusalem")
    b.put(0, "Levite", inside="Jerusalem")
    events = b.do("wisdom", "Levite")
    assert "3 wisdom" in events[0].detail  # its 2, and 1 for being inside Jerusalem
    # Levite: "May be inspired for wisdom while inside a city or fortress under siege"; a Shepherd may not.
    b = Board(["Village", "Levite", "Shepherd", *FILL], ["Spearmen", *FILL])
    village = b.put(0, "Village")
    b.put(0, "Levite", inside="Village")
    b.put(0, "Shepherd", inside="Village")
    b.state.attacks.append(Attack(b.put(1, "Spearmen"), village, village, 0))
    assert [a["cards"] for a in b.options("wisdom")] == [["Levite"]]


def test_the_unfollowed_abilities_are_the_two_the_game_has_nothing_for():
    listed = [title for title, _text in abilities.unfollowed(POOL.values())]
    assert listed == ["Camels", "Tabernacle"]


def test_elder_puts_the_top_three_back_in_the_order_chosen():
    """Elder: "Inspire: look at the top three cards of your deck and put them back in any order"."""
    deck = ["Elder", *["Shepherd"] * 7, "Goat", "Sheep", "Levite", *FILL]
    b = Board(deck, FILL)
    b.put(0, "Elder")
    b.do("use", "Elder")
    assert b.state.step == "order" and len(b.options("order")) == 6
    choice = next(a for a in b.options("order") if a["cards"] == ["Levite", "Goat", "Sheep"])
    events = b.do("order", *choice["cards"], order=choice["order"])
    assert "Levite" not in str(events)  # the others learn only that they were reordered
    assert b.titles(0, "deck")[:3] == ["Levite", "Goat", "Sheep"] and b.state.step == ""


def test_a_player_who_cannot_draw_is_out_and_the_others_play_on():
    short = ["Shepherd"] * 7
    setup = Setup(
        tuple(SeatSpec(f"P{i}", cards(d)) for i, d in enumerate([FILL, short, FILL])),
        {"deal": [FILL, short, FILL]},
        2,
    )
    state, _ = ENGINE.new_game(setup)
    for _ in range(30):
        if state.result is not None or state.seats[1].out:
            break
        seat = next(iter(ENGINE.legal(state)))
        ENGINE.apply(state, seat, ENGINE.computer(state, seat, random.Random(0)))
    assert state.seats[1].out and state.result is None
    assert 1 not in ENGINE.legal(state)


def _setup(seats: int) -> Any:
    def make(seed: int) -> Setup:
        rng = random.Random(seed)
        return Setup(tuple(SeatSpec(f"P{i}", legal_bb_deck(rng, 40)) for i in range(seats)), {}, seed)

    return make


def test_the_computer_beats_random_play_in_most_two_player_games():
    assert computer_vs_random(ENGINE, _setup(2), games=20) >= 0.7


def test_the_computer_beats_random_play_more_often_than_its_share_with_four_players():
    assert computer_vs_random(ENGINE, _setup(4), games=8) > 0.25


def test_the_computer_always_chooses_a_legal_action_and_ends_a_game_against_itself():
    setup = _setup(3)(7)

    def choose(state: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        action = ENGINE.computer(state, seat, rng)
        assert action in legal
        return action

    state, _log = play_out(ENGINE, setup, choose, rng=random.Random(7), check_every=25)
    assert state.result is not None


def test_after_the_deal_no_view_names_a_card_of_another_seats_deck():
    """play.md, views per seat: a spectator and an opponent see no card of a seat's library, and the abilities the
    game does not follow are listed for the deck's own player only (Camels would tell what the deck holds)."""
    board = Board(["Camels", "Shepherd", *FILL], ["Shepherd", *FILL])
    state = board.state
    library = {c.id for c in state.seats[0].deck} | {c.id for c in state.seats[0].hand}
    for viewer in (None, 1):
        seen = repr(ENGINE.view(state, viewer))
        assert not [i for i in library if i in seen]
        assert "Camels" not in seen
    assert [e["title"] for e in ENGINE.view(state, 0)["not_followed"]] == ["Camels"]
    assert all("Camels" not in e.cards for e in board.dealt)  # the deal's events, shown to every seat
