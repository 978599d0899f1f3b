"""Warriors of the Promised Land: the game and its card vocabulary (a fixed deck: one boxed game)."""

from rules.games.interface import Game

GAME = Game("warriors-of-the-promised-land", "Warriors of the Promised Land", False, "WPL")

WPL_KINDS = ("warrior", "armory")
WPL_ALIGNMENTS = ("righteous", "wicked")
