"""The computer player of Warriors of the Promised Land (its policy is in docs/games/warriors-of-the-promised-land.md).

It sees only what its seat may see: its hand, its own face-down cards, the revealed cards, and what a Prophecy
showed it. The last Challenge of the game usually decides it (LOSING), so it leads with its weakest Warriors and
keeps the strongest for its last round, never lays a Warrior as a secondary card when it has another card, calls to
battle at once until its last round (then from the fourth Preparation round or at 12 points), looks with a
Prophecy, challenges the opponent who looks weakest, and at each moment uses the interactive card that most
improves its margin on the cards it can see.
"""

from __future__ import annotations

import random

from rules.cards import CardData
from rules.games.warriors_of_the_promised_land.battle import score
from rules.games.warriors_of_the_promised_land.battle import use_card
from rules.games.warriors_of_the_promised_land.challenge import Slot
from rules.games.warriors_of_the_promised_land.challenge import Table
from rules.games.warriors_of_the_promised_land.challenge import score_table
from rules.games.warriors_of_the_promised_land.laying import may_lay
from rules.games.warriors_of_the_promised_land.state import INTERACTIVE
from rules.games.warriors_of_the_promised_land.state import State
from rules.games.warriors_of_the_promised_land.state import clone
from rules.play.interface import Action

CALL_AT_POINTS = 12
CALL_AT_PREP = 3
UNKNOWN_CARD = 2
KEEP_WARRIOR = 100


def strength(cards: list[CardData]) -> int:
    """The points `cards` (primary first) score against a bare Warrior of the same kind."""
    if not cards:
        return 0
    table = Table()
    table.slots = [Slot(c, "challenger", "challenger", i) for i, c in enumerate(cards)]
    table.slots.append(Slot(cards[0], "defender", "defender", 0))
    return score_table(table).points["challenger"]


def _worth(in_play: list[CardData], card: CardData) -> int:
    gain = strength([*in_play, card]) - strength(in_play)
    return gain + (UNKNOWN_CARD if card.armory in INTERACTIVE else 0)


def _lay(state: State, seat: int, legal: list[Action]) -> Action:
    player = state.players[seat]
    in_play = [c.data for c in player.in_play]
    by_id = {c.id: c.data for c in player.hand}

    def value(action: Action) -> int:
        card = by_id[action["ids"][0]]
        if not in_play:
            rest = [c for c in player.hand if c.data is not card]
            fits = sum(may_lay([card], c.data).allowed for c in rest)
            # The last Challenge of the game decides who takes everything (LOSING): the strongest Warrior is kept
            # for the last round, and the weakest leads until then.
            return (3 if last_round(state, seat) else -3) * strength([card]) + fits
        # A Warrior laid as a secondary card never comes back to the hand: the Warriors in hand and deck are
        # what lets a player lay a primary card each round (LOSING), so it keeps them.
        return _worth(in_play, card) - (KEEP_WARRIOR if card.kind == "warrior" else 0)

    def deck_fit(action: Action) -> int:
        warriors = player.warriors_in_hand() - (by_id[action["ids"][0]].kind == "warrior")
        wanted = "warrior" if warriors <= 1 else "armory"
        return int(action.get("draw") == wanted)

    return max(legal, key=lambda a: (value(a), deck_fit(a)))


def reserve(state: State, seat: int) -> int:
    """The Warriors a player can still lay as primary cards: in the hand and in the Warrior deck."""
    player = state.players[seat]
    return player.warriors_in_hand() + len(player.warrior_deck) + (1 if player.in_play else 0)


def last_round(state: State, seat: int) -> bool:
    """Its last primary card, or a game of a fixed number of rounds (every Challenge counts at the count)."""
    return reserve(state, seat) <= 1 or state.rounds is not None


def _challenge(state: State, seat: int, legal: list[Action]) -> Action:
    look = [a for a in legal if a["type"] == "prophecy"]
    if look:
        return look[0]

    return min(legal, key=lambda a: _looks(state, seat, a["opponent"]))


def _looks(state: State, seat: int, other: int) -> int:
    """How strong `other`'s cards in play look to `seat`: the cards it can see, and 2 for each it cannot."""
    cards = state.players[other].in_play
    seen = [c.data for c in cards if c.id in state.faceup or c.id in state.known[seat]]
    return strength(seen) + UNKNOWN_CARD * (len(cards) - len(seen))


def _margin(state: State, seat: int, action: Action | None) -> int:
    trial = clone(state)
    fight = trial.fight
    assert fight is not None
    other = trial.players[fight.other(seat)]
    other.in_play = [c for c in other.in_play if c.id in trial.faceup or c.id in trial.known[seat]]
    if action is not None:
        use_card(trial, fight, seat, action)
    points = score(trial, fight).points
    return points[fight.side(seat)] - points[fight.side(fight.other(seat))]


def choose(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    kinds = {a["type"] for a in legal}
    if "lay" in kinds:
        return _lay(state, seat, legal)
    if "call-to-battle" in kinds:
        # Before its last round it calls at once (a Challenge then risks only the primary cards); in its last
        # round it builds up until the fourth Preparation round or 12 points.
        mine = strength([c.data for c in state.players[seat].in_play])
        call = not last_round(state, seat) or state.prep >= CALL_AT_PREP or mine >= CALL_AT_POINTS
        return {"type": "call-to-battle" if call else "end-turn"}
    if "challenge" in kinds:
        return _challenge(state, seat, legal)
    if "done" in kinds:
        options = [a for a in legal if a["type"] != "done"]
        best = max(options, key=lambda a: _margin(state, seat, a), default=None)
        if best is not None and _margin(state, seat, best) >= _margin(state, seat, None):
            return best
        return {"type": "done"}
    return legal[0] if len(legal) == 1 else rng.choice(legal)
