"""Catalogs for the deck tests, loaded through the real catalog loader."""

import pytest

from cardcollections.services.catalog import catalog_load


def cv_card(set_code: str, number: str, title: str, **fields) -> dict:
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


def verse_title(i: int) -> str:
    return f"Verse {i:03d}"


def _load_cv(verses: int) -> None:
    cards = [cv_card("CV1", str(i), verse_title(i)) for i in range(1, verses + 1)]
    cards += [
        cv_card("CV1", "900", "By Small Means"),
        cv_card("CV2", "1", "By Small  means"),
        cv_card("CV1", "901", "Pride Cycle", advanced=True, effects=[{"kind": "unique"}]),
        cv_card("CV2", "2", "Only In Two"),
    ]
    catalog_load(
        document={
            "game": "chapter-and-verse",
            "sets": [
                {"code": "CV1", "name": "Starter Set", "released": "2008-03-27"},
                {"code": "CV2", "name": "Second Set", "released": "2009-01-01"},
            ],
            "cards": cards,
        }
    )


@pytest.fixture
def cv_catalog(db):
    """Chapter and Verse: 60 plain verses in CV1, a Unique and Advanced card, a title reprinted in CV2."""
    _load_cv(60)


@pytest.fixture
def cv_catalog_400(db):
    """The same with 400 plain verses, for decks of hundreds of titles."""
    _load_cv(400)


@pytest.fixture
def bb_catalog(db):
    def bb(number, title, type_, **fields):
        return {
            "set": "BB1",
            "number": number,
            "title": title,
            "type": type_,
            "effort": 1,
            "offense": 0,
            "defense": 1,
            **fields,
        }

    catalog_load(
        document={
            "game": "bible-battles",
            "sets": [{"code": "BB1", "name": "Genesis"}],
            "cards": [
                bb("1", "Shepherd", "follower"),
                bb("2", "Goat", "animal"),
                bb("3", "Moses", "unique-person"),
                bb("4", "Ark of the Covenant", "item", unique=True),
            ],
        }
    )


def legal_cv_text(cards: int = 40, copies: int = 2) -> str:
    """A legal advanced list of `cards` cards, `copies` of each plain verse."""
    lines, left, i = [], cards, 1
    while left > 0:
        take = min(copies, left)
        lines.append(f"{take} {verse_title(i)}")
        left -= take
        i += 1
    return "\n".join(lines)
