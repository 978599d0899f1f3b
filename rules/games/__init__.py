"""The five games the site knows, in the site's order, each from its own package."""

from rules.games import battle_cards
from rules.games import bible_battles
from rules.games import book_of_mormon_battles
from rules.games import chapter_and_verse
from rules.games import interface
from rules.games import warriors_of_the_promised_land

GAMES: tuple[interface.Game, ...] = (
    chapter_and_verse.GAME,
    bible_battles.GAME,
    book_of_mormon_battles.GAME,
    warriors_of_the_promised_land.GAME,
    battle_cards.GAME,
)
GAME_SLUGS: tuple[str, ...] = tuple(g.slug for g in GAMES)
GAMES_BY_SLUG: dict[str, interface.Game] = {g.slug: g for g in GAMES}
