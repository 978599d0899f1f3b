"""Bible Battles behind the one game interface: copy limits, setup, play policy and charts."""

from rules.construction import copy_limit
from rules.construction import unique_limit
from rules.games.bible_battles import GAME
from rules.games.bible_battles import SETUP
from rules.games.bible_battles import catalog
from rules.games.bible_battles import charts
from rules.games.bible_battles import solo
from rules.games.interface import GameRules

RULES = GameRules(
    game=GAME,
    # Followers are exempt from the copy limit (the format's copy_limit_exempt_types).
    construction=(copy_limit, unique_limit),
    setup=SETUP,
    play=solo.SOLO_PLAY,
    charts=charts.charts,
    group=charts.group,
    catalog_fields=catalog.FIELDS,
)
