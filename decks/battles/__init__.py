"""The rules checkers of the fixed-deck games: their API (api/) and their calculator pages.

In the decks app rather than the collections app because Battle Mode squads are
checked as decks (decks.validation); the checkers themselves need only a game's
card pool (cardcollections.adapters).
"""
