"""Deck validation (docs/contracts/validation.md): every finding code, every game's formats, tournament formats.

No database.
"""

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.parse import entries_from_json
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import resolve
from rules.formats import BASE_FORMATS
from rules.formats import TournamentFormat
from rules.formats import UnknownFormat
from rules.formats import base_format
from rules.text import title_key
from rules.validation import ValidationResult
from rules.validation import check_deck
from rules.validation import findings_by_line
from rules.validation import validate_deck
from tests.decklists import copies_per_title

CV, BB, BC = "chapter-and-verse", "bible-battles", "battle-cards"
BMB, WPL = "book-of-mormon-battles", "warriors-of-the-promised-land"

# Twenty plain Chapter and Verse titles, plus the special ones.
CV_PLAIN = tuple(CardData(CV, "CV1", str(100 + i), f"Verse {chr(64 + i)}") for i in range(1, 21))
CV_CARDS = (
    *CV_PLAIN,
    CardData(CV, "CV1", "50", "By Small Means"),
    CardData(CV, "CV2", "1", "By Small  means"),
    CardData(CV, "CV1", "17", "Pride Cycle", unique=True, advanced=True),
    CardData(CV, "CV2", "5", "Armor of God", advanced=True),
    CardData(CV, "CV3", "1", "Armor of God"),
    CardData(CV, "CV3", "2", "Only In Three"),
)
CV_POOL = CardPool.of(CV, CV_CARDS)

BB_POOL = CardPool.of(
    BB,
    [
        CardData(BB, "BB1", "1", "Shepherd", type="follower"),
        CardData(BB, "BB1", "2", "Goat", type="animal"),
        CardData(BB, "BB1", "3", "Moses", type="unique-person"),
        CardData(BB, "BB1", "4", "Ark of the Covenant", type="item", unique=True),
        CardData(BB, "BB1", "5", "Levite", type="follower", unique=True),
        CardData(BB, "BB1", "6", "Chariots", type="army"),
    ],
)

BC_POOL = CardPool.of(
    BC,
    [CardData(BC, "BC1", str(i), f"Beast {i}", value=v) for i, v in enumerate([2, 3, 4, 5, 6, 7, 8, 9, 10], start=1)],
)

BMB_POOL = CardPool.of(
    BMB,
    [
        CardData(BMB, "BMB", "1", "Captain Moroni", kind="character", value=4000),
        CardData(BMB, "BMB", "2", "Faith", kind="power", copies=3),
        CardData(BMB, "BMB", "3", "Famine", kind="power", copies=2),
        CardData(BMB, "BMX", "1", "Captain Moroni", kind="character", value=4000),
        CardData(BMB, "BMX", "2", "Teancum", kind="character", value=3000),
    ],
)


def verses(n: int, copies: int = 2, start: int = 0) -> str:
    """n cards of plain verses from the `start`th title on, `copies` of each (the last title takes the rest)."""
    return "\n".join(f"{count} {CV_PLAIN[i].title}" for i, count in enumerate(copies_per_title(n, copies), start=start))


def check(text: str, pool: CardPool = CV_POOL, fmt=None) -> ValidationResult:
    return check_deck(parse_decklist(text), pool, fmt or base_format(pool.game))


def only(result: ValidationResult, code: str) -> dict:
    found = [f.to_dict() for f in result.errors if f.code == code]
    assert len(found) == 1, result.to_dict()
    return found[0]


# ---------------------------------------------------------------- the result shape
def test_it_answers_the_spec_example_exactly():
    result = check(verses(35) + "\n4 By Small Means")
    assert result.to_dict() == {
        "legal": False,
        "game": CV,
        "format": "advanced",
        "card_count": 39,
        "errors": [
            {
                "code": "deck-too-small",
                "minimum": 40,
                "message": "The deck has 39 cards; the minimum is 40.",
            },
            {
                "code": "too-many-copies",
                "title": "By Small Means",
                "count": 4,
                "limit": 3,
                "message": "4 copies of By Small Means; at most 3 are allowed.",
            },
        ],
        "warnings": [],
    }


def test_it_calls_a_deck_legal_exactly_when_there_are_no_errors():
    result = check(verses(40, copies=3))
    assert result.legal is True
    assert result.to_dict()["errors"] == []
    assert result.to_dict()["legal"] is True


# ---------------------------------------------------------------- table: every code
CASES = [
    # (name, pool, format, text, codes expected in errors, in that order)
    ("legal advanced", CV_POOL, "advanced", verses(40, 3), []),
    ("unparseable", CV_POOL, "advanced", verses(40) + "\nnot a line", ["unparseable-line"]),
    ("unknown", CV_POOL, "advanced", verses(40) + "\n1 Nope", ["unknown-card"]),
    ("invalid count", CV_POOL, "advanced", verses(40) + "\n0 Verse A", ["invalid-count"]),
    ("too small", CV_POOL, "advanced", verses(39), ["deck-too-small"]),
    ("too many", CV_POOL, "advanced", verses(40) + "\n4 By Small Means", ["too-many-copies"]),
    ("unique", CV_POOL, "advanced", verses(40) + "\n2 Pride Cycle", ["unique-limit"]),
    ("unique and too many", CV_POOL, "advanced", verses(40) + "\n4 Pride Cycle", ["too-many-copies", "unique-limit"]),
    ("advanced in basic", CV_POOL, "basic", verses(40) + "\n1 Pride Cycle", ["advanced-card"]),
    ("basic has no copy limit", CV_POOL, "basic", verses(40, copies=10), []),
    ("basic allows a reprint", CV_POOL, "basic", verses(40) + "\n1 Armor of God", []),
    ("basic advanced printing", CV_POOL, "basic", verses(40) + "\n1 Armor of God (CV2) 5", ["advanced-card"]),
    ("bb legal", BB_POOL, "standard", "3 Goat\n30 Shepherd\n1 Moses", []),
    ("bb too many", BB_POOL, "standard", "4 Goat", ["too-many-copies"]),
    ("bb unique person", BB_POOL, "standard", "2 Moses", ["unique-limit"]),
    ("bb unique flag", BB_POOL, "standard", "4 Ark of the Covenant", ["too-many-copies", "unique-limit"]),
    ("bb unique follower", BB_POOL, "standard", "9 Levite", ["unique-limit"]),
    ("squad legal", BC_POOL, "battle-mode", "\n".join(f"1 Beast {i}" for i in range(1, 7)), []),
    ("squad small", BC_POOL, "battle-mode", "1 Beast 1\n1 Beast 2", ["squad-size"]),
    ("squad dup", BC_POOL, "battle-mode", "2 Beast 1\n1 Beast 2\n1 Beast 3\n1 Beast 4\n1 Beast 5", ["duplicate-card"]),
    ("squad value", BC_POOL, "battle-mode", "\n".join(f"1 Beast {i}" for i in range(4, 10)), ["squad-value"]),
    ("complete", BMB_POOL, "complete", "1 Captain Moroni\n3 Faith\n2 Famine", []),
    ("complete other set", BMB_POOL, "complete", "1 Captain Moroni\n1 Teancum", []),
    ("not complete", BMB_POOL, "complete", "1 Captain Moroni\n2 Faith\n2 Famine", ["not-complete"]),
]


@pytest.mark.parametrize(("pool", "fmt", "text", "codes"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_it_finds_each_rule_it_should(pool, fmt, text, codes):
    result = check(text, pool, base_format(pool.game, fmt))
    assert [f.code for f in result.errors] == codes, result.to_dict()
    assert result.legal is (not codes)
    for f in result.to_dict()["errors"]:
        assert f["code"] and f["message"]


def test_every_code_of_the_spec_is_exercised():
    spec_codes = {
        "unparseable-line",
        "unknown-card",
        "invalid-count",
        "deck-too-small",
        "deck-too-large",
        "too-many-copies",
        "unique-limit",
        "advanced-card",
        "banned-card",
        "restricted-card",
        "set-not-legal",
        "squad-size",
        "squad-value",
        "duplicate-card",
        "not-complete",
    }
    tested = {code for case in CASES for code in case[4]} | {f[0] for f in TOURNAMENT_CASES}
    assert spec_codes <= tested


# ---------------------------------------------------------------- Chapter and Verse
def test_it_counts_copies_by_title_across_sets_and_printings():
    result = check(verses(40) + "\n2 By Small Means\n1 by small  MEANS (CV2) 1\n1 By Small Means (CV1) 50")
    f = only(result, "too-many-copies")
    assert (f["title"], f["count"], f["limit"]) == ("By Small Means", 4, 3)


def test_it_gives_a_unique_title_both_findings():
    result = check(verses(40) + "\n4 Pride Cycle")
    assert only(result, "too-many-copies")["count"] == 4
    unique = only(result, "unique-limit")
    assert unique == {
        "code": "unique-limit",
        "title": "Pride Cycle",
        "count": 4,
        "limit": 1,
        "message": "4 copies of Pride Cycle; it is Unique, so at most 1 is allowed.",
    }


def test_it_gathers_every_finding_in_one_pass():
    result = check(verses(30) + "\n4 By Small Means\n2 Pride Cycle\nnonsense\n1 Nope\n0 Verse A")
    assert result.codes() == [
        "unparseable-line",
        "unknown-card",
        "invalid-count",
        "deck-too-small",
        "too-many-copies",
        "unique-limit",
    ]


def test_it_leaves_out_entries_it_could_not_read():
    # 39 good cards plus lines that would make 40+ if they counted.
    result = check(verses(39) + "\n5 Nope\n0 Verse A\n1000 Verse B\n1 Verse T (ZZ) 1\n3x\n")
    assert result.card_count == 39
    assert "deck-too-small" in result.codes()
    assert "too-many-copies" not in result.codes()


def test_it_flags_an_advanced_card_in_basic_with_its_title_and_count():
    result = check(verses(40) + "\n1 Pride Cycle", fmt=base_format(CV, "basic"))
    f = only(result, "advanced-card")
    assert (f["title"], f["count"]) == ("Pride Cycle", 1)


def test_it_uses_advanced_as_the_default_format_of_chapter_and_verse():
    assert base_format(CV).slug == "advanced"
    assert [f.slug for f in BASE_FORMATS[CV]] == ["advanced", "basic"]


# ---------------------------------------------------------------- Bible Battles
def test_it_lets_followers_go_past_three_copies():
    result = check("40 Shepherd\n3 Goat\n1 Moses\n16 Chariots", BB_POOL)
    assert result.codes() == ["too-many-copies"]
    assert only(result, "too-many-copies")["title"] == "Chariots"


def test_it_limits_a_unique_follower_to_one():
    f = only(check("2 Levite", BB_POOL), "unique-limit")
    assert (f["title"], f["count"]) == ("Levite", 2)
    assert "too-many-copies" not in check("9 Levite", BB_POOL).codes()


@pytest.mark.parametrize(("size", "warned"), [(59, True), (60, False), (61, True), (1, True)])
def test_it_suggests_sixty_cards_without_making_the_deck_illegal(size, warned):
    result = check(f"{size} Shepherd", BB_POOL)
    assert result.legal
    assert [w.code for w in result.warnings] == (["suggested-size"] if warned else [])
    if warned:
        w = result.to_dict()["warnings"][0]
        assert w["message"] == f"The deck has {size} card{'s' if size != 1 else ''}; 60 are suggested."


# ---------------------------------------------------------------- Battle Cards
def test_it_totals_a_squads_value():
    result = check("\n".join(f"1 Beast {i}" for i in range(4, 10)), BC_POOL)
    f = only(result, "squad-value")
    assert f["total"] == 5 + 6 + 7 + 8 + 9 + 10
    assert result.legal is False


def test_it_wants_exactly_six_different_cards():
    result = check("6 Beast 1", BC_POOL)
    assert only(result, "duplicate-card")["count"] == 6
    assert "squad-size" not in result.codes()
    assert "squad-size" in check("\n".join(f"1 Beast {i}" for i in range(1, 8)), BC_POOL).codes()


# ---------------------------------------------------------------- fixed-deck games
def test_it_names_what_is_missing_and_extra_from_a_boxed_game():
    f = only(check("1 Captain Moroni\n2 Faith\n3 Famine\n1 Teancum", BMB_POOL), "not-complete")
    assert f["set"] == "BMB"
    assert f["missing"] == [{"title": "Faith", "count": 1}]
    assert {(e["title"], e["count"]) for e in f["extra"]} == {("Teancum", 1), ("Famine", 1)}
    assert "missing 1 Faith" in f["message"]


def test_it_refuses_an_empty_list_as_a_boxed_game():
    assert check("", BMB_POOL).codes() == ["not-complete"]


def test_it_validates_warriors_of_the_promised_land_the_same_way():
    pool = CardPool.of(
        WPL,
        [
            CardData(WPL, "WPL", "1", "Nephi", kind="warrior"),
            CardData(WPL, "WPL", "2", "Sword of Laban", kind="armory", copies=2),
        ],
    )
    assert check("1 Nephi\n2 Sword of Laban", pool).legal
    assert check("1 Nephi\n1 Sword of Laban", pool).codes() == ["not-complete"]


# ---------------------------------------------------------------- tournament formats
SPRING = TournamentFormat(
    slug="spring-open",
    name="Spring Open",
    game=CV,
    base_format="advanced",
    legal_sets=frozenset({"CV1", "CV3"}),
    banned_titles=("verse a",),
    restricted_titles=("Verse  B",),
    min_size=30,
    max_size=45,
)


def spring_deck(n: int) -> str:
    """n cards that break no rule of SPRING (Verse A is banned and Verse B restricted: left out)."""
    return verses(n, copies=3, start=2)


TOURNAMENT_CASES = [
    ("banned-card", spring_deck(40) + "\n1 Verse A", {"title": "Verse A", "count": 1}),
    ("restricted-card", spring_deck(40) + "\n2 verse b", {"title": "Verse B", "count": 2, "limit": 1}),
    ("set-not-legal", spring_deck(40) + "\n1 By Small Means (CV2) 1", {"title": "By Small Means", "sets": ["CV2"]}),
    ("deck-too-small", spring_deck(29), {"minimum": 30}),
    ("deck-too-large", spring_deck(46), {"maximum": 45}),
]


@pytest.mark.parametrize(("code", "text", "fields"), TOURNAMENT_CASES, ids=[c[0] for c in TOURNAMENT_CASES])
def test_it_applies_a_tournament_format(code, text, fields):
    result = check(text, fmt=SPRING)
    assert result.format == "spring-open"
    f = only(result, code)
    assert {k: f[k] for k in fields} == fields
    assert f["message"]


def test_its_tournament_sizes_replace_the_base_ones():
    # 35 cards: too small for advanced (40), enough for Spring Open (30).
    assert check(spring_deck(35), fmt=SPRING).legal
    assert not check(spring_deck(35)).legal


def test_it_keeps_the_base_rules_under_a_tournament_format():
    result = check(spring_deck(30) + "\n4 Verse T", fmt=SPRING)
    assert result.codes() == ["too-many-copies"]


def test_it_allows_a_title_reprinted_in_a_legal_set():
    base = spring_deck(36)
    # Without a printing, Armor of God may be the CV3 reprint: legal.
    assert "set-not-legal" not in check(base + "\n1 Armor of God", fmt=SPRING).codes()
    # Every printing named is CV2's: not legal.
    f = only(check(base + "\n1 Armor of God (CV2) 5", fmt=SPRING), "set-not-legal")
    assert f["sets"] == ["CV2"]
    # One line names CV2 but another may be any printing: the title is not flagged.
    assert "set-not-legal" not in check(base + "\n1 Armor of God (CV2) 5\n1 Armor of God", fmt=SPRING).codes()


def test_a_tournament_with_a_size_drops_the_suggested_size_warning():
    open_bb = TournamentFormat("bb-open", "BB Open", BB, "standard", min_size=50)
    assert check("50 Shepherd", BB_POOL, open_bb).warnings == ()
    assert [w.code for w in check("50 Shepherd", BB_POOL, TournamentFormat("x", "X", BB, "standard")).warnings] == [
        "suggested-size"
    ]


def test_a_tournament_with_no_legal_sets_allows_every_set():
    assert check(verses(40) + "\n1 By Small Means (CV2) 1", fmt=TournamentFormat("a", "A", CV, "advanced")).legal


@pytest.mark.parametrize(
    ("game", "slug", "field"), [("nope", None, "game"), (CV, "standard", "format"), (BB, "advanced", "format")]
)
def test_it_names_an_unknown_game_or_format(game, slug, field):
    with pytest.raises(UnknownFormat) as info:
        base_format(game, slug)
    assert info.value.field == field


def test_it_refuses_a_format_of_another_game():
    with pytest.raises(ValueError):
        validate_deck(resolve(parse_decklist("1 Shepherd"), BB_POOL), base_format(CV))


# ---------------------------------------------------------------- JSON decks and annotation
def test_it_validates_json_entries_the_same_as_text():
    entries = [{"title": c.title, "count": 2} for c in CV_PLAIN] + [{"set": "CV1", "number": "17", "count": 2}]
    result = check_deck(entries_from_json(entries), CV_POOL, base_format(CV))
    assert result.codes() == ["unique-limit"]
    assert result.card_count == 42


def test_it_places_title_findings_on_every_line_of_the_title():
    deck = resolve(parse_decklist("2 By Small Means\n# note\n2 By Small Means (CV2) 1\nnonsense"), CV_POOL)
    placed = findings_by_line(deck, validate_deck(deck, base_format(CV)))
    assert [f.code for f in placed[1]] == ["too-many-copies"]
    assert [f.code for f in placed[3]] == ["too-many-copies"]
    assert [f.code for f in placed[4]] == ["unparseable-line"]
    assert 2 not in placed


# ---------------------------------------------------------------- properties
LIMITED = [c for c in CV_CARDS if not c.unique and c.title_key != "armor of god"]


@st.composite
def legal_decks(draw):
    """A legal advanced deck as (title, count) lines: distinct titles, at most 3 each, 40+ cards."""
    cards = draw(
        st.lists(st.sampled_from(LIMITED), min_size=14, max_size=len(LIMITED), unique_by=lambda c: c.title_key)
    )
    lines = [(c.title, draw(st.integers(1, 3))) for c in cards]
    assume(sum(n for _, n in lines) >= 40)
    return lines


def text_of(lines) -> str:
    return "\n".join(f"{n} {title}" for title, n in lines)


@settings(max_examples=150, deadline=None)
@given(legal_decks(), st.randoms(use_true_random=False))
def test_a_legal_deck_stays_legal_when_reordered_or_split(lines, rnd):
    assert check(text_of(lines)).legal
    split = []
    for title, n in lines:
        while n > 1 and rnd.random() < 0.5:
            split.append((title, 1))
            n -= 1
        split.append((title, n))
    rnd.shuffle(split)
    result = check(text_of(split))
    assert result.legal, result.to_dict()
    assert result.card_count == sum(n for _, n in lines)


@settings(max_examples=150, deadline=None)
@given(legal_decks(), st.sampled_from(LIMITED), st.sampled_from(["{n} {t}", "{t} x{n}", "{n}x {t}"]))
def test_a_fourth_copy_of_any_title_is_always_too_many(lines, card, form):
    have = sum(n for title, n in lines if title_key(title) == card.title_key)
    extra = form.format(n=4 - have, t=card.title.upper())
    result = check(text_of(lines) + "\n" + extra)
    f = only(result, "too-many-copies")
    assert (title_key(f["title"]), f["count"], f["limit"]) == (card.title_key, 4, 3)
