"""Title keys: two titles that differ only in case or spacing are one title."""

import re

_SPACES = re.compile(r"\s+")


def title_key(title: str) -> str:
    """The key copy limits count by: case-folded, runs of white space made one space."""
    return _SPACES.sub(" ", title).strip().casefold()
