"""The keys of the search language per game (docs/contracts/search-syntax.md), and checking a parsed query against them.

`resolve_search(tree, game)` turns every `Compare` into a `Match` of a canonical
field and a checked value, or raises SearchSyntaxError naming the term: an
unknown key, a key of another game, a bad value, an operator the key does not
take. What a field means in the database is the catalog app's business
(cardcollections/catalog/search.py); this module only knows the language.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import replace

from rules.games.bible_battles import BB_TYPES
from rules.games.book_of_mormon_battles import BMB_COLORS
from rules.games.book_of_mormon_battles import BMB_KINDS
from rules.games.book_of_mormon_battles import BMB_POWERS
from rules.games.book_of_mormon_battles import BMB_SHAPES
from rules.games.chapter_and_verse import CV_EFFECT_KINDS
from rules.games.chapter_and_verse import CV_STANDARD_WORKS
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.warriors_of_the_promised_land import WPL_ALIGNMENTS
from rules.games.warriors_of_the_promised_land import WPL_KINDS
from rules.search.syntax import And
from rules.search.syntax import Compare
from rules.search.syntax import Node
from rules.search.syntax import Not
from rules.search.syntax import SearchSyntaxError

NUMBER_OPS = frozenset({"=", "<", "<=", ">", ">="})
MAX_NUMBER = 1_000_000


@dataclass(frozen=True)
class Key:
    """A key players type: `field` is what it compares, `kind` how ("text", "choice" or "number").

    `choices` maps what may be typed (lower case, aliases included) to the stored value.
    """

    field: str
    kind: str
    help: str
    example: str
    # dataclasses.field by its module: the class's own `field` above hides the name from mypy.
    choices: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class Match:
    """A checked comparison: `field` `op` `value` (value an int for numbers, else the stored text)."""

    field: str
    op: str
    value: str | int
    raw: str


def _named(values: tuple[str, ...], **aliases: str) -> dict[str, str]:
    out = {v.casefold(): v for v in values}
    out.update({alias.replace("_", "-"): value for alias, value in aliases.items()})
    return out


def _numbers(*names: str) -> dict[str, Key]:
    return {name: Key(name, "number", f"{name}, a number", f"{name}>=2") for name in names}


def _flags(**helps: str) -> Key:
    return Key("is", "choice", "is:" + ", is:".join(helps), f"is:{next(iter(helps))}", {k: k for k in helps})


_EVERY_GAME = {
    "set": Key("set", "text", "the card's set code", "set:CV1"),
    "is": _flags(unique="Unique for the copy limits"),
    "title": Key("title", "text", "words of the title only", "title:faith"),
}
_WORKS = _named(
    CV_STANDARD_WORKS,
    ot="old-testament",
    nt="new-testament",
    bom="book-of-mormon",
    dc="doctrine-and-covenants",
    pgp="pearl-of-great-price",
)

KEYS: dict[str, dict[str, Key]] = {
    "chapter-and-verse": {
        **_EVERY_GAME,
        "t": Key(
            "theme", "choice", "has an icon of the theme", "t:faith", _named(CV_THEMES, **{t[0]: t for t in CV_THEMES})
        ),
        "s": Key("sacrifice", "number", "sacrifice cost", "s<=2"),
        "m": Key("marker", "text", "has the marker", 'm:"Faith Verse"'),
        "w": Key("work", "choice", "standard work", "w:bom", _WORKS),
        "e": Key(
            "effect",
            "choice",
            "has an effect of that kind",
            "e:prayer",
            _named(CV_EFFECT_KINDS, crossref="cross-reference"),
        ),
        "ref": Key("reference", "text", "the reference starts with it", 'ref:"1 nephi 3"'),
        "is": _flags(unique="Unique for the copy limits", advanced="marked Advanced Game"),
    },
    "bible-battles": {
        **_EVERY_GAME,
        "type": Key("type", "choice", "card type", "type:army", _named(BB_TYPES)),
        **_numbers("effort", "offense", "defense", "food", "wisdom"),
        "is": _flags(unique="Unique for the copy limits", mounted="cavalry or chariots"),
    },
    "book-of-mormon-battles": {
        **_EVERY_GAME,
        "kind": Key("kind", "choice", "character or power card", "kind:power", _named(BMB_KINDS)),
        "color": Key("color", "choice", "gold or black", "color:gold", _named(BMB_COLORS)),
        "shape": Key("shape", "choice", "diamond or oval", "shape:oval", _named(BMB_SHAPES)),
        "power": Key("power", "choice", "the power card's kind", "power:famine", _named(BMB_POWERS)),
        **_numbers("value"),
        "is": _flags(unique="Unique for the copy limits"),
    },
    "warriors-of-the-promised-land": {
        **_EVERY_GAME,
        "kind": Key("kind", "choice", "warrior or armory card", "kind:armory", _named(WPL_KINDS)),
        "alignment": Key("alignment", "choice", "righteous or wicked", "alignment:wicked", _named(WPL_ALIGNMENTS)),
        "icon": Key("icon", "text", "has the icon", "icon:sword"),
        **_numbers("points"),
        "is": _flags(unique="Unique for the copy limits", prophet="a prophet"),
    },
    "battle-cards": {
        **_EVERY_GAME,
        "size": Key("size", "choice", "B, M or S", "size:b", {"b": "B", "m": "M", "s": "S"}),
        **_numbers("value", "strength", "skill", "magic", "terror"),
        "is": _flags(unique="Unique for the copy limits"),
    },
}
# Long forms a player may type for the one-letter keys.
ALIASES = {"theme": "t", "sacrifice": "s", "marker": "m", "work": "w", "effect": "e", "reference": "ref"}


def game_keys(game: str) -> dict[str, Key]:
    """The keys of `game` (the help page lists them); every game has at least the common ones."""
    return KEYS.get(game, _EVERY_GAME)


def _games_with(key: str) -> list[str]:
    return [game for game, keys in KEYS.items() if key in keys]


def _match(term: Compare, keys: Mapping[str, Key], game: str) -> Match:
    name = ALIASES.get(term.key, term.key) if ALIASES.get(term.key) in keys else term.key
    key = keys.get(name)
    if key is None:
        elsewhere = _games_with(name)
        where = f" (a key of {', '.join(elsewhere)})" if elsewhere else ""
        raise SearchSyntaxError(f"Unknown key in {term.raw}: {term.key}{where} is not a key of {game}.", term.raw)
    if key.kind == "number":
        if term.op not in NUMBER_OPS:
            raise SearchSyntaxError(f"{term.raw}: {term.key} compares with = < <= > >=.", term.raw)
        value = term.value
        if not (value.isascii() and value.isdigit()) or int(value) > MAX_NUMBER:
            raise SearchSyntaxError(f"{term.raw}: {value} is not a whole number from 0 to {MAX_NUMBER:,}.", term.raw)
        return Match(key.field, term.op, int(value), term.raw)
    if term.op != "=":
        raise SearchSyntaxError(f"{term.raw}: {term.key} takes {term.key}:VALUE, not {term.op}.", term.raw)
    if key.kind == "choice":
        stored = key.choices.get(term.value.casefold())
        if stored is None:
            allowed = ", ".join(sorted(dict.fromkeys(key.choices)))
            raise SearchSyntaxError(f"{term.raw}: {term.value} is not one of {allowed}.", term.raw)
        field_name = f"is:{stored}" if key.field == "is" else key.field
        return Match(field_name, "=", stored, term.raw)
    return Match(key.field, "=", term.value, term.raw)


def resolve_search(tree: Node | None, game: str | None) -> Node | Match | None:
    """The tree with every `Compare` checked against `game`'s keys (None: only the keys every game has)."""
    keys = game_keys(game) if game else _EVERY_GAME
    label = game or "every game (name a game to use its keys)"

    def walk(node: Node | Match) -> Node | Match:
        if isinstance(node, Compare):
            return _match(node, keys, label)
        if isinstance(node, Not):
            return Not(walk(node.term))
        if isinstance(node, And):  # Or is an And
            return replace(node, terms=tuple(walk(t) for t in node.terms))
        return node

    return None if tree is None else walk(tree)
