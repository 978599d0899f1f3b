"""Book of Mormon Battles behind the one game interface: a deck is exactly one boxed game."""

from rules.construction import completeness
from rules.games.book_of_mormon_battles import GAME
from rules.games.book_of_mormon_battles import battle
from rules.games.book_of_mormon_battles import catalog
from rules.games.interface import GameRules

RULES = GameRules(
    game=GAME,
    construction=(completeness,),
    catalog_fields=catalog.FIELDS,
    checkers=(("battle", battle.resolve_battle),),
)
