"""Warriors of the Promised Land behind the one game interface: a deck is exactly one boxed game."""

from rules.construction import completeness
from rules.games.interface import GameRules
from rules.games.warriors_of_the_promised_land import GAME
from rules.games.warriors_of_the_promised_land import catalog
from rules.games.warriors_of_the_promised_land import challenge
from rules.games.warriors_of_the_promised_land import laying

RULES = GameRules(
    game=GAME,
    construction=(completeness,),
    catalog_fields=catalog.FIELDS,
    checkers=(("check-play", laying.check_play), ("challenge", challenge.resolve_challenge)),
)
