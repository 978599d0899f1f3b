"""Reads for the play pages."""

from __future__ import annotations

from cardcollections.adapters import card_pool_for_game
from rules.play.registry import engine_for


def unfollowed_abilities(game: str) -> list[tuple[str, str]]:
    """(title, printed ability) of each card of the game's catalog whose ability its engine does not follow, for
    the page to list before a game starts (an engine that follows every ability, or has no such list: none)."""
    engine = engine_for(game)
    listing = getattr(engine, "unfollowed", None)
    if listing is None:
        return []
    found: list[tuple[str, str]] = listing(card_pool_for_game(game).cards)
    return found
