"""The search language (docs/contracts/search-syntax.md): the spec's examples read as the spec says, every bad part
is an error that names it, and no text at all makes the parser raise anything but its own error."""

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.search import And
from rules.search import Match
from rules.search import Not
from rules.search import Or
from rules.search import Phrase
from rules.search import SearchSyntaxError
from rules.search import Word
from rules.search import checked_search
from rules.search import parse_search
from rules.search.keys import KEYS
from rules.search.syntax import MAX_DEPTH

CV, BB = "chapter-and-verse", "bible-battles"


def m(field, op, value, raw):
    return Match(field, op, value, raw)


@pytest.mark.parametrize(
    ("query", "game", "tree"),
    [
        ("t:faith s<=2", CV, And((m("theme", "=", "faith", "t:faith"), m("sacrifice", "<=", 2, "s<=2")))),
        (
            "t:trials or t:histories",
            CV,
            Or((m("theme", "=", "trials", "t:trials"), m("theme", "=", "histories", "t:histories"))),
        ),
        ("-t:faith s>=2", CV, And((Not(m("theme", "=", "faith", "t:faith")), m("sacrifice", ">=", 2, "s>=2")))),
        ("type:army effort>=3", BB, And((m("type", "=", "army", "type:army"), m("effort", ">=", 3, "effort>=3")))),
        ("food>0 -is:unique", BB, And((m("food", ">", 0, "food>0"), Not(m("is:unique", "=", "unique", "is:unique"))))),
        ("T:F S=0", CV, And((m("theme", "=", "faith", "T:F"), m("sacrifice", "=", 0, "S=0")))),
        ("s:3", CV, m("sacrifice", "=", 3, "s:3")),
        ('m:"Faith Verse"', CV, m("marker", "=", "Faith Verse", 'm:"Faith Verse"')),
        ('ref:"1 nephi 3"', CV, m("reference", "=", "1 nephi 3", 'ref:"1 nephi 3"')),
        ("w:bom", CV, m("work", "=", "book-of-mormon", "w:bom")),
        ("theme:wisdom", CV, m("theme", "=", "wisdom", "theme:wisdom")),
        ('"even so  faith"', CV, Phrase("even so faith")),
        ("a b or c", CV, Or((And((Word("a"), Word("b"))), Word("c")))),
        ("a (b OR c)", CV, And((Word("a"), Or((Word("b"), Word("c")))))),
        ("-(a or b)", CV, Not(Or((Word("a"), Word("b"))))),
        ("", CV, None),
        ("   ", CV, None),
    ],
)
def test_the_spec_examples_read_as_the_spec_says(query, game, tree):
    assert checked_search(query, game) == tree


# Each bad query and what its error must name (the card API test asks the same of the 400).
BAD_QUERIES = [
    ("zz:1", CV, "zz:1"),
    ("type:army", CV, "type"),  # a key of another game
    ("t:faith", None, "t:faith"),  # no game named: only the keys every game has
    ("t:gold", CV, "gold"),
    ("s>two", CV, "two"),
    ("s>99999999999999999999", CV, "99999999999999999999"),
    ("t>2", CV, "t>2"),
    ('"unclosed', CV, "Unbalanced quote"),
    ("(a or b", CV, "Unbalanced parenthesis"),
    ("a)", CV, "Unbalanced parenthesis"),
    # A ( or ) with nothing after it is unbalanced too, and the message says so, naming it.
    ("a (", CV, "Unbalanced parenthesis: a ("),
    ("(", CV, "Unbalanced parenthesis: a ("),
    ("-(", CV, "Unbalanced parenthesis: a ("),
    (")", CV, "Unbalanced parenthesis: a )"),
    ("a or", CV, '"or"'),
    ("or a", CV, "or"),
    ("s:", CV, "s:"),
    ("()", CV, ")"),
    ("a -)", CV, "A - needs a term"),
    ("-or b", CV, "A - needs a term"),
]


@pytest.mark.parametrize(("query", "game", "names"), BAD_QUERIES)
def test_a_bad_query_is_an_error_naming_the_bad_part(query, game, names):
    with pytest.raises(SearchSyntaxError) as error:
        checked_search(query, game)
    assert names in error.value.message


def test_nesting_and_length_are_bounded():
    deep = "(" * (MAX_DEPTH + 1) + "a" + ")" * (MAX_DEPTH + 1)
    with pytest.raises(SearchSyntaxError, match="nest"):
        parse_search(deep)
    with pytest.raises(SearchSyntaxError, match="at most"):
        parse_search("a " * 400)
    with pytest.raises(SearchSyntaxError, match="terms"):
        parse_search(" ".join("abcdefghijklmnopqrstuvwxyz"[i % 26] for i in range(60)))


def test_every_game_has_the_common_keys_and_a_help_line_for_each():
    for keys in KEYS.values():
        assert {"set", "title", "is"} <= set(keys)
        assert all(key.help and key.example for key in keys.values())
        # Each key's own example is a valid query of its game.
    for game, keys in KEYS.items():
        for key in keys.values():
            checked_search(key.example, game)


ALPHABET = st.sampled_from(list('abt:sf"()-<=>!or 0129\x00\ud800é\n'))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.text(ALPHABET, max_size=60)), st.sampled_from([*KEYS, None, "no-such-game"]))
def test_no_text_raises_anything_but_the_search_error(text, game):
    try:
        checked_search(text, game)
    except SearchSyntaxError as error:
        assert error.message
