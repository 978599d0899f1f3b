"""Chapter and Verse: the game, its setup and its vocabulary (themes, standard works, effects)."""

from rules.games.interface import Game
from rules.games.interface import GoldfishSetup

GAME = Game("chapter-and-verse", "Chapter and Verse", True, "C&V")
# The top 7 become the blessing stack, the next 5 the opening hand; every
# turn starts with a draw, the first player's first turn too.
SETUP = GoldfishSetup(unseen=7, hand=5)

CV_THEMES: tuple[str, ...] = ("strength", "wisdom", "faith", "histories", "trials")
CV_STANDARD_WORKS: tuple[str, ...] = (
    "old-testament",
    "new-testament",
    "book-of-mormon",
    "doctrine-and-covenants",
    "pearl-of-great-price",
)
CV_EFFECT_KINDS: tuple[str, ...] = (
    "discard",
    "quote",
    "prayer",
    "keyword",
    "unique",
    "cross-reference",
    "quick-play",
    "text",
)
