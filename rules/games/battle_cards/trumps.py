"""Battle Cards, How to Play - Basic Game (Trumps): the top card only, the round winner's category, the centre
pot on ties, winning with all cards; `max_rounds` ends a game that would go on for ever (docs/rulings.md)."""

from __future__ import annotations

from rules.games.battle_cards.compare import score
from rules.games.battle_cards.state import TRUMPS_CATEGORIES
from rules.games.battle_cards.state import State
from rules.games.battle_cards.state import rule
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Result

DEFAULT_MAX_ROUNDS = 1000
R_TOP = rule('Basic Game: "Players may only look at the card at the top of his pack"')
R_CHOOSE = rule('Basic Game: "The starting player chooses a category (Strength, Skill, Magic, Terror or Value)"')
R_HIGHEST = rule('Basic Game: "The player with the highest score wins all of the cards"')
R_TIE = rule('Basic Game: "If more than one player have the same score, they place their cards in the centre"')
R_NEXT = rule('Basic Game: "The round winner chooses the category to contest in the next round"')
R_ALL = rule('Basic Game: "The winner of the game is the player who has collected all the cards"')


def packs_in(state: State) -> list[int]:
    return [i for i, s in enumerate(state.seats) if s.zones["pack"]]


def legal(state: State) -> dict[int, list[Action]]:
    assert state.chooser is not None
    top = state.seats[state.chooser].zones["pack"][0]
    return {
        state.chooser: [
            {"type": "choose-category", "category": c, "cards": [top.title], "ids": [top.id]} for c in TRUMPS_CATEGORIES
        ]
    }


def apply(state: State, seat: int, action: Action) -> list[Event]:
    category = str(action["category"])
    state.category = category
    events = [Event("choose-category", seat, (), R_CHOOSE, f"{state.seats[seat].name} chooses {category}.")]
    played: dict[int, Card] = {s: state.seats[s].zones["pack"].pop(0) for s in packs_in(state)}
    for s, card in played.items():
        events.append(
            Event(
                "read-score",
                s,
                (card.title,),
                R_TOP,
                f"{state.seats[s].name} reads {card.title}: {score(card.data, category)} in {category}.",
            )
        )
    top = max(score(c.data, category) for c in played.values())
    best = [s for s, c in played.items() if score(c.data, category) == top]
    centre = state.zones["centre"]
    if len(best) == 1:
        winner = best[0]
        order = [winner, *[s for s in sorted(played) if s > winner], *[s for s in sorted(played) if s < winner]]
        won = [played[s] for s in order] + centre
        state.zones["centre"] = []
        state.seats[winner].zones["pack"].extend(won)
        state.chooser = winner
        events.append(
            Event(
                "round-won",
                winner,
                tuple(c.title for c in won),
                R_HIGHEST,
                f"{state.seats[winner].name} scores {top}, the highest, and puts {len(won)} cards at the bottom "
                "of the pack; the round winner chooses the next category.",
            )
        )
    else:
        centre.extend(played[s] for s in sorted(played))
        events.append(
            Event(
                "to-centre",
                None,
                tuple(played[s].title for s in sorted(played)),
                R_TIE,
                f"{' and '.join(state.seats[s].name for s in best)} score {top}: the round's cards go to the "
                f"centre ({len(centre)} there); the next round's winner wins them.",
            )
        )
    state.round += 1
    events += _end_or_next(state)
    return events


def _end_or_next(state: State) -> list[Event]:
    left = packs_in(state)
    if len(left) == 1:
        winner = left[0]
        pot = state.zones["centre"]
        state.zones["centre"] = []
        state.seats[winner].zones["pack"].extend(pot)
        reason = R_ALL + (" (the centre goes to the last player with cards: docs/rulings.md)" if pot else "")
        state.result = Result((winner,), reason)
        return [Event("game-won", winner, tuple(c.title for c in pot), reason, "They have collected all the cards.")]
    if not left:
        state.result = Result((), rule("Basic Game: every last card tied into the centre; nobody can collect them"))
        return [Event("game-drawn", None, (), state.result.reason, "Nobody has a card left: the game is a draw.")]
    if state.round > state.max_rounds:
        counts = {i: len(state.seats[i].zones["pack"]) for i in left}
        most = max(counts.values())
        leaders = tuple(i for i in left if counts[i] == most)
        reason = f"option max_rounds ({state.max_rounds}): the most cards wins (docs/rulings.md)"
        state.result = Result(leaders if len(leaders) == 1 else (), reason)
        return [Event("rounds-over", None, (), reason, f"After {state.max_rounds} rounds the cards are counted.")]
    if state.chooser not in left:
        n = len(state.seats)
        state.chooser = next(
            s % n for s in range((state.chooser or 0) + 1, (state.chooser or 0) + n + 1) if s % n in left
        )
        return [
            Event(
                "chooser-out",
                state.chooser,
                (),
                R_NEXT,
                "The chooser has no card left; the next player with cards chooses (docs/rulings.md).",
            )
        ]
    return []
