"""Every game's rules behind the one interface (`GameRules`), by slug, in the site's order."""

from collections.abc import Mapping
from types import MappingProxyType

from rules.games.battle_cards.rules import RULES as BATTLE_CARDS
from rules.games.bible_battles.rules import RULES as BIBLE_BATTLES
from rules.games.book_of_mormon_battles.rules import RULES as BOOK_OF_MORMON_BATTLES
from rules.games.chapter_and_verse.rules import RULES as CHAPTER_AND_VERSE
from rules.games.interface import GameRules
from rules.games.warriors_of_the_promised_land.rules import RULES as WARRIORS_OF_THE_PROMISED_LAND

GAME_RULES: Mapping[str, GameRules] = MappingProxyType(
    {
        rules.game.slug: rules
        for rules in (
            CHAPTER_AND_VERSE,
            BIBLE_BATTLES,
            BOOK_OF_MORMON_BATTLES,
            WARRIORS_OF_THE_PROMISED_LAND,
            BATTLE_CARDS,
        )
    }
)


def game_rules(game: str) -> GameRules:
    """The rules of the game `game` (a slug); KeyError for an unknown one."""
    return GAME_RULES[game]
