"""Deck list helpers shared by the rules and the app tests (pure Python)."""


def copies_per_title(cards: int, copies: int) -> list[int]:
    """How `cards` cards fall into titles of `copies` each: [copies, copies, ..., what is left]."""
    return [min(copies, cards - taken) for taken in range(0, cards, copies)]
