from cardcollections.models.catalog import Card, CardSet, Game

__all__ = ["Card", "CardSet", "Game"]
