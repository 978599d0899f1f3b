"""Deck lists (docs/contracts/deck-format.md): every line form, the JSON form, resolving and export. No database."""

import re
import sys

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.export import export_decklist
from rules.decklist.parse import DeckEntry
from rules.decklist.parse import DeckFormatError
from rules.decklist.parse import _parse_line
from rules.decklist.parse import _text_entry
from rules.decklist.parse import entries_from_json
from rules.decklist.parse import parse_decklist
from rules.decklist.parse import read_lines
from rules.decklist.parse import split_lines
from rules.decklist.plain import read_plain_decklist
from rules.decklist.resolving import MAX_SUGGESTION_LOOKUPS
from rules.decklist.resolving import ResolvedEntry
from rules.decklist.resolving import _resolve_entry
from rules.decklist.resolving import _Suggester
from rules.decklist.resolving import _title_entry
from rules.decklist.resolving import resolve
from rules.decklist.resolving import suggest_titles
from rules.findings import Finding
from rules.formats import TournamentFormat
from rules.formats import base_formats
from rules.text import title_key
from rules.validation import validate_deck

CV = "chapter-and-verse"


def cv(set_code: str, number: str, title: str, **fields) -> CardData:
    return CardData(game=CV, set_code=set_code, number=number, title=title, **fields)


CV_CARDS = (
    cv("CV1", "1", "By Small Means"),
    cv("CV1", "2", "Faith Without Works"),
    cv("CV1", "17", "Pride Cycle", unique=True, advanced=True),
    cv("CV1", "18", "Moroni (Captain)"),
    cv("CV1", "19", "2000 Stripling Warriors"),
    cv("CV1", "20", "Malcolm X 2"),
    cv("CV1", "21", "Faith Precedes the Miracle"),
    cv("CV1", "22", "Faith of a Mustard Seed"),
    cv("CV1", "23", "Faith Is Things Hoped For"),
    cv("CV1", "24", "Small and Simple Things"),
    cv("CV1", "25", "Faith in Every Footstep"),
    cv("CV1", "26", "Faithful Servant"),
    cv("CV1", "40", "X Marks the Spot"),
    cv("CV2", "1", "By Small  means"),
)
POOL = CardPool.of(CV, CV_CARDS)


def one(text: str):
    parsed = parse_decklist(text)
    assert not parsed.findings, parsed.findings
    assert len(parsed.entries) == 1, parsed.entries
    return parsed.entries[0]


# ---------------------------------------------------------------- line forms
@pytest.mark.parametrize(
    ("line", "count", "title", "set_code", "number"),
    [
        ("3 By Small Means", 3, "By Small Means", None, None),
        ("3x By Small Means", 3, "By Small Means", None, None),
        ("3X By Small Means", 3, "By Small Means", None, None),
        ("3 x By Small Means", 3, "By Small Means", None, None),
        ("3 X By Small Means", 3, "By Small Means", None, None),
        ("3\u00d7 By Small Means", 3, "By Small Means", None, None),
        ("By Small Means x3", 3, "By Small Means", None, None),
        ("By Small Means x 3", 3, "By Small Means", None, None),
        ("By Small Means X3", 3, "By Small Means", None, None),
        ("   2   By Small Means   ", 2, "By Small Means", None, None),
        ("1 Pride Cycle (CV1) 17", 1, "Pride Cycle", "CV1", "17"),
        ("1 Pride Cycle (CV1)", 1, "Pride Cycle", "CV1", None),
        ("1x Pride Cycle (CV1) 17", 1, "Pride Cycle", "CV1", "17"),
        ("Pride Cycle (CV1) 17 x1", 1, "Pride Cycle", "CV1", "17"),
        ("Pride Cycle x2 (CV1) 17", 2, "Pride Cycle", "CV1", "17"),
        ("999 By Small Means", 999, "By Small Means", None, None),
        ("007 By Small Means", 7, "By Small Means", None, None),
        ("1 X-Ray Vision", 1, "X-Ray Vision", None, None),
    ],
)
def test_it_reads_every_line_form(line, count, title, set_code, number):
    entry = one(line)
    assert (entry.count, entry.title, entry.set_code, entry.number) == (count, title, set_code, number)
    assert entry.line == 1


@pytest.mark.parametrize(
    "line",
    [
        *["", "   ", "\t", "# Faith deck", "  # indented comment", "// also a comment", "//", "#"],
        *["Deck", "deck", "DECK:", "Deck:", "Main", "main:", "MAIN :"],
    ],
)
def test_it_skips_blanks_comments_and_headers(line):
    parsed = parse_decklist(line)
    assert parsed.entries == ()
    assert parsed.findings == ()


@pytest.mark.parametrize(
    "line",
    ["By Small Means", "three By Small Means", "3", "x3", "3x", "Sideboard", "Deck: 3 By Small Means", "-- 3 Foo"],
)
def test_it_reports_a_line_without_a_count_as_unparseable(line):
    parsed = parse_decklist(f"3 By Small Means\n{line}\n1 Pride Cycle")
    assert [e.title for e in parsed.entries] == ["By Small Means", "Pride Cycle"]
    (f,) = parsed.findings
    assert f.code == "unparseable-line"
    assert f.line == 2
    assert f.to_dict()["line"] == 2
    assert "Line 2" in f.message


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("0 By Small Means", 0),
        ("1000 By Small Means", 1000),
        ("-1 By Small Means", -1),
        ("By Small Means x0", 0),
        ("00 By Small Means", 0),
        ("99999999999999999999999999999 By Small Means", None),
        ("9" * 5000 + " By Small Means", None),
    ],
)
def test_it_reports_a_count_outside_1_to_999_as_invalid(line, count):
    parsed = parse_decklist(f"# deck\n{line}")
    assert parsed.entries == ()
    (f,) = parsed.findings
    assert f.code == "invalid-count"
    assert f.line == 2
    assert f.title == "By Small Means"
    assert f.get("count") == count


@pytest.mark.parametrize("line", ["+3 By Small Means", "+1x By Small Means", "By Small Means x+2"])
def test_a_count_with_a_plus_sign_is_invalid_not_read_as_that_many_copies(line):
    # docs/contracts/deck-format.md: "COUNT is written in digits"; a sign makes it an invalid count (docs/rulings.md).
    parsed = parse_decklist(f"# deck\n{line}")
    assert parsed.entries == ()
    (f,) = parsed.findings
    assert (f.code, f.line, f.title) == ("invalid-count", 2, "By Small Means")


def test_it_counts_lines_whatever_the_line_endings():
    parsed = parse_decklist("3 By Small Means\r\n\r\nnonsense\r1 Pride Cycle\n")
    assert [e.line for e in parsed.entries] == [1, 4]
    assert parsed.findings[0].line == 3


def test_it_reads_the_spec_example():
    text = "# Faith deck for the spring tournament\n3 By Small Means\n2x Faith Without Works\n1 Pride Cycle (CV1) 17\n"
    parsed = parse_decklist(text)
    assert [(e.count, e.title, e.set_code, e.number, e.line) for e in parsed.entries] == [
        (3, "By Small Means", None, None, 2),
        (2, "Faith Without Works", None, None, 3),
        (1, "Pride Cycle", "CV1", "17", 4),
    ]


# ---------------------------------------------------------------- JSON form
def test_it_reads_the_json_form():
    parsed = entries_from_json(
        [
            {"title": "By Small Means", "count": 3},
            {"set": "CV1", "number": "17", "count": 1},
            {"set": "CV1", "number": 2, "count": 2.0},
            {"title": "Pride Cycle", "set": "CV1", "count": 1},
        ]
    )
    assert not parsed.findings
    assert [(e.count, e.title, e.set_code, e.number, e.index) for e in parsed.entries] == [
        (3, "By Small Means", None, None, 0),
        (1, None, "CV1", "17", 1),
        (2, None, "CV1", "2", 2),
        (1, "Pride Cycle", "CV1", None, 3),
    ]


@pytest.mark.parametrize(
    ("cards", "path"),
    [
        ({"title": "x"}, "cards"),
        ("3 By Small Means", "cards"),
        (None, "cards"),
        (["By Small Means"], "cards[0]"),
        ([3], "cards[0]"),
        ([{"count": 1}], "cards[0]"),
        ([{"title": 7, "count": 1}], "cards[0].title"),
        ([{"title": "", "count": 1}], "cards[0].title"),
        ([{"title": ["By Small Means"], "count": 1}], "cards[0].title"),
        ([{"set": "CV1", "count": 1}], "cards[0]"),
        ([{"number": "1", "count": 1}], "cards[0]"),
        ([{"title": "By Small Means", "number": "1", "count": 1}], "cards[0].set"),
        ([{"set": 1, "number": "1", "count": 1}], "cards[0].set"),
        ([{"set": "CV1", "number": [1], "count": 1}], "cards[0].number"),
        ([{"title": "By Small Means"}], "cards[0].count"),
        ([{"title": "By Small Means", "count": "3"}], "cards[0].count"),
        ([{"title": "By Small Means", "count": True}], "cards[0].count"),
        ([{"title": "By Small Means", "count": None}], "cards[0].count"),
        ([{"title": "ok", "count": 1}, {"title": "By Small Means", "count": {}}], "cards[1].count"),
    ],
)
def test_it_refuses_a_json_list_of_the_wrong_shape_naming_the_field(cards, path):
    with pytest.raises(DeckFormatError) as info:
        entries_from_json(cards)
    assert info.value.path == path
    assert str(info.value).startswith(path)


@pytest.mark.parametrize("count", [0, -2, 1000, 2.5, float("nan"), 1e300])
def test_it_reports_a_json_count_outside_1_to_999_as_invalid(count):
    parsed = entries_from_json([{"title": "By Small Means", "count": count}, {"title": "Pride Cycle", "count": 1}])
    assert len(parsed.entries) == 1
    (f,) = parsed.findings
    assert f.code == "invalid-count"
    assert f.get("index") == 0


# ---------------------------------------------------------------- resolving
def test_it_matches_titles_ignoring_case_and_runs_of_spaces():
    deck = resolve(parse_decklist("3   by small   MEANS\n1 pride cycle"), POOL)
    assert not deck.findings
    assert [e.card.title for e in deck.entries] == ["By Small Means", "Pride Cycle"]
    # Without a printing any printing is meant; the canonical one stands for it.
    assert deck.entries[0].card.set_code == "CV1"
    assert {c.set_code for c in deck.entries[0].candidates} == {"CV1", "CV2"}


def test_it_adds_up_the_same_title_on_several_lines():
    deck = resolve(parse_decklist("2 By Small Means\n1 by small means (CV2) 1\nBy Small Means x1"), POOL)
    assert deck.counts() == {"by small means": 4}
    assert deck.card_count == 4


def test_it_resolves_printings():
    deck = resolve(parse_decklist("1 Pride Cycle (CV1) 17\n1 By Small Means (cv2)\n1 by small means (CV2) 1"), POOL)
    assert not deck.findings
    assert [(e.card.set_code, e.card.number, e.explicit) for e in deck.entries] == [
        ("CV1", "17", True),
        ("CV2", "1", True),
        ("CV2", "1", True),
    ]


def test_it_resolves_json_printings_without_a_title():
    deck = resolve(entries_from_json([{"set": "CV1", "number": "17", "count": 1}]), POOL)
    assert deck.entries[0].card.title == "Pride Cycle"


def test_it_suggests_up_to_five_titles_closest_first_for_an_unknown_title():
    deck = resolve(parse_decklist("1 By Small Means\n3 Bye Smal Means"), POOL)
    assert deck.card_count == 1
    (f,) = deck.findings
    assert f.code == "unknown-card"
    assert f.line == 2
    assert f.title == "Bye Smal Means"
    suggestions = f.get("suggestions")
    assert suggestions[0] == "By Small Means"
    assert len(suggestions) <= 5
    assert "Did you mean By Small Means" in f.message


def test_it_caps_suggestions_at_five():
    assert len(suggest_titles(POOL, "Faith")) == 5
    assert suggest_titles(POOL, "Faith")[0].startswith("Faith")


def test_it_never_crashes_on_an_unknown_title_with_no_near_miss():
    deck = resolve(parse_decklist("1 Qqqqqqqqqq\n1 \x00\x01\x02"), POOL)
    assert [f.code for f in deck.findings] == ["unknown-card", "unknown-card"]
    assert deck.findings[0].get("suggestions") == ()


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("1 Pride Cycle (CV1) 99", "no printing (CV1) 99"),
        ("1 Pride Cycle (CV1) 1", "no printing (CV1) 1"),  # CV1 1 is another card
        ("1 Pride Cycle (CV2)", "no printing in set CV2"),
        ("1 Pride Cycle (ZZ9) 1", "no set ZZ9"),
    ],
)
def test_it_reports_an_unknown_printing_of_a_known_title(line, why):
    deck = resolve(parse_decklist(line), POOL)
    (f,) = deck.findings
    assert f.code == "unknown-card"
    assert why in f.message
    assert f.get("printings") == ("(CV1) 17",)


def test_it_reports_an_unknown_json_printing():
    deck = resolve(entries_from_json([{"set": "CV9", "number": "1", "count": 1}]), POOL)
    (f,) = deck.findings
    assert (f.code, f.get("index")) == ("unknown-card", 0)


def test_it_reads_brackets_that_belong_to_the_title():
    deck = resolve(parse_decklist("1 Moroni (Captain)\n1 Moroni (Captain) (CV1) 18"), POOL)
    assert not deck.findings
    assert [e.card.number for e in deck.entries] == ["18", "18"]


@pytest.mark.parametrize(
    ("line", "title", "count"),
    [
        ("2000 Stripling Warriors x1", "2000 Stripling Warriors", 1),
        ("1 2000 Stripling Warriors", "2000 Stripling Warriors", 1),
        ("1 Malcolm X 2", "Malcolm X 2", 1),
        ("1 Malcolm X 2 (CV1) 20", "Malcolm X 2", 1),
        ("1 X Marks the Spot", "X Marks the Spot", 1),
        ("1 X Marks the Spot (CV1) 40", "X Marks the Spot", 1),
        ("2 x X Marks the Spot", "X Marks the Spot", 2),
        ("3 x By Small Means", "By Small Means", 3),
        ("X Marks the Spot x2", "X Marks the Spot", 2),
    ],
)
def test_it_reads_titles_that_look_like_counts(line, title, count):
    deck = resolve(parse_decklist(line), POOL)
    assert not deck.findings
    assert [(e.card.title, e.count) for e in deck.entries] == [(title, count)]


def test_it_stays_fast_on_thousands_of_unknown_lines():
    text = "\n".join(f"1 Unknown card number {i}" for i in range(5000))
    deck = resolve(parse_decklist(text), POOL)
    assert len(deck.findings) == 5000
    with_suggestions = [f for f in deck.findings if f.get("suggestions")]
    assert len(with_suggestions) <= MAX_SUGGESTION_LOOKUPS


# ---------------------------------------------------------------- export
def test_it_exports_one_line_per_title_sorted_by_title():
    deck = resolve(
        parse_decklist("2 Pride Cycle\n1 by small means (CV2) 1\n2 By Small Means\n1 2000 Stripling Warriors"), POOL
    )
    assert export_decklist(deck) == (
        "1 2000 Stripling Warriors (CV1) 19\n3 By Small  means (CV2) 1\n2 Pride Cycle (CV1) 17\n"
    )


def test_it_exports_an_empty_deck_as_empty_text():
    assert export_decklist(resolve(parse_decklist("# nothing"), POOL)) == ""


def round_trip(text: str) -> str:
    return export_decklist(resolve(parse_decklist(text), POOL))


def test_it_round_trips_an_export():
    first = round_trip("3 by small means\n1 Moroni (Captain)\nMalcolm X 2 x1\n2000 Stripling Warriors x2")
    assert round_trip(first) == first


@st.composite
def decks(draw):
    cards = draw(st.lists(st.sampled_from(CV_CARDS), min_size=0, max_size=15))
    lines = []
    for card in cards:
        count = draw(st.integers(1, 999))
        form = draw(st.sampled_from(["{n} {t}", "{n}x {t}", "{n} x {t}", "{t} x{n}", "{n} {t} {p}", "{n} {t} ({s})"]))
        title = draw(st.sampled_from([card.title, card.title.upper(), card.title.replace(" ", "   ")]))
        lines.append(form.format(n=count, t=title, p=card.printing, s=card.set_code))
    return "\n".join(lines)


@settings(max_examples=200, deadline=None)
@given(decks())
def test_it_round_trips_any_deck_through_export(text):
    deck = resolve(parse_decklist(text), POOL)
    assert not deck.findings
    exported = export_decklist(deck)
    again = resolve(parse_decklist(exported), POOL)
    assert export_decklist(again) == exported
    assert again.counts() == deck.counts()
    assert again.card_count == deck.card_count


# ---------------------------------------------------------------- fast paths
# parse_decklist reads the common "COUNT TITLE" line with one regex, and resolve
# matches a title with no printing inline; both must answer exactly what the
# general path (_parse_line, _resolve_entry) answers.
_LINE_PARTS = st.sampled_from(
    [
        *["1", "3", "0", "00", "007", "999", "1000", "-1", "+2", "\u0663", "\u00b2"],
        *[" ", "  ", "\t", "\u00a0", "\x0b", "\x1c", "\u2028", "\x00"],
        *["x", "X", "\u00d7", "(", ")", "(CV1)", "(cv2) 1", " 17", "#", "//", "deck", "Main:"],
        *["2 ", "3 x ", "4x ", "5 X", " x", "x ", "\u00d7 ", "6 \u00a0", "Xerxes", "\u00b2 ", "\u0663 "],
        *["By Small Means", "Pride Cycle", "Moroni (Captain)", "Malcolm X 2", "2000 Stripling Warriors", "a"],
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.lists(_LINE_PARTS, max_size=8).map("".join), max_size=6).map("\n".join))
def test_the_fast_line_path_reads_every_line_as_the_general_path_does(text):
    parsed = parse_decklist(text)
    assert parsed == read_lines(text, _parse_line)
    # And the inline resolving of plain titles gives what _resolve_entry gives.
    deck = resolve(parsed, POOL)
    suggest = _Suggester(POOL)
    expected = []
    for entry in parsed.entries:
        result = _resolve_entry(entry, POOL, suggest)
        alternative = entry.alternative
        while isinstance(result, Finding) and alternative is not None:
            other = _resolve_entry(alternative, POOL, suggest)
            result = other if isinstance(other, ResolvedEntry) else result
            alternative = alternative.alternative
        if isinstance(result, ResolvedEntry):
            expected.append(result)
    assert deck.entries == tuple(expected)


def test_the_fast_constructors_build_what_the_dataclass_constructors_build():
    entry = _text_entry(3, "By Small Means", 7)
    plain = DeckEntry(count=3, title="By Small Means", line=7, text="By Small Means")
    assert entry == plain
    assert vars(entry) == vars(plain)
    printings = POOL.by_title("By Small Means")
    resolved = _title_entry(entry, printings)
    plain_resolved = ResolvedEntry(entry=plain, card=printings[0], candidates=printings, explicit=False)
    assert resolved == plain_resolved
    assert vars(resolved) == vars(plain_resolved)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(" \t\n\r\x0b\x0c\x1c\x85\u00a0\u2028\u3000aB\u00df\u0130 ")))
def test_a_title_key_collapses_white_space_as_the_regex_did(title):
    assert title_key(title) == re.sub(r"\s+", " ", title).strip().casefold()


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab \r\n\x0b\x85\u2028")))
def test_split_lines_splits_on_exactly_the_three_line_breaks(text):
    assert split_lines(text) == re.split(r"\r\n|\r|\n", text)


def test_casefold_neither_makes_nor_removes_white_space():
    # resolve() looks a title up by title.casefold() before collapsing its
    # spaces; that is only right if case folding leaves white space alone.
    for code_point in range(sys.maxunicode + 1):
        char = chr(code_point)
        folded = char.casefold()
        if char.isspace():
            assert folded == char, hex(code_point)
        else:
            assert not any(c.isspace() for c in folded), hex(code_point)


# ---------------------------------------------------------------- one-pass reading
TOURNAMENT = TournamentFormat(
    slug="spring",
    name="Spring",
    game=CV,
    base_format="advanced",
    legal_sets=frozenset({"CV1"}),
    banned_titles=("Faithful Servant",),
    restricted_titles=("Faith Without Works",),
    min_size=3,
    max_size=12,
)
FORMATS = (*base_formats(CV), TOURNAMENT)


@st.composite
def plain_lists(draw):
    """Mostly plain lists (blank lines, comments, headers, COUNT TITLE), now and then a line that is not."""
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["entry"] * 6 + ["blank", "comment", "header", "other"]))
        if kind == "entry":
            title = draw(st.sampled_from([c.title for c in CV_CARDS] + ["No Such Card"]))
            title = draw(st.sampled_from([title, title.upper(), title.replace(" ", "  "), title.lower()]))
            form = draw(st.sampled_from(["{n} {t}", "{n}x {t}", "{n} x {t}", "{n}\t{t}", " {n} {t} "]))
            lines.append(form.format(n=draw(st.sampled_from([1, 2, 3, 4, 0, 999])), t=title))
        elif kind == "blank":
            lines.append(draw(st.sampled_from(["", "  ", "\t"])))
        elif kind == "comment":
            lines.append(draw(st.sampled_from(["# deck", "// side", "#"])))
        elif kind == "header":
            lines.append(draw(st.sampled_from(["Deck", "main:"])))
        else:
            lines.append(
                draw(st.sampled_from(["1 Pride Cycle (CV1) 17", "By Small Means x2", "nonsense", "1 Malcolm X 2"]))
            )
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines)


@settings(max_examples=400, deadline=None)
@given(st.one_of(plain_lists(), st.lists(st.lists(_LINE_PARTS, max_size=8).map("".join), max_size=6).map("\n".join)))
def test_a_list_read_in_one_pass_is_what_parse_and_resolve_read(text):
    full = resolve(parse_decklist(text), POOL)
    plain = read_plain_decklist(text, POOL)
    if plain is None:
        return  # parse_decklist and resolve read it; nothing to compare
    assert plain.deck == full
    assert not plain.findings and not full.findings
    assert list(plain.copies.items()) == list(full.counts().items())
    assert plain.card_count == full.card_count
    for fmt in FORMATS:
        assert validate_deck(plain, fmt) == validate_deck(full, fmt)


def test_only_a_list_with_nothing_to_report_is_read_in_one_pass():
    plain = read_plain_decklist("# Faith\n\nDeck:\n3 By Small Means\n2x faith  without works\n1 Pride Cycle", POOL)
    assert plain is not None
    assert plain.copies == {"by small means": 3, "faith without works": 2, "pride cycle": 1}
    for text in ["1 Pride Cycle (CV1) 17", "3 Bye Small Means", "0 Pride Cycle", "nonsense", "Pride Cycle x1"]:
        assert read_plain_decklist(f"3 By Small Means\n{text}", POOL) is None
