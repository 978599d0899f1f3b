"""The effect grammar in catalog files (docs/card-effects.md): checked with JSON paths, text-only files still load."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catalog import CatalogError
from rules.catalog import card_document
from rules.catalog import parse_catalog


def document(*effects: dict[str, Any]) -> dict[str, Any]:
    card = {"set": "E1", "number": "1", "title": "Verse", "sacrifice": 1, "icons": {"faith": 1}}
    card.update(scripture="Text.", reference="Alma 1:1", standard_work="book-of-mormon", effects=list(effects))
    return {"game": "chapter-and-verse", "sets": [{"code": "E1", "name": "Effects"}], "cards": [card]}


BY_SMALL_MEANS = {
    "kind": "text",
    "text": "Play this verse only into a chapter of three or fewer verses. When you do, draw a verse.",
    "only": [{"condition": "chapter-verses-at-most", "n": 3}],
    "do": [{"action": "draw-verses", "n": 1}],
}


def test_a_file_with_only_text_effects_still_loads() -> None:
    catalog = parse_catalog(document({"kind": "text", "text": "Draw a verse."}, {"kind": "discard", "text": "Hm."}))
    assert catalog.cards[0].fields["effects"][0] == {"kind": "text", "text": "Draw a verse."}


def test_a_structured_effect_loads_and_dumps_as_it_was() -> None:
    doc = document(
        BY_SMALL_MEANS,
        {"kind": "discard", "text": "Draw two verses.", "do": [{"action": "draw-verses", "n": 2}]},
        {
            "kind": "text",
            "text": "At the start of your turn, set a Commandment verse.",
            "timing": "start-of-turn",
            "if": [{"condition": "chapter-verses-with", "n": 1, "marker": "Commandment"}],
            "do": [{"action": "set-from-hand", "n": 1, "marker": "Commandment"}, {"action": "opponents"}],
        },
        {
            "kind": "text",
            "text": "At the end of your turn, you may draw a verse; if you do, put a verse on the bottom.",
            "timing": "end-of-turn",
            "do": [{"action": "draw-verses", "n": 1}, {"action": "hand-to-deck-bottom", "n": 1, "if-drew": True}],
        },
        {
            "kind": "quick-play",
            "text": "When an opponent makes a Quote It challenge against your verse, the challenge fails.",
            "moment": "quote-it",
            "do": [{"action": "challenge-fails"}],
        },
    )
    card = parse_catalog(doc).cards[0]
    assert card_document("chapter-and-verse", "E1", "1", "Verse", card.fields)["effects"] == doc["cards"][0]["effects"]


@pytest.mark.parametrize(
    ("effect", "path"),
    [
        ({**BY_SMALL_MEANS, "do": [{"action": "draw-verses", "n": 0}]}, "cards[0].effects[0].do[0].n"),
        ({**BY_SMALL_MEANS, "do": [{"action": "fly"}]}, "cards[0].effects[0].do[0].action"),
        ({**BY_SMALL_MEANS, "do": [{"action": "draw-verses"}]}, "cards[0].effects[0].do[0].n"),
        ({**BY_SMALL_MEANS, "do": [{"action": "draw-verses", "n": 1, "x": 1}]}, "cards[0].effects[0].do[0].x"),
        (
            {**BY_SMALL_MEANS, "do": [{"action": "hand-to-deck-bottom", "n": 1, "if-drew": "yes"}]},
            "cards[0].effects[0].do[0].if-drew",
        ),
        (
            {**BY_SMALL_MEANS, "only": [{"condition": "chapter-has-icon", "theme": "love"}]},
            "cards[0].effects[0].only[0].theme",
        ),
        ({**BY_SMALL_MEANS, "only": [{"condition": "chapter-verses-with", "n": 1}]}, "cards[0].effects[0].only[0]"),
        ({**BY_SMALL_MEANS, "only": "three"}, "cards[0].effects[0].only"),
        ({**BY_SMALL_MEANS, "timing": "noon"}, "cards[0].effects[0].timing"),
        ({**BY_SMALL_MEANS, "timing": "end-of-turn"}, "cards[0].effects[0].only"),
        ({"kind": "discard", "text": "x", "timing": "play", "do": []}, "cards[0].effects[0].timing"),
        ({"kind": "text", "text": "x", "if": []}, "cards[0].effects[0].do"),
        ({"kind": "quick-play", "text": "x", "moment": "dawn", "do": []}, "cards[0].effects[0].moment"),
        ({"kind": "discard", "text": "x", "moment": "quote-it", "do": []}, "cards[0].effects[0].moment"),
        ({"kind": "quick-play", "text": "x", "moment": "quote-it"}, "cards[0].effects[0].do"),
        ({"kind": "quote", "do": []}, "cards[0].effects[0].do"),
    ],
)
def test_a_bad_structure_is_reported_with_its_json_path(effect: dict[str, Any], path: str) -> None:
    with pytest.raises(CatalogError) as info:
        parse_catalog(document(effect))
    assert [p.path for p in info.value.problems] == [path]
