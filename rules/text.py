"""Title keys (two titles that differ only in case or spacing are one title), and text a column can store."""

import re

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
