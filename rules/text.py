"""Title keys (two titles that differ only in case or spacing are one title), text a column can store, and the words of a text."""

import re
import unicodedata

# What no text column can hold: PostgreSQL refuses NUL, and UTF-8 cannot encode a lone surrogate.
# JSON carries both as escapes ("\u0000", "\ud800"); stored or echoed, either is a 500.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(text: str) -> bool:
    """Whether a text column can hold `text` (no NUL, no lone surrogate)."""
    return UNSTORABLE.search(text) is None


def title_key(title: str) -> str:
    """The key copy limits count by: case-folded, runs of white space made one space.

    str.split() with no separator splits on exactly the characters regex `\\s`
    matches (str.isspace) and drops them at both ends, so this is the same as
    collapsing runs with a regex and stripping, at a third of the cost: every
    card of a pool and many deck entries go through here.
    """
    return " ".join(title.split()).casefold()


# Apostrophes of every shape (straight, curly, modifier letter, prime, backtick, acute): dropped, so that
# "Lord's" and "Lords" are one word, however the apostrophe is written.
_APOSTROPHES = re.compile("['\u2018\u2019\u201b\u02bc\u2032`\u00b4]")
# What is not part of a word: punctuation, dashes of every length, symbols, brackets. `_` is in \w.
_NOT_WORD = re.compile(r"[\W_]+")


def words(text: str) -> list[str]:
    """The words of `text` as a person would say them, for comparing what was typed with what is printed.

    Case-folded (through `title_key`), compatibility forms folded (NFKD: full-width letters, ligatures,
    superscripts) and accents dropped, apostrophes removed inside words ("Lord's" is "lords"), and
    everything else that is not a letter or digit (punctuation, brackets, hyphens and dashes, curly or
    straight quotes) a word break. Linear in the length of `text`.
    """
    decomposed = unicodedata.normalize("NFKD", title_key(text))
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NOT_WORD.sub(" ", _APOSTROPHES.sub("", unicodedata.normalize("NFC", letters))).split()


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal_word(index: int) -> str:
    """A place counted from 0 in words for players: 0 is "first", 1 "second"; past the tenth, "11th"."""
    if 0 <= index < len(_ORDINALS):
        return _ORDINALS[index]
    n = index + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
