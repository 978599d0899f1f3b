"""How catalog values read to a person: standard works by name, Chapter and Verse effects, slugs as words."""

from __future__ import annotations

from typing import Any

STANDARD_WORK_NAMES: dict[str, str] = {
    "old-testament": "Old Testament",
    "new-testament": "New Testament",
    "book-of-mormon": "Book of Mormon",
    "doctrine-and-covenants": "Doctrine and Covenants",
    "pearl-of-great-price": "Pearl of Great Price",
}
UNIQUE_EFFECT_TEXT = "one copy per deck; once played, no card of that title may be played again in the game"


def effect_words(effect: dict[str, Any]) -> str:
    """A Chapter and Verse effect as it reads on the card, e.g. "Prayer (2)", "Cross Reference (John 3:16)"."""
    kind = effect.get("kind")
    if kind == "discard":
        return f"Discard: {effect.get('text', '')}".rstrip(": ")
    if kind == "quote":
        return "Quote"
    if kind == "prayer":
        return f"Prayer ({effect.get('n')})"
    if kind == "keyword":
        return f"Keyword ({', '.join(effect.get('words') or [])})"
    if kind == "unique":
        return f"Unique: {UNIQUE_EFFECT_TEXT}"
    if kind == "cross-reference":
        return f"Cross Reference ({effect.get('reference', '')})"
    if kind == "quick-play":
        return f"Quick Play: {effect.get('text', '')}".rstrip(": ")
    return str(effect.get("text", ""))


def words(slug: str) -> str:
    """'unique-person' -> 'Unique person'."""
    return slug.replace("-", " ").capitalize() if slug else ""
