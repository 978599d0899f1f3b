"""Bible Battles through POST /api/v1/play/bible-battles/ (docs/contracts/play.md): worked cases from the rules
text (bible-battles-tcg.txt; each test names its line) with stacked decks, and bad input refused with a 400.

Every deck is dealt whole in the order given (options.deal, top first), so seed 1 lets seat 0 go first."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from rest_framework.test import APIClient

from cardcollections.catalog.services import catalog_load
from tests.rules.checkers.pools import CATALOGS


@pytest.fixture(autouse=True)
def bible_battles_catalog(db):
    catalog_load(document=json.loads((CATALOGS / "bible-battles.json").read_text(encoding="utf-8")))


URL = "/api/v1/play/bible-battles/"
FILL = ["Shepherd"] * 30  # followers at the bottom of a deck: a seat that must not run out of cards


def deck_text(titles: list[str]) -> str:
    return "\n".join(f"{n} {title}" for title, n in Counter(titles).items())


class Table:
    """A game through the endpoint: each move picks the acting seat's legal action by type and card titles."""

    def __init__(self, *decks: list[str], wisdom: int = 30, seed: int = 1) -> None:
        self.request: dict[str, Any] = {
            "seats": [{"name": f"P{i}", "deck": deck_text(d)} for i, d in enumerate(decks)],
            "options": {"wisdom": wisdom, "deal": [list(d) for d in decks]},
            "seed": seed,
            "actions": [],
        }
        self.body = self._post()

    def _post(self) -> dict[str, Any]:
        answer = APIClient().post(URL, self.request, format="json")
        assert answer.status_code == 200, answer.json()
        body: dict[str, Any] = answer.json()
        return body

    @property
    def seat(self) -> int:
        return int(self.body["to_act"][0])

    @property
    def state(self) -> dict[str, Any]:
        return dict(self.body["state"])

    def title(self, cid: str) -> str:
        for s in self.state["seats"]:
            for zone in s["zones"].values():
                for c in zone:
                    if c["id"] == cid:
                        return str(c["title"])
        raise AssertionError(cid)

    def options(self, kind: str, *titles: str, **keys: str) -> list[dict[str, Any]]:
        found = []
        for a in self.body["legal"][str(self.seat)]:
            if a["type"] != kind or a.get("cards", [])[: len(titles)] != list(titles):
                continue
            if all(
                key in a and (a[key] if key == "toward" else self.title(a[key])) == want for key, want in keys.items()
            ):
                found.append(a)
        return found

    def can(self, kind: str, *titles: str, **keys: str) -> bool:
        return bool(self.options(kind, *titles, **keys))

    def do(self, kind: str, *titles: str, **keys: str) -> list[dict[str, Any]]:
        found = self.options(kind, *titles, **keys)
        assert found, f"no legal {kind} {titles} {keys} for seat {self.seat}: {self.body['legal']}"
        self.request["actions"].append({"seat": self.seat, **found[0]})
        self.body = self._post()
        index = len(self.request["actions"]) - 1
        return [e for e in self.body["events"] if e["after"] == index]

    def build(self, title: str, effort: int, **keys: str) -> list[dict[str, Any]]:
        """Inspire `effort` followers (the first free ones), then bring `title` into play."""
        for _ in range(effort):
            self.do("effort")
        kind = "play" if self.can("play", title) else "build"
        return self.do(kind, title, **keys)

    def end_turn(self) -> list[dict[str, Any]]:
        events = []
        if self.state["stage"] == "build":
            events += self.do("attack-stage")
        while self.state["step"] == "starve":
            events += self.do("starve")
        if self.state["stage"] == "attack":
            events += self.do("fight")
        events += self.do("end-turn")
        while self.body["status"] == "playing" and self.state["step"] == "discard":
            events += self.do("discard")
        return events

    def follower_and_end(self) -> list[dict[str, Any]]:
        if self.can("follower"):
            self.do("follower")
        return self.end_turn()

    def play(self, seat: int, title: str) -> dict[str, Any]:
        return next(c for c in self.state["seats"][seat]["zones"]["play"] if c["title"] == title)

    def zone(self, seat: int, zone: str) -> list[str]:
        return [c["title"] for c in self.state["seats"][seat]["zones"][zone]]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


ARMED = ["Shepherd", "Shepherd", "Shepherd", "Goat", "Spearmen", "Shepherd", "Shepherd", *FILL]


def armed_pair(other: list[str] | None = None) -> Table:
    """Both seats: turn 1 a Shepherd and a Goat (1 effort), turn 2 a Shepherd and Spearmen (2 effort, fed)."""
    table = Table(ARMED, other or ARMED)
    for _ in range(2):
        table.do("follower", "Shepherd")
        table.build("Goat", 1)
        table.end_turn()
    for _ in range(2):
        table.do("follower", "Shepherd")
        table.build("Spearmen", 2)
        table.end_turn()
    return table


# ------------------------------------------------------------------------------------------------ the turn
def test_each_player_is_dealt_7_and_the_first_draws_an_eighth():
    """ "deal him or herself 7 cards" (Getting started); "Draw a card" (Beginning Stage)."""
    table = Table(ARMED, ARMED)
    seats = table.body["state"]["seats"]
    assert [len(s["zones"]["hand"]) for s in seats] == [8, 7]
    assert table.body["to_act"] == [0]


def test_one_follower_a_turn_at_no_effort():
    """ "You can only bring 1 follower into play from your hand per turn" (Building Stage)."""
    table = Table(ARMED, ARMED)
    events = table.do("follower", "Shepherd")
    assert types(events) == ["follower"] and "Building Stage" in events[0]["rule"]
    assert not table.can("follower")


def test_a_follower_gives_the_effort_for_a_goat():
    """ "You can inspire that follower to provide effort for you to play, oh let's say a goat card" (Building)."""
    table = Table(ARMED, ARMED)
    table.do("follower", "Shepherd")
    assert not table.can("build", "Goat")
    table.do("effort", "Shepherd")
    table.do("build", "Goat")
    assert table.zone(0, "play") == ["Shepherd", "Goat"]
    assert table.play(0, "Shepherd").get("inspired")


def test_effort_does_not_carry_over_to_the_next_turn():
    """ "Effort does not add up from turn to turn" (Foreword)."""
    table = Table(ARMED, ARMED)
    table.do("follower", "Shepherd")
    table.do("effort", "Shepherd")
    assert table.state["effort"] == 1
    table.end_turn()
    table.end_turn()
    assert table.state["effort"] == 0 and table.seat == 0
    assert not table.can("build", "Goat")  # the Shepherd must be inspired again this turn


def test_an_army_needs_food_in_play():
    """ "You cannot bring an army or unique person into play from your hand if you do not have enough food"."""
    deck = ["Shepherd", "Shepherd", "Spearmen", "Goat", "Shepherd", "Shepherd", "Shepherd", *FILL]
    table = Table(deck, ARMED)
    table.do("follower", "Shepherd")
    table.end_turn()
    table.end_turn()
    table.do("follower", "Shepherd")
    table.do("effort")
    table.do("effort")
    assert not table.can("build", "Spearmen")  # no food yet
    table.end_turn()
    table.end_turn()
    table.do("follower", "Shepherd")
    table.build("Goat", 1)
    table.build("Spearmen", 2)
    assert table.zone(0, "play")[-1] == "Spearmen"


def test_abraham_cannot_feed_himself():
    """Abraham "Provides 1 food" for the others; "Each army and unique person takes 1 unit of food" (Food)."""
    deck = ["Shepherd"] * 5 + ["Abraham", "Goat", *FILL]
    table = Table(deck, ARMED)
    for _ in range(4):
        table.do("follower", "Shepherd")
        table.end_turn()
        table.end_turn()
    table.do("follower", "Shepherd")
    for _ in range(4):
        table.do("effort")
    assert not table.can("build", "Abraham")
    table.end_turn()
    table.end_turn()
    table.do("follower")
    table.build("Goat", 1)  # Goat is an animal: Abraham is not in play yet, so it costs 1
    table.build("Abraham", 4)
    assert "Abraham" in table.zone(0, "play")


def test_the_hand_limit_discards_down_to_7_at_the_end():
    """ "You cannot have more than 7 cards in your hand at the end of your turn" (Getting started)."""
    table = Table(ARMED, ARMED)
    events = table.do("attack-stage") + table.do("fight") + table.do("end-turn")
    assert "hand-limit" in types(events) and table.state["step"] == "discard"
    events = table.do("discard", "Spearmen")
    assert table.zone(0, "discard") == ["Spearmen"] and len(table.zone(0, "hand")) == 7
    assert "hand limit 7" in events[0]["rule"] and table.seat == 1


# ----------------------------------------------------------------------------------------------- winning
def test_the_first_to_the_wisdom_target_wins():
    """ "you are first to reach an agreed upon level of wisdom" (Object of the game), here option wisdom 1."""
    table = Table(ARMED, ARMED, wisdom=1)
    table.do("follower", "Shepherd")
    events = table.do("wisdom", "Shepherd")
    assert types(events) == ["wisdom", "win"]
    assert table.body["status"] == "over" and table.body["result"]["winners"] == [0]


def test_the_draw_comes_before_wisdom_so_an_empty_deck_loses_first():
    """Beginning Stage: "Draw a card. Add points to your wisdom at this time": the Ark's wisdom would reach the
    target, but the deck is empty at the draw ("unable to draw a card ... you win", Object of the game)."""
    mine = ["Ark of the Covenant"] + ["Shepherd"] * 6 + ["Goat", "Goat", "Goat", "Sheep", "Sheep", "Sheep"]
    table = Table(mine, FILL, wisdom=1)
    for turn in range(6):
        table.do("follower", "Shepherd")
        if turn == 5:
            table.build("Ark of the Covenant", 6)
        table.end_turn()
        table.end_turn()
    assert table.body["status"] == "over"
    assert table.body["result"]["winners"] == [1]
    last = table.body["events"][-3:]
    assert types(last)[-2:] == ["cannot-draw", "win"]
    assert not any(e["type"] == "wisdom" and e["seat"] == 0 for e in table.body["events"])


# ---------------------------------------------------------------------------------------------- attacking
def test_an_attack_intercepted_by_an_army():
    """ "have another army, unique person, or follower intercept an attacking army" (Attack Stage)."""
    table = armed_pair()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    assert table.seat == 1 and table.state["step"] == "respond"
    events = table.do("intercept", "Spearmen")
    assert types(events) == ["intercept"]
    events = table.do("fight")
    damage = [e for e in events if e["type"] == "damage"]
    assert [(e["cards"], e["detail"]) for e in damage] == [
        (["Spearmen", "Spearmen"], "2 damage."),
        (["Spearmen", "Spearmen"], "2 damage."),
    ]
    assert table.play(0, "Spearmen")["damage"] == 2 and table.play(1, "Spearmen")["damage"] == 2
    assert table.play(1, "Shepherd").get("damage") is None


def test_combat_lasts_over_turns_and_its_damage_stays():
    """ "Combat damage is worked out each attack stage of a player's turn" (Summary, 6); "All damage is removed
    ... if it was not in combat at the beginning of your turn" (Beginning Stage): still in combat, it stays."""
    table = armed_pair()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    table.do("intercept", "Spearmen")
    table.do("fight")
    table.do("end-turn")
    if table.state["step"] == "discard":
        table.do("discard")
    assert table.seat == 1 and table.play(1, "Spearmen")["damage"] == 2  # kept: still in combat
    table.do("attack-stage")
    events = table.do("fight")  # the defender's army can attack: damage both ways again
    assert types(events).count("destroyed") == 2
    assert "Spearmen" in table.zone(0, "discard") and "Spearmen" in table.zone(1, "discard")


def test_a_card_that_cannot_attack_takes_damage_only_on_the_attackers_stage():
    """ "If a defender is not able to attack, then no damage is given or received to either card until the
    attacker's next attack stage" (Summary, 6): a River (defense 3) attacked by Spearmen (offense 2)."""
    table = armed_pair(["Shepherd", "Shepherd", "Shepherd", "Goat", "Spearmen", "River", "Shepherd", *FILL])
    table.end_turn()
    table.do("follower")
    table.build("River", 2)
    table.end_turn()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="River")
    table.do("take")
    events = table.do("fight")
    assert [e["cards"] for e in events if e["type"] == "damage"] == [["Spearmen", "River"]]
    table.do("end-turn")
    assert table.play(1, "River")["damage"] == 2  # still in combat at its owner's beginning: kept
    table.do("attack-stage")
    events = table.do("fight")
    assert "damage" not in types(events)
    table.do("end-turn")
    table.do("attack-stage")
    events = table.do("fight")
    assert "River" in table.zone(1, "discard")  # 2 more on 1 left: the extra 1 is lost


def test_extra_damage_is_not_split_among_targets():
    """ "An attacker cannot split damage between more than one target ... beyond ... is negated" (Attack
    Stage; Summary, 15): Spearmen's 2 on a 1-defense Shepherd destroys it and nothing else."""
    table = armed_pair()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    table.do("take")
    events = table.do("fight")
    assert [e["cards"] for e in events if e["type"] == "destroyed"] == [["Shepherd"]]
    assert len(table.zone(1, "play")) == 3  # the other Shepherd, Goat and Spearmen untouched


def test_animals_cannot_intercept():
    """ "You can use an army, follower or unique person to intercept an attacker, but you cannot use animals"
    (Summary, 4)."""
    table = armed_pair()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    cards = [a["cards"][0] for a in table.options("intercept")]
    assert "Goat" not in cards and "Spearmen" in cards


def test_a_mounted_attacker_is_intercepted_only_by_a_watchman():
    """Watchman: "May intercept an attacker even if it is mounted" (the card's text: others cannot)."""
    cav = ["Shepherd"] * 5 + ["Goat", "Cavalry", *FILL]
    other = ["Watchman", "Shepherd", "Shepherd", "Goat", "Spearmen", "Shepherd", "Shepherd", *FILL]
    table = Table(cav, other)
    for turn in range(4):
        table.do("follower")
        if turn == 0:
            table.build("Goat", 1)
        table.end_turn()
        table.do("follower", "Watchman" if turn == 0 else "Shepherd")
        if turn == 1:
            table.build("Goat", 1)
        if turn == 2:
            table.build("Spearmen", 2)
        table.end_turn()
    table.do("follower")
    table.build("Cavalry", 4)
    table.do("attack-stage")
    table.do("attack", "Cavalry", target="Shepherd")
    cards = [a["cards"][0] for a in table.options("intercept")]
    assert cards == ["Watchman"]
    events = table.do("intercept", "Watchman")
    assert "Watchman" in events[0]["rule"]


# ------------------------------------------------------------------------------------------ cities and sieges
def test_a_defender_flees_into_a_city_and_the_attacker_besieges_it():
    """ "If you move your defender into a city or fortress, then the attacking player has to destroy the city
    ... before he can get to your defender" (Attack Stage)."""
    other = ["Shepherd", "Potter", "Shepherd", "Village", "Shepherd", "Shepherd", "Shepherd", *FILL]
    table = Table(ARMED, other)
    table.do("follower", "Shepherd")
    table.build("Goat", 1)
    table.end_turn()
    table.do("follower", "Shepherd")
    table.end_turn()
    table.do("follower", "Shepherd")
    table.build("Spearmen", 2)
    table.end_turn()
    table.do("follower", "Potter")
    table.do("effort", "Potter")
    table.end_turn()  # effort spent on nothing is lost
    table.end_turn()
    table.do("follower", "Shepherd")
    # Potter's "2 effort toward a building or city" and one Shepherd's 1: the Village (3).
    table.do("effort", "Potter", toward="building or city")
    table.do("effort", "Shepherd")
    table.do("build", "Village")
    table.end_turn()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    assert table.can("shelter", "Village")
    events = table.do("shelter", "Village")
    assert "into a city or fortress" in events[0]["rule"]
    inside = [c for c in table.state["seats"][1]["zones"]["play"] if c.get("inside")]
    assert len(inside) == 1 and inside[0]["title"] == "Shepherd"
    assert table.state["attacks"][0]["target"] == table.play(1, "Village")["id"]
    events = table.do("fight")
    assert table.play(1, "Village")["damage"] == 2  # a city takes the attacker's full offense
    table.do("end-turn")
    # The siege goes on: nothing may be brought out of the besieged city (Summary, 16).
    assert not table.can("leave")
    table.end_turn()
    # The attacker may withdraw at the beginning of its turn (Attack Stage); it fights on instead.
    table.do("attack-stage")
    assert table.can("withdraw", "Spearmen")
    events = table.do("fight")
    assert "Village" in table.zone(1, "discard")
    assert "walls-fall" in types(events)
    # The walls fell: the attack goes on at the Shepherd it set out for.
    assert table.state["attacks"][0]["target"] == inside[0]["id"]


def test_a_siege_is_withdrawn_with_its_damage_kept():
    """ "you may choose, at the beginning of your turn, to withdraw ... The army ... will still be turned and will
    keep any damage counters" (Attack Stage)."""
    other = ["Shepherd", "Shepherd", "Shepherd", "Stronghold", "Shepherd", "Shepherd", "Shepherd", *FILL]
    table = Table(ARMED, other)
    for turn in range(5):
        table.do("follower")
        if turn == 0:
            table.build("Goat", 1)
        if turn == 1:
            table.build("Spearmen", 2)
        table.end_turn()
        table.do("follower")
        if turn == 4:
            table.build("Stronghold", 5)
        table.end_turn()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    table.do("shelter", "Stronghold")
    events = table.do("fight")
    # A fortress takes 1 from an army (Summary, 18) and, with offense 1, hits back.
    assert table.play(1, "Stronghold")["damage"] == 1
    assert table.play(0, "Spearmen")["damage"] == 1
    table.do("end-turn")
    table.end_turn()  # the Stronghold can strike: one more exchange on its owner's attack stage (Summary, 6)
    assert table.play(1, "Stronghold")["damage"] == 2
    table.do("attack-stage")
    events = table.do("withdraw", "Spearmen")
    assert types(events) == ["withdraw"]
    assert table.state["attacks"] == []
    spear = table.play(0, "Spearmen")
    assert spear["inspired"] and spear["damage"] == 2


def test_a_mounted_attacker_catches_a_follower_before_a_city_unless_behind_a_river():
    """ "If the attacking army ... is mounted ... the attacker would be able to catch a fleeing defender ... If
    a defender is fleeing into a city ... behind a river, then that defender will automatically make it"
    (Attack Stage; Summary, 13)."""
    for river in (False, True):
        cav = ["Shepherd"] * 5 + ["Goat", "Cavalry", *FILL]
        other = ["Shepherd"] * 4 + ["River", "Village", "Shepherd", *FILL]
        table = Table(cav, other)
        for turn in range(4):
            table.do("follower")
            if turn == 0:
                table.build("Goat", 1)
            table.end_turn()
            table.do("follower")
            if turn == 1 and river:
                table.build("River", 2)
            if turn == 2:
                table.build("Village", 3)
            table.end_turn()
        table.do("follower")
        table.build("Cavalry", 4)
        table.do("attack-stage")
        table.do("attack", "Cavalry", target="Shepherd")
        assert table.can("shelter", "Village") is river


# ----------------------------------------------------------------------------------------------- food
def test_an_army_starves_when_its_food_leaves_play():
    """ "Any army or unique person that is already in play who does not have a food card support it, must be
    placed into the owner's discard pile before your attack stage" (Building Stage; Summary, 8)."""
    mine = ["Shepherd", "Shepherd", "Shepherd", "Wheat Field", "Spearmen", "Shepherd", "Shepherd", *FILL]
    other = ["Shepherd"] * 6 + ["Flood", *FILL]
    table = Table(mine, other)
    for turn in range(4):
        table.do("follower")
        if turn == 1:
            table.build("Wheat Field", 2)
        if turn == 2:
            table.build("Spearmen", 2)
        table.end_turn()
        table.do("follower")
        if turn == 3:
            events = table.build("Flood", 4, target="Wheat Field")
            assert "Destroy target crop or land" in events[0]["rule"]
        table.end_turn()
    assert "Wheat Field" in table.zone(0, "discard")
    events = table.do("attack-stage")
    assert types(events) == ["stage", "hungry"] and table.state["step"] == "starve"
    events = table.do("starve", "Spearmen")
    assert "Summary, 8" in events[0]["rule"] and "Spearmen" in table.zone(0, "discard")


# -------------------------------------------------------------------------------------- card text and events
def test_scribe_gives_2_wisdom_only_with_a_building():
    """Scribe: "gain 2 wisdom instead of 1 if you control a building" (a card's printed text beats its number)."""
    mine = ["Scribe", "Shepherd", "Shepherd", "Altar", "Goat", "Shepherd", "Shepherd", *FILL]
    table = Table(mine, ARMED)
    table.do("follower", "Scribe")
    events = table.do("wisdom", "Scribe")
    assert events[0]["detail"].startswith("Inspired for 1 wisdom") and "Scribe" in events[0]["rule"]
    table.end_turn()
    table.end_turn()
    table.do("follower", "Shepherd")
    table.do("effort", "Shepherd")
    table.end_turn()
    table.end_turn()
    table.do("follower", "Shepherd")
    table.do("effort", "Shepherd")
    table.do("effort", "Shepherd")
    table.do("build", "Altar")
    events = table.do("wisdom", "Scribe")
    assert events[0]["detail"].startswith("Inspired for 2 wisdom")
    assert table.state["seats"][0]["wisdom"] == 1 + 2


def test_followers_inside_a_city_give_wisdom_but_no_effort():
    """ "A follower cannot be used to build if they are inside a city ... can still be used to add to your
    wisdom" (Building Stage; Summary, 12)."""
    other = ["Shepherd", "Potter", "Shepherd", "Village", "Shepherd", "Shepherd", "Shepherd", *FILL]
    table = Table(ARMED, other)
    table.do("follower")
    table.build("Goat", 1)
    table.end_turn()
    table.do("follower", "Shepherd")
    table.end_turn()
    table.do("follower")
    table.build("Spearmen", 2)
    table.end_turn()
    table.do("follower", "Potter")
    table.end_turn()
    table.end_turn()
    table.do("follower", "Shepherd")
    table.do("effort", "Potter", toward="building or city")
    table.do("effort", "Shepherd")
    table.do("build", "Village")
    table.end_turn()
    table.do("attack-stage")
    table.do("attack", "Spearmen", target="Shepherd")
    table.do("shelter", "Village")
    table.do("fight")
    table.do("end-turn")
    # Seat 1's turn: the Shepherd inside the besieged Village is in combat; the one outside can give effort.
    inside = next(c for c in table.state["seats"][1]["zones"]["play"] if c.get("inside"))
    ids = [a["ids"][0] for a in table.options("effort")]
    assert inside["id"] not in ids
    assert inside["id"] not in [a["ids"][0] for a in table.options("wisdom")]  # besieged: in combat


def test_assassinate_destroys_an_opponents_follower():
    """Assassinate: "Destroy target follower or unique person" (Summary, 3: events)."""
    mine = ["Shepherd"] * 4 + ["Assassinate", "Shepherd", "Shepherd", *FILL]
    table = Table(mine, ARMED)
    for _ in range(3):
        table.do("follower")
        table.end_turn()
        table.do("follower")
        table.end_turn()
    table.do("follower")
    events = table.build("Assassinate", 4, target="Shepherd")
    assert types(events)[:2] == ["event", "destroyed"]
    assert table.zone(0, "discard") == ["Assassinate"]
    assert table.zone(1, "discard") == ["Shepherd"]


def test_an_ability_the_game_does_not_follow_is_listed_at_the_deal_and_when_it_comes_into_play():
    """Camels: "A follower or unique person may cross a river with the camels" has nothing to act on here."""
    mine = ["Shepherd", "Shepherd", "Camels", *["Shepherd"] * 4, *FILL]
    table = Table(mine, ARMED)
    dealt = [e for e in table.body["events"] if e["type"] == "not-followed"]
    assert [(e["seat"], e["cards"]) for e in dealt] == [(0, [])]  # names no card: the deck is secret
    assert [e["title"] for e in table.state["not_followed"]] == ["Camels"]
    table.do("follower")
    table.end_turn()
    table.end_turn()
    table.do("follower")
    events = table.build("Camels", 2)
    assert "not-followed" in types(events)


# -------------------------------------------------------------------------------------------- bad input
def test_an_illegal_action_is_a_400_naming_the_action_and_why():
    body = {
        "seats": [{"name": "A", "deck": deck_text(ARMED)}, {"name": "B", "deck": deck_text(ARMED)}],
        "seed": 1,
        "options": {"deal": [ARMED, ARMED]},
        "actions": [{"seat": 0, "type": "build", "cards": ["Spearmen"]}],
    }
    answer = APIClient().post(URL, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["action"] == 0 and answer.json()["field"] == "actions[0]"
    assert "legal types" in answer.json()["detail"]
    body["actions"] = [{"seat": 1, "type": "attack-stage"}]
    assert APIClient().post(URL, body, format="json").json()["code"] == "not-your-turn"


def test_bad_setups_are_400s_naming_their_path():
    two = [{"name": "A", "deck": "7 Shepherd"}, {"name": "B", "deck": "7 Shepherd"}]
    cases = [
        ({"seats": two, "seed": 1, "options": {"wisdom": 100}}, "options.wisdom"),
        ({"seats": two, "seed": 1, "options": {"deal": [["Goliath"], []]}}, "options.deal[0][0]"),
        ({"seats": two, "seed": 1, "options": {"deal": [["Shepherd"] * 8, []]}}, "options.deal[0][7]"),
        ({"seats": [two[0]], "seed": 1}, "seats"),
        ({"seats": [{"name": "A", "deck": "2 Goliath"}, two[1]], "seed": 1}, "seats[0].deck"),
    ]
    for body, field in cases:
        answer = APIClient().post(URL, body, format="json")
        assert answer.status_code == 400, (body, answer.content)
        assert answer.json()["field"] == field


def test_a_deck_list_of_60000_lines_is_refused_before_any_work():
    huge = "1 Shepherd\n" * 60_000
    body = {"seats": [{"name": "A", "deck": huge}, {"name": "B", "deck": "7 Shepherd"}], "seed": 1}
    answer = APIClient().post(URL, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["field"] == "seats[0].deck"


def test_seats_without_a_deck_list_play_the_starter_set_to_the_end():
    """The computer against itself through the endpoint would be long; a seat without a deck plays the starter
    set (the catalog's core set, one of each card), dealt and ready."""
    answer = APIClient().post(URL, {"seats": [{"name": "A"}, {"name": "B"}], "seed": 5}, format="json")
    assert answer.status_code == 200
    seats = answer.json()["state"]["seats"]
    assert sum(len(z) for z in seats[0]["zones"].values()) == 74
