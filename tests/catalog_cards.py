"""Catalog card documents shared by the rules and the app tests (pure Python)."""


def cv_card(set_code: str, number: str, title: str, **fields) -> dict:
    """A Chapter and Verse card document that passes the catalog checks; `fields` override its own."""
    card = {
        "set": set_code,
        "number": number,
        "title": title,
        "sacrifice": 1,
        "icons": {"faith": 1},
        "markers": [],
        "scripture": "scripture",
        "reference": "John 3:16",
        "standard_work": "new-testament",
        "effects": [],
    }
    card.update(fields)
    return card
