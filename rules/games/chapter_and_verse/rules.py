"""Chapter and Verse behind the one game interface: its construction rules, setup, play policy and charts."""

from rules.games.chapter_and_verse import GAME, SETUP, catalog, charts, construction, play
from rules.games.interface import GameRules

RULES = GameRules(
    game=GAME,
    construction=construction.CONSTRUCTION,
    setup=SETUP,
    play=play.SOLO_PLAY,
    charts=charts.charts,
    group=charts.group,
    catalog_fields=catalog.FIELDS,
)
