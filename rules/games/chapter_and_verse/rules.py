"""Chapter and Verse behind the one game interface: its construction rules, setup, play policy and charts."""

from rules.games.chapter_and_verse import GAME
from rules.games.chapter_and_verse import SETUP
from rules.games.chapter_and_verse import catalog
from rules.games.chapter_and_verse import charts
from rules.games.chapter_and_verse import construction
from rules.games.chapter_and_verse import solo
from rules.games.interface import GameRules

RULES = GameRules(
    game=GAME,
    construction=construction.CONSTRUCTION,
    setup=SETUP,
    play=solo.SOLO_PLAY,
    charts=charts.charts,
    group=charts.group,
    catalog_fields=catalog.FIELDS,
)
