"""The card search language: `parse_search` reads a query, `resolve_search` checks it against a game's keys."""

from rules.search.keys import KEYS, Key, Match, game_keys, resolve_search
from rules.search.syntax import And, Compare, Not, Or, Phrase, SearchSyntaxError, Word, parse_search


def checked_search(text: str, game: str | None):
    """A query read and checked for `game` in one call; SearchSyntaxError naming the bad part."""
    return resolve_search(parse_search(text), game)


__all__ = [
    "KEYS",
    "And",
    "Compare",
    "Key",
    "Match",
    "Not",
    "Or",
    "Phrase",
    "SearchSyntaxError",
    "Word",
    "checked_search",
    "game_keys",
    "parse_search",
    "resolve_search",
]
