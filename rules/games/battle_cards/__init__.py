"""Battle Cards: the game and its card vocabulary (sizes, categories)."""

from rules.games.interface import Game

# A fixed-deck game: the rules deal out all the cards (docs/games/battle-cards.md), nobody collects them.
GAME = Game("battle-cards", "Battle Cards", False, "BC")

BC_SIZES = ("B", "M", "S")
BC_CATEGORIES = ("strength", "skill", "magic", "terror", "value")
