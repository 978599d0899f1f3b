"""Bible Battles: the game, its setup and its card types."""

from rules.games.interface import Game
from rules.games.interface import GoldfishSetup

GAME = Game("bible-battles", "Bible Battles Trading Card Game", True, "BB")
SETUP = GoldfishSetup(unseen=0, hand=7)

BB_TYPES: tuple[str, ...] = (
    "follower",
    "animal",
    "crop",
    "land",
    "city",
    "fortress",
    "building",
    "unique-person",
    "army",
    "event",
    "item",
)
