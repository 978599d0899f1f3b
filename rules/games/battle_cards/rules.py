"""Battle Cards behind the one game interface: the squad rules and the match-up checkers."""

from rules.games.battle_cards import GAME
from rules.games.battle_cards import catalog
from rules.games.battle_cards import construction
from rules.games.battle_cards import matchup
from rules.games.interface import GameRules

RULES = GameRules(
    game=GAME,
    construction=construction.CONSTRUCTION,
    catalog_fields=catalog.FIELDS,
    checkers=(("matchup", matchup.check_matchup), ("round", matchup.check_round)),
)
