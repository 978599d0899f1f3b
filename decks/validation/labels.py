"""Plain words for the stable codes of a deck check's findings (docs/contracts/validation.md), as pages show
them to players; the code itself stays in the API and in each finding's `data-code`."""

from cardcollections.catalog.labels import words

FINDING_LABELS = {
    "unparseable-line": "Not a deck line",
    "unknown-card": "Unknown card",
    "invalid-count": "Bad count",
    "deck-too-small": "Too few cards",
    "deck-too-large": "Too many cards",
    "too-many-copies": "Too many copies",
    "unique-limit": "One copy of a Unique card",
    "advanced-card": "Advanced card",
    "banned-card": "Banned card",
    "restricted-card": "Restricted card",
    "set-not-legal": "Set not allowed",
    "suggested-size": "Unusual size",
    "squad-size": "Squad size",
    "squad-value": "Squad value",
    "duplicate-card": "Same card twice",
    "not-complete": "Not the whole box",
    "double-booked": "Held by another deck",
}


def finding_label(code: str) -> str:
    """'deck-too-small' -> 'Too few cards'; a code without its own words is written out ('new-code' -> 'New code')."""
    return FINDING_LABELS.get(code) or words(code)
