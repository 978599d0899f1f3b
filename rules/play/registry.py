"""Each game's whole-game engine, by slug (docs/contracts/play.md). A game without one is not playable yet."""

from __future__ import annotations

import importlib

from rules.play.interface import Engine

# The module of each game that holds `ENGINE`.
_MODULES = {
    "book-of-mormon-battles": "rules.games.book_of_mormon_battles.game",
    "warriors-of-the-promised-land": "rules.games.warriors_of_the_promised_land.game",
    "battle-cards": "rules.games.battle_cards.game",
    "chapter-and-verse": "rules.games.chapter_and_verse.game",
    "bible-battles": "rules.games.bible_battles.game",
}


def engine_for(game: str) -> Engine | None:
    """The game's engine, or None for a game that cannot be played whole yet."""
    module = _MODULES.get(game)
    if module is None:
        return None
    try:
        loaded = importlib.import_module(module)
    except ModuleNotFoundError as missing:
        if missing.name == module:
            return None
        raise
    engine: Engine = loaded.ENGINE
    return engine


def playable_games() -> list[str]:
    return [game for game in _MODULES if engine_for(game) is not None]
