"""The one function that judges a typed verse (and a typed reference): rules/quoting.py, docs/quoting.md."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz import process

from rules.quoting import DEFAULT_TOLERANCE
from rules.quoting import MAX_TYPED_CHARS
from rules.quoting import STRICT
from rules.quoting import DiffEntry
from rules.quoting import QuoteTolerance
from rules.quoting import QuoteTooLong
from rules.quoting import compare_quote
from rules.quoting import compare_reference
from rules.quoting import quote_words
from rules.quoting import read_reference
from rules.text import words
from tests.rules.checkers.pools import starter_pool

JOHN_3_16 = (
    "For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should "
    "not perish, but have everlasting life."
)
JOSHUA_1_9 = (
    "Have not I commanded thee? Be strong and of a good courage; be not afraid, neither be thou dismayed: "
    "for the LORD thy God [is] with thee whithersoever thou goest."
)

# Words of letters a-m only, and words of letters n-z only: no word of one is a word, or a slip, of the other.
verse_word = st.text(alphabet="abcdefghijklm", min_size=1, max_size=9)
other_word = st.text(alphabet="nopqrstuvwxyz", min_size=4, max_size=9)
verse_words = st.lists(verse_word, min_size=1, max_size=60)
# What may join or surround words without changing them: spacing, punctuation, dashes, quotes of every shape.
separator = st.sampled_from(
    [" ", "  ", "\n", ", ", "; ", ": ", ". ", "! ", "? ", " \u2014 ", " \u2013 ", "-", " (", ") "]
)
wrapper = st.sampled_from(["", '"', "\u201c", "\u201d", "'", "\u2018", "[", "]", "..."])


def _typed(diff: tuple[DiffEntry, ...]) -> list[str]:
    return " ".join(e.typed for e in diff if e.typed).split()


def _expected(diff: tuple[DiffEntry, ...]) -> list[str]:
    return " ".join(e.expected for e in diff if e.expected).split()


@given(verse=st.text(max_size=300))
def test_a_verse_always_matches_itself(verse):
    judgement = compare_quote(verse, verse)
    assert judgement.matches is bool(quote_words(verse))
    assert judgement.wrong == 0
    assert all(e.kind == "equal" for e in judgement.diff)


@given(words_=verse_words, data=st.data())
def test_case_punctuation_and_spacing_never_matter(words_, data):
    verse = " ".join(words_)
    typed = ""
    for word in words_:
        case = data.draw(st.sampled_from([str.upper, str.lower, str.title, str.capitalize]))
        typed += data.draw(wrapper) + case(word) + data.draw(wrapper) + data.draw(separator)
    judgement = compare_quote(typed, verse, tolerance=QuoteTolerance(0, 30, slips=False))
    assert judgement.matches
    assert judgement.score == 1.0
    assert all(e.kind == "equal" for e in judgement.diff)


@given(words_=st.lists(verse_word, min_size=30, max_size=90), data=st.data())
def test_one_changed_word_in_thirty_is_forgiven_by_default_and_refused_by_strict(words_, data):
    at = data.draw(st.integers(0, len(words_) - 1))
    typed = [*words_[:at], data.draw(other_word), *words_[at + 1 :]]
    default = compare_quote(" ".join(typed), " ".join(words_))
    assert default.matches
    assert default.wrong == 1
    assert not compare_quote(" ".join(typed), " ".join(words_), tolerance=STRICT).matches


@given(words_=st.lists(verse_word, min_size=1, max_size=14), data=st.data())
def test_a_short_verse_forgives_no_wrong_word(words_, data):
    at = data.draw(st.integers(0, len(words_) - 1))
    typed = [*words_[:at], data.draw(other_word), *words_[at + 1 :]]
    assert not compare_quote(" ".join(typed), " ".join(words_)).matches


@given(words_=verse_words, unrelated=st.lists(other_word, max_size=80), tolerance=st.integers(0, 30))
def test_an_empty_or_unrelated_text_never_matches(words_, unrelated, tolerance):
    verse = " ".join(words_)
    for typed in ("", "   ", "?!", " ".join(unrelated)):
        judgement = compare_quote(typed, verse, tolerance=QuoteTolerance(tolerance, 30))
        assert not judgement.matches
        assert judgement.score == 0.0


@given(verse=st.text(max_size=200), typed=st.text(max_size=400))
def test_the_diff_reconstructs_the_typed_and_the_verse_words(verse, typed):
    judgement = compare_quote(typed, verse)
    assert _typed(judgement.diff) == quote_words(typed)
    assert _expected(judgement.diff) == quote_words(verse)
    assert judgement.wrong == sum(1 for e in judgement.diff if e.kind in {"changed", "missing", "extra", "swapped"})
    assert 0.0 <= judgement.score <= 1.0


@given(words_=verse_words, extra=st.lists(other_word, min_size=1, max_size=300))
def test_a_long_typing_is_aligned_within_its_window_and_the_rest_is_extra(words_, extra):
    typed = " ".join(words_ + extra)
    judgement = compare_quote(typed, " ".join(words_))
    assert _typed(judgement.diff) == quote_words(typed)
    assert judgement.wrong == len(extra)
    assert judgement.matches is (len(extra) <= judgement.forgiven)


# Worked examples (docs/quoting.md) ----------------------------------------------------------------------


def _not_equal(typed: str, verse: str = JOHN_3_16, **kw) -> list[tuple[str, str, str]]:
    return [tuple(e) for e in compare_quote(typed, verse, **kw).diff if e.kind != "equal"]


def test_a_slip_is_shown_and_forgiven_even_by_strict():
    typed = JOHN_3_16.replace("believeth", "beleiveth").replace("begotten", "begoten")
    judgement = compare_quote(typed, JOHN_3_16, tolerance=STRICT)
    assert judgement.matches
    assert (judgement.wrong, judgement.slips, judgement.score) == (0, 2, 1.0)
    assert _not_equal(typed) == [("slip", "begotten", "begoten"), ("slip", "believeth", "beleiveth")]
    # Unless the setting counts slips as wrong.
    assert not compare_quote(typed, JOHN_3_16, tolerance=QuoteTolerance(0, slips=False)).matches


def test_a_short_word_has_no_slips():
    assert _not_equal("for god so loved the world", "for god so loved thy world") == [("changed", "thy", "the")]


def test_a_word_typed_as_two_or_two_as_one_is_a_slip():
    verse = "And thou Beth-lehem, in the land of Juda"
    assert _not_equal("and thou bethlehem in the land of juda", verse) == [("slip", "beth lehem", "bethlehem")]
    assert _not_equal("for the lord thy god is with thee whither soever thou goest", JOSHUA_1_9)[-1:] == [
        ("slip", "whithersoever", "whither soever")
    ]


def test_a_missing_word():
    typed = JOHN_3_16.replace("only ", "")
    judgement = compare_quote(typed, JOHN_3_16)
    assert _not_equal(typed) == [("missing", "only", "")]
    assert (judgement.matches, judgement.wrong, judgement.forgiven) == (True, 1, 1)
    assert judgement.score == pytest.approx(1 - 1 / 25)
    assert not compare_quote(typed, JOHN_3_16, tolerance=STRICT).matches


def test_an_extra_word():
    typed = JOHN_3_16.replace("the world", "the whole world")
    assert _not_equal(typed) == [("extra", "", "whole")]
    assert compare_quote(typed, JOHN_3_16).matches


def test_swapped_words_are_one_wrong_word():
    typed = JOHN_3_16.replace("God so loved", "so God loved")
    assert _not_equal(typed) == [("swapped", "god so", "so god")]
    assert compare_quote(typed, JOHN_3_16).wrong == 1


def test_two_wrong_words_in_a_verse_of_25_are_refused():
    typed = JOHN_3_16.replace("only ", "").replace("the world", "the whole world")
    judgement = compare_quote(typed, JOHN_3_16)
    assert (judgement.matches, judgement.wrong, judgement.forgiven) == (False, 2, 1)


def test_quotes_apostrophes_dashes_accents_and_wide_letters_are_read_as_plain_words():
    assert words("The LORD\u2019s word \u2014 \u201cfear not\u201d [is] here") == words(
        "the lords word fear not is here"
    )
    assert words("\uff2c\uff2f\uff32\uff24 na\u00efve") == ["lord", "naive"]


def test_digits_are_number_words():
    verse = "And the rain was upon the earth forty days and forty nights."
    assert compare_quote("and the rain was upon the earth 40 days and 40 nights", verse, tolerance=STRICT).matches
    assert quote_words("21 100") == ["twenty", "one", "100"]


def test_the_forgiven_wrong_words_are_rounded_to_the_nearest():
    assert [DEFAULT_TOLERANCE.forgiven(n) for n in (0, 14, 15, 30, 44, 45, 75)] == [0, 0, 1, 1, 1, 2, 3]
    assert STRICT.forgiven(300) == 0
    with pytest.raises(ValueError):
        QuoteTolerance(per_words=0)


def test_fewer_than_half_the_words_right_never_matches_whatever_the_setting():
    anything_goes = QuoteTolerance(wrong_words=30, per_words=30)
    assert compare_quote("Jesus wept", "Jesus wept.", tolerance=anything_goes).matches
    assert compare_quote("Jesus", "Jesus wept.", tolerance=anything_goes).matches
    assert not compare_quote("wept", "Jesus wept. And then", tolerance=anything_goes).matches


def test_a_typing_over_the_limit_is_refused_with_a_clear_error():
    compare_quote("a" * MAX_TYPED_CHARS, JOHN_3_16)
    with pytest.raises(QuoteTooLong, match="4001 characters long; at most 4000"):
        compare_quote("a" * (MAX_TYPED_CHARS + 1), JOHN_3_16)


# References ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed", ["John 3:16", "Jn 3 16", "john 3:16", "JOHN 3.16", "jn. 3:16", " John  3 : 16 ", "Jn 3,16"]
)
def test_a_reference_written_any_usual_way_matches(typed):
    assert compare_reference(typed, "John 3:16").matches


@pytest.mark.parametrize("typed", ["John 3:17", "John 3", "John 4:16", "1 John 3:16", "Jonah 3:16", "3:16", "", "John"])
def test_another_or_a_partial_reference_does_not(typed):
    assert not compare_reference(typed, "John 3:16").matches


@pytest.mark.parametrize(
    ("typed", "reference"),
    [
        ("1 Ne 3:7", "1 Nephi 3:7"),
        ("I Nephi 3:7", "1 Nephi 3:7"),
        ("1st Nephi 3:7", "1 Nephi 3:7"),
        ("1nephi 3:7", "1 Nephi 3:7"),
        ("Hel 5:12", "Helaman 5:12"),
        ("D&C 59:9", "D&C 59:9"),
        ("dc 59 9", "D&C 59:9"),
        ("Doctrine and Covenants 59:9", "D&C 59:9"),
        ("Psalm 23:1", "Psalms 23:1"),
        ("Ps 23:1", "Psalms 23:1"),
        ("i cor 10:13", "1 Corinthians 10:13"),
        ("Mk 1:1", "Mark 1:1"),
        ("John 3:16\u201317", "John 3:16-17"),
        ("JS\u2014H 1:17", "Joseph Smith\u2014History 1:17"),
    ],
)
def test_abbreviations_ordinals_and_other_scriptures(typed, reference):
    judgement = compare_reference(typed, reference)
    assert judgement.matches, judgement
    assert judgement.read_as == str(read_reference(reference))


def test_a_reference_not_read_says_so():
    assert compare_reference("gibberish 3:16", "John 3:16").read_as == ""
    assert compare_reference("John 3:17", "John 3:16").read_as == "John 3:17"
    with pytest.raises(ValueError):
        compare_reference("John 3:16", "not a reference")


# Every verse of the starter catalogs -------------------------------------------------------------------

CATALOG_CARDS = [
    card
    for game in ("chapter-and-verse", "chapter-and-verse-published")
    for card in starter_pool(game).cards
    if card.scripture
]


def test_the_starter_catalogs_have_verses():
    assert len(CATALOG_CARDS) > 100


@pytest.mark.parametrize("card", CATALOG_CARDS, ids=lambda c: c.reference)
def test_every_catalog_verse_matches_itself_and_its_reference(card):
    assert compare_quote(card.scripture, card.scripture, tolerance=STRICT).matches
    assert compare_quote(card.scripture.upper(), card.scripture, tolerance=STRICT).matches
    assert compare_reference(card.reference.casefold(), card.reference).matches
    assert read_reference(card.reference) is not None


def _nearest(card, k=3):
    """The `k` other verses of the catalogs most like `card`'s (rapidfuzz ratio of their words): the hardest to tell apart."""
    others = [c for c in CATALOG_CARDS if quote_words(c.scripture) != quote_words(card.scripture)]
    found = process.extract(
        " ".join(quote_words(card.scripture)), [" ".join(quote_words(c.scripture)) for c in others], limit=k
    )
    return [others[index] for _, _, index in found]


@pytest.mark.parametrize("card", CATALOG_CARDS, ids=lambda c: c.reference)
def test_no_catalog_verse_matches_the_verses_most_like_it(card):
    for other in _nearest(card):
        assert not compare_quote(card.scripture, other.scripture).matches, other.reference
        assert not compare_quote(other.scripture, card.scripture).matches, other.reference


def test_no_catalog_reference_matches_another():
    for a, b in itertools.permutations(CATALOG_CARDS, 2):
        if read_reference(a.reference) != read_reference(b.reference):
            assert not compare_reference(a.reference, b.reference).matches, (a.reference, b.reference)
