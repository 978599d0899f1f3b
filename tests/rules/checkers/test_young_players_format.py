"""The `young-players` box format of Book of Mormon Battles: the 56 character cards are the whole game."""

from __future__ import annotations

from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import resolve
from rules.formats import base_format
from rules.validation import validate_deck
from tests.rules.checkers.pools import starter_pool

POOL = starter_pool("book-of-mormon-battles")
CHARACTERS = "\n".join(f"1 {c.title}" for c in POOL.cards if c.kind == "character")
EVERYTHING = "\n".join(f"{c.copies} {c.title}" for c in POOL.cards)


def codes(text: str, fmt: str) -> list[str]:
    result = validate_deck(resolve(parse_decklist(text), POOL), base_format("book-of-mormon-battles", fmt))
    return [f.code for f in result.errors]


def test_the_56_characters_are_a_complete_young_players_box():
    assert len(CHARACTERS.splitlines()) == 56
    assert codes(CHARACTERS, "young-players") == []
    assert codes(CHARACTERS, "complete") == ["not-complete"]


def test_power_cards_are_extra_in_a_young_players_box():
    assert codes(EVERYTHING, "complete") == []
    assert codes(EVERYTHING, "young-players") == ["not-complete"]
