"""A rejected catalog reports every problem with its JSON path, not the first of each field.

docs/contracts/catalog-format.md, Loading.
"""

import pytest

from rules.catalog import CatalogError
from rules.catalog import parse_catalog
from tests.catalog_cards import cv_card


def problems_of(game: str, cards: list[dict], sets: list[dict] | None = None) -> dict[str, str]:
    document = {"game": game, "sets": sets if sets is not None else [{"code": "S1", "name": "Set"}], "cards": cards}
    with pytest.raises(CatalogError) as info:
        parse_catalog(document)
    return {p.path: p.message for p in info.value.problems}


def test_every_bad_icon_effect_and_the_set_of_a_bad_card_are_reported():
    paths = problems_of(
        "chapter-and-verse",
        [
            cv_card("S1", "1", "A", icons={"faith": 10, "wisdom": 11}, effects=[{"kind": "bogus"}, {"kind": "prayer"}]),
            cv_card("XX", "1", "B", sacrifice=99),
        ],
    )
    assert {
        "cards[0].icons.faith",
        "cards[0].icons.wisdom",
        "cards[0].effects[0].kind",
        "cards[0].effects[1].n",
        "cards[1].sacrifice",
        "cards[1].set",
    } <= set(paths)
    assert paths["cards[1].set"] == "unknown set 'XX': list it under sets"


def test_every_bad_item_of_a_string_list_and_every_key_of_an_effect_is_reported():
    paths = problems_of(
        "chapter-and-verse",
        [
            cv_card(
                "S1",
                "1",
                "A",
                markers=["fine", "", 3],
                effects=[{"kind": "keyword", "words": ["ok", "\ud800", ""], "colour": "red"}],
            )
        ],
    )
    assert {
        "cards[0].markers[1]",
        "cards[0].markers[2]",
        "cards[0].effects[0].words[1]",
        "cards[0].effects[0].words[2]",
        "cards[0].effects[0].colour",
    } <= set(paths)


def test_every_bad_string_of_extra_is_reported():
    paths = problems_of("chapter-and-verse", [cv_card("S1", "1", "A", extra={"a": "\x00", "b": ["\ud800"]})])
    assert {"cards[0].extra.a", "cards[0].extra.b[0]"} <= set(paths)


def test_a_bad_card_still_has_its_number_checked_for_duplicates():
    paths = problems_of("chapter-and-verse", [cv_card("S1", "1", "A"), cv_card("S1", "1", "B", sacrifice=-1)])
    assert paths["cards[1].number"].startswith("S1 1 is already cards[0]")
    assert "cards[1].sacrifice" in paths


def test_every_bad_item_of_other_games_lists_is_reported():
    bonuses = [{"with": "", "points": "x"}, {"with": "Sword", "points": 1, "extra": 1}]
    paths = problems_of(
        "warriors-of-the-promised-land",
        [
            {
                "set": "S1",
                "number": "1",
                "title": "W",
                "kind": "warrior",
                "icons": ["", 1],
                "points": 1,
                "bonuses": bonuses,
            }
        ],
    )
    assert {
        "cards[0].icons[0]",
        "cards[0].icons[1]",
        "cards[0].bonuses[0].with",
        "cards[0].bonuses[0].points",
        "cards[0].bonuses[1].extra",
    } <= set(paths)


def test_every_problem_of_a_bible_battles_effect_is_reported():
    effects = [{"kind": "costs-less", "types": ["wizard", "follower", "giant"], "n": 0, "colour": "red"}]
    card = {"set": "S1", "number": "1", "title": "B", "type": "follower", "effort": 0, "offense": 1, "defense": 1}
    paths = problems_of("bible-battles", [dict(card, effects=effects)])
    assert {
        "cards[0].effects[0].types[0]",
        "cards[0].effects[0].types[2]",
        "cards[0].effects[0].n",
        "cards[0].effects[0].colour",
    } <= set(paths)
