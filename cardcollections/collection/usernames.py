"""A username's confusable skeleton: two names with one skeleton read the same (alice in Cyrillic,
"\\u0430\\u04cf\\u0456\\u0441\\u0435", and `alice`).

Built from the confusables data of Unicode's UTS #39 that `confusable_homoglyphs` ships: every character is
replaced by one member of its class of look-alikes (the classes joined where the data links them), after NFKC
and case folding, as Django compares names. The ASCII letters' two cases are joined too, so a Cyrillic small
palochka (U+04CF, listed with `i`) and its capital (listed with `l`) land in one class with `i`, `l`, `I`, `1`: a
name is refused for reading like another, never for a letter that only looks like nothing taken.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from pathlib import Path

import confusable_homoglyphs

_DATA = Path(confusable_homoglyphs.__file__).with_name("confusables.json")
_MARKS = "\u200e\u200f"  # the data wraps right-to-left characters in direction marks


@functools.cache
def _classes() -> dict[str, str]:
    """Every listed character's class, named by its least code point."""
    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        parent.setdefault(ch, ch)
        while parent[ch] != ch:
            parent[ch] = parent[parent[ch]]
            ch = parent[ch]
        return ch

    def join(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    for ch, glyphs in json.loads(_DATA.read_text(encoding="utf-8")).items():
        for glyph in glyphs:
            other = glyph["c"].strip(_MARKS)
            if len(ch) == 1 and len(other) == 1:
                join(ch, other)
    for ch in "abcdefghijklmnopqrstuvwxyz":
        join(ch, ch.upper())
    return {ch: find(ch) for ch in parent}


def username_skeleton(username: str) -> str:
    """The name as it reads: NFKC, case folded, each character replaced by its class of look-alikes."""
    classes = _classes()
    return "".join(classes.get(ch, ch) for ch in unicodedata.normalize("NFKC", username).casefold())
