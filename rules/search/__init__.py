"""The card search language: `parse_search` reads a query, `resolve_search` checks it against a game's keys."""

from rules.search.keys import KEYS
from rules.search.keys import Key
from rules.search.keys import Match
from rules.search.keys import game_keys
from rules.search.keys import resolve_search
from rules.search.syntax import And
from rules.search.syntax import Compare
from rules.search.syntax import Node
from rules.search.syntax import Not
from rules.search.syntax import Or
from rules.search.syntax import Phrase
from rules.search.syntax import SearchSyntaxError
from rules.search.syntax import Word
from rules.search.syntax import parse_search


def checked_search(text: str, game: str | None) -> Node | Match | None:
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
