"""The drills' prompts and grades (rules/learning.py): pure, no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.learning import BLANK
from rules.learning import BLANKS
from rules.learning import FIRST_LETTERS
from rules.learning import FROM_REFERENCE
from rules.learning import TAP_ORDER
from rules.learning import TO_REFERENCE
from rules.learning import WHOLE
from rules.learning import Grade
from rules.learning import blank_count
from rules.learning import blank_positions
from rules.learning import blanks_valid
from rules.learning import choose_kind
from rules.learning import first_letters
from rules.learning import grade_for_quote
from rules.learning import grade_for_reference
from rules.learning import judge_blanks
from rules.learning import judge_tapped
from rules.learning import reference_readable
from rules.learning import scrambled_words
from rules.learning import verse_key
from rules.learning import with_blanks
from rules.quoting import compare_quote
from rules.quoting import compare_reference

JOHN = (
    "For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not "
    "perish, but have everlasting life."
)
JAMES = "Even so faith, if it hath not works, is dead, being alone."


def test_it_shows_each_words_first_letter_with_its_punctuation():
    assert first_letters(JAMES) == "E s f, i i h n w, i d, b a."
    assert first_letters("[is] the Lord's — day") == "[i] t L — d"


def test_it_blanks_words_in_order_from_its_own_seed():
    positions = blank_positions(JOHN, 5, seed=7)
    assert positions == blank_positions(JOHN, 5, seed=7)
    assert len(positions) == 5 and list(positions) == sorted(positions)
    shown = with_blanks(JOHN, positions)
    assert [i for i, (_, hidden) in enumerate(shown) if hidden] == list(positions)
    assert all(BLANK in text for text, hidden in shown if hidden)
    assert blanks_valid(JOHN, positions)


def test_it_keeps_the_punctuation_of_a_blanked_word():
    words = JAMES.split()
    assert with_blanks(JAMES, (2,))[2] == (f"{BLANK},", True)
    assert with_blanks(JAMES, (2,))[0] == (words[0], False)


@pytest.mark.parametrize("positions", [(), (3, 1), (1, 1), (99,), (-1,)])
def test_it_refuses_blanks_that_are_not_the_verses_words(positions):
    assert not blanks_valid(JAMES, positions)


def test_more_words_are_blanked_as_the_verse_is_recalled_better():
    counts = [blank_count(40, r) for r in (0.0, 0.3, 0.5, 0.7, 0.9, 1.0)]
    assert counts == sorted(counts)
    assert counts[0] == 8  # a new verse: a fifth of its words
    assert counts[-1] == 38  # known for years: nearly all of them, never every one


@given(st.text(min_size=1, max_size=200), st.floats(min_value=0, max_value=1))
def test_blanks_never_hide_every_word_or_fewer_than_one(text, recall):
    words = len(text.split())
    if words:
        assert 1 <= blank_count(words, recall) <= max(1, words - 1)
        assert blank_count(words, recall) == blank_count(words, recall)


def test_the_blanked_words_typed_are_judged_by_the_quote_function():
    positions = (2, 7)  # "faith," and "works,"
    assert judge_blanks(JAMES, positions, ["faith", "works"]).matches
    assert judge_blanks(JAMES, positions, ["Faith", "wroks"]).matches  # a slip is forgiven
    assert not judge_blanks(JAMES, positions, ["faith", "deeds"]).matches


def test_the_grade_follows_from_the_judgement():
    assert grade_for_quote(compare_quote(JOHN, JOHN)) == Grade.GOOD
    assert grade_for_quote(compare_quote(JOHN.replace("only ", ""), JOHN)) == Grade.HARD  # one wrong word forgiven
    assert grade_for_quote(compare_quote("the world", JOHN)) == Grade.AGAIN
    assert grade_for_quote(compare_quote("", JOHN)) == Grade.AGAIN
    assert grade_for_reference(compare_reference("Jn 3 16", "John 3:16")) == Grade.GOOD
    assert grade_for_reference(compare_reference("John 3:17", "John 3:16")) == Grade.AGAIN


def test_a_verse_is_one_verse_whatever_card_prints_it():
    assert verse_key(JAMES, "James 2:17") == verse_key(JAMES.upper(), "Jas 2 17")
    assert verse_key(JAMES, "James 2:17") != verse_key(JAMES, "James 2:18")
    assert verse_key(JAMES, "James 2:17") != verse_key(JOHN, "James 2:17")


def test_the_drill_grows_harder_as_the_verse_is_known():
    assert choose_kind(reviews=0, stability=None, reference_ok=True) == TAP_ORDER
    assert choose_kind(reviews=1, stability=5.0, reference_ok=True) == FIRST_LETTERS
    assert choose_kind(reviews=2, stability=1.0, reference_ok=True) == BLANKS
    later = {choose_kind(reviews=n, stability=10.0, reference_ok=True) for n in range(3, 6)}
    assert later == {WHOLE, FROM_REFERENCE, TO_REFERENCE}
    assert TO_REFERENCE not in {choose_kind(reviews=n, stability=10.0, reference_ok=False) for n in range(3, 6)}


def test_a_reference_the_function_cannot_read_offers_no_reference_drill():
    assert reference_readable("Alma 37:6")
    assert not reference_readable("")
    assert not reference_readable("somewhere in the middle")


@given(
    st.lists(
        st.sampled_from(["In", "the", "beginning,", "God", "created", "heaven", "earth."]), min_size=1, max_size=30
    )
)
def test_the_tapped_words_are_the_verses_words_in_another_order(words):
    verse = " ".join(words)
    for seed in range(3):
        shown = scrambled_words(verse, seed)
        assert sorted(shown) == sorted(words)
        assert shown != words or len(set(words)) == 1
        assert scrambled_words(verse, seed) == shown  # the same drill shows the same order
    assert judge_tapped(verse, verse).matches


def test_words_tapped_out_of_order_are_not_the_verse():
    words = JAMES.split()
    swapped = words[:]
    swapped[3], swapped[4] = swapped[4], swapped[3]
    judgement = judge_tapped(JAMES, " ".join(swapped))
    assert not judgement.matches and grade_for_quote(judgement) == Grade.AGAIN
