"""Which printed abilities the whole game follows, card by card (docs/games/bible-battles.md, "Abilities").

The catalog's `effects` data (effects.py) encodes the abilities the goldfish runs (`costs-less`,
`wisdom-each-turn`); the rest are `opponents` or `text`. The whole game follows those two kinds from the data,
and the abilities below by the card's title, as their printed text says (docs/rulings.md, "Bible Battles
whole" says how each ambiguous line is read). A card with an ability it does not follow is listed before the
game starts (`unfollowed`) and shown by a `not-followed` event each time it comes into play.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.cards import CardData

# title (casefolded) -> how the engine follows it, in a phrase the page shows.
FOLLOWED: dict[str, str] = {
    "shepherd": "use: one animal you control gets +1 defense until your next turn",
    "priest": "use when an army attacks you: that army cannot attack this turn",
    "scribe": "inspired for wisdom: 1, or 2 while you control a building",
    "fisherman": "use: +1 food until the end of your turn while you control a river",
    "potter": "effort: 2 toward a building or city",
    "carpenter": "effort: 2 toward a fortress or a Battering Ram",
    "stonemason": "use: remove 1 damage from a city or fortress you control",
    "merchant": "use: draw a card, then discard a card",
    "elder": "use: look at the top three cards of your deck and put them back in the order you choose",
    "vinedresser": "use: one crop you control gives 1 extra food until your next turn",
    "weaver": "use: one army you control gets +1 defense until your next turn",
    "levite": "may be inspired for wisdom inside a besieged city or fortress",
    "midwife": "leaving play: the follower with the most wisdom in your hand comes into play",
    "watchman": "may intercept a mounted attacker",
    "cattle": "defends and deals damage; cannot attack",
    "oxen": "effort: 1 toward a crop or land",
    "donkey": "effort: 1 toward any card",
    "river": "cities and fortresses built after it are behind a river",
    "jordan river": "counts as a river (the siege crossing is not followed)",
    "mountain pass": "mounted armies attacking your cards get -1 offense",
    "jericho": "armies inside Jericho get +1 defense",
    "jerusalem": "followers inside Jerusalem give 1 extra wisdom",
    "stronghold": "armies inside get +1 offense against its besiegers",
    "watchtower fort": "Archers inside may attack an army besieging any of your fortresses",
    "granary": "one army stays in play without food",
    "moses": "use: your followers may leave a besieged city or fortress this turn",
    "david": "+2 offense against a unique person or an army of offense 5 or more",
    "deborah": "armies attacking in the same attack stage get +1 offense",
    "gideon": "an army of defense 3 or less attacking in the same attack stage gets +2 offense",
    "samson": "does 3 damage to a fortress (full offense to a city)",
    "joshua": "armies attacking a city in the same attack stage do at least 2 damage to it",
    "elijah": "use: destroy an opponent's building that gives wisdom",
    "archers": "may attack the besiegers of the city or fortress it is in",
    "slingers": "may attack the besiegers of the city or fortress it is in",
    "cavalry": "may defend after attacking",
    "plague": "no card may leave the city or fortress until your next turn, not even to attack",
    "assassinate": "destroy an opponent's follower or unique person",
    "famine": "crops give no food until your next turn",
    "flood": "destroy a crop or land that is not a river",
    "manna from heaven": "3 extra food until your next turn",
    "ambush": "your army deals its damage first this turn",
    "battering ram": "equip an army: full offense to a fortress",
    "sling": "equip an army or unique person: +1 offense",
    "bronze shield": "equip an army or unique person: +2 defense",
    "iron sword": "equip an army or unique person: +2 offense",
    "ram's horn trumpet": "use: armies attacking a city get +1 offense this turn",
    "ark of the covenant": "armies you control get +1 defense",
}

# Abilities with nothing the game can do (docs/rulings.md): listed, never silently skipped.
NOT_FOLLOWED: dict[str, str] = {
    "camels": "the game has no crossing of rivers by followers or unique people",
    "tabernacle": "the game does not move buildings",
}

# Effects the data encodes and the engine runs from the data (any title).
DATA_KINDS = ("costs-less", "wisdom-each-turn")


def key(card: CardData) -> str:
    return card.title.casefold()


def is_followed(card: CardData) -> bool:
    if not card.abilities:
        return True
    if key(card) in FOLLOWED:
        return True
    if key(card) in NOT_FOLLOWED:
        return False
    return bool(card.effects) and all(e.get("kind") in DATA_KINDS for e in card.effects)


def unfollowed(cards: Iterable[CardData]) -> list[tuple[str, str]]:
    """(title, printed ability) of every card whose ability the engine does not follow, each title once."""
    seen: dict[str, str] = {}
    for card in cards:
        if not is_followed(card) and card.title not in seen:
            seen[card.title] = card.abilities
    return sorted(seen.items())
