"""Learning the verses of the cards: the drills' prompts and the grade an answer earns (docs/learning.md).

Pure functions, no Django and no scheduler: `learning.scheduling` hands the grade to the FSRS library.
Every typed answer is judged by `rules.quoting` (the same function as the tables' Quote It); this module
only says what a drill shows and which grade a judgement is worth:

- tap_order: the verse's words shown shuffled, tapped (or typed) back in order;
- first_letters: the verse's first letters shown ("F G s l t w"), the verse typed whole;
- blanks: the verse with some words blanked (more as the verse is remembered longer), the blanked words typed;
- whole: the card's title and reference shown, the verse typed whole;
- from_reference: only the reference shown, the verse typed whole;
- to_reference: the verse shown, its reference typed (`compare_reference`);
- recall: the reference shown, the player says the verse, looks, and grades themselves.
"""

from __future__ import annotations

import hashlib
import random
import re
from enum import IntEnum

from rules.quoting import STRICT
from rules.quoting import QuoteJudgement
from rules.quoting import ReferenceJudgement
from rules.quoting import compare_quote
from rules.quoting import quote_words
from rules.quoting import read_reference


class Grade(IntEnum):
    """The four answers FSRS takes, numbered as the library numbers its ratings."""

    AGAIN = 1
    HARD = 2
    GOOD = 3
    EASY = 4


GRADE_NAMES = {grade: grade.name.lower() for grade in Grade}

TAP_ORDER = "tap_order"
FIRST_LETTERS = "first_letters"
BLANKS = "blanks"
WHOLE = "whole"
FROM_REFERENCE = "from_reference"
TO_REFERENCE = "to_reference"
RECALL = "recall"
# From easy to hard; `recall` is graded by the player, the others by the judgement.
DRILL_KINDS: dict[str, str] = {
    TAP_ORDER: "Tap the words in order",
    FIRST_LETTERS: "First letters",
    BLANKS: "Fill in the blanks",
    WHOLE: "Type it whole",
    FROM_REFERENCE: "Reference to verse",
    TO_REFERENCE: "Verse to reference",
    RECALL: "Say it, then grade yourself",
}
SELF_GRADED = frozenset({RECALL})
TYPED_VERSE = frozenset({FIRST_LETTERS, WHOLE, FROM_REFERENCE})

BLANK = "_____"
_TOKEN_WORD = re.compile(r"[^\W_]", re.UNICODE)


def verse_key(scripture: str, reference: str) -> str:
    """One key per verse, whatever card prints it: the verse's words and its reference as read (or as written).

    Two printings of "Alma 37:6" with the same words are one verse to learn; a different text is another.
    """
    read = read_reference(reference[:100]) if reference else None
    ref = str(read) if read is not None else " ".join(reference.casefold().split())
    text = " ".join(quote_words(scripture))
    return hashlib.sha256(f"{ref}\n{text}".encode()).hexdigest()[:40]


def reference_readable(reference: str) -> bool:
    """Whether `compare_reference` can judge a typed reference against this one (else no to_reference drill)."""
    try:
        return bool(reference) and read_reference(reference) is not None
    except ValueError:
        return False


def first_letters(scripture: str) -> str:
    """Each word's first letter with the punctuation around it: "Even so faith, if..." is "E s f, i...".

    A word is a run of text between spaces that holds a letter or digit; one with none (a dash) is kept whole.
    """
    shown = []
    for token in scripture.split():
        found = _TOKEN_WORD.search(token)
        if found is None:
            shown.append(token)
            continue
        start = found.start()
        tail = re.search(r"[^\w']*$", token)
        end = tail.start() if tail is not None else len(token)
        shown.append(token[:start] + token[start] + token[max(end, start + 1) :])
    return " ".join(shown)


def scrambled_words(scripture: str, seed: int) -> list[str]:
    """The verse's words (as printed, punctuation kept) in an order drawn from `seed`, never the verse's own order
    when another exists: the tap-in-order drill shows these and the player puts them back."""
    words = scripture.split()
    shuffled = words[:]
    random.Random(seed).shuffle(shuffled)
    if shuffled == words and len(set(words)) > 1:
        # One in n! draws is the verse itself: turn it by one word, which changes it (two words differ).
        shuffled = shuffled[1:] + shuffled[:1]
    return shuffled


def judge_tapped(scripture: str, tapped: str) -> QuoteJudgement:
    """The words tapped in order judged against the verse with no wrong word forgiven: every word was given, so a
    word out of place is the mistake this drill teaches."""
    return compare_quote(tapped, scripture, tolerance=STRICT)


# A blanks drill hides at least this share of a verse's words (a new verse: a few blanks) and at most this share
# (a verse known for years: nearly every word), and in between the player's measured recall (docs/learning.md).
BLANKS_LEAST = 0.2
BLANKS_MOST = 0.95


def blank_count(words: int, recall: float) -> int:
    """How many of a verse's `words` a blanks drill hides, from the player's measured recall of it (0 to 1: the
    FSRS library's predicted chance they still recall it a year on, `learning.scheduling.recall_ahead`): that share
    of the words, from a few for a new verse (recall 0) to nearly all for one known for years; at least one, never
    every word. The same recall gives the same count."""
    share = min(BLANKS_MOST, max(BLANKS_LEAST, recall))
    return max(1, min(words - 1 if words > 1 else 1, round(words * share)))


def blank_positions(scripture: str, count: int, seed: int) -> tuple[int, ...]:
    """Which words (their index in `scripture.split()`) a blanks drill hides: `count` of the words with a letter,
    chosen by a generator of its own from `seed`, in reading order."""
    tokens = scripture.split()
    candidates = [i for i, token in enumerate(tokens) if _TOKEN_WORD.search(token)]
    count = max(0, min(count, len(candidates)))
    return tuple(sorted(random.Random(seed).sample(candidates, count)))


def with_blanks(scripture: str, positions: tuple[int, ...]) -> list[tuple[str, bool]]:
    """The verse's words in order, each `(text, hidden)`; a hidden word shows as BLANK with its punctuation kept."""
    hidden = set(positions)
    shown = []
    for i, token in enumerate(scripture.split()):
        if i in hidden:
            head = re.match(r"[^\w]*", token)
            tail = re.search(r"[^\w']*$", token)
            before = head.group(0) if head else ""
            after = tail.group(0) if tail else ""
            shown.append((f"{before}{BLANK}{after}", True))
        else:
            shown.append((token, False))
    return shown


def blanks_valid(scripture: str, positions: tuple[int, ...]) -> bool:
    """Whether `positions` name distinct words of the verse, in order (a drill's hidden field read back)."""
    tokens = scripture.split()
    return (
        bool(positions)
        and list(positions) == sorted(set(positions))
        and all(0 <= i < len(tokens) and _TOKEN_WORD.search(tokens[i]) for i in positions)
    )


def judge_blanks(scripture: str, positions: tuple[int, ...], typed: list[str]) -> QuoteJudgement:
    """The blanked words typed (one text per blank, in order) judged against the hidden words, with no wrong word
    forgiven (a slip still is): the same comparing function as a verse typed whole."""
    tokens = scripture.split()
    expected = " ".join(tokens[i] for i in positions)
    return compare_quote(" ".join(typed), expected, tolerance=STRICT)


def grade_for_quote(judgement: QuoteJudgement) -> Grade:
    """A typed verse's grade: not the verse, Again; the verse with a wrong word forgiven, Hard; else Good.

    Slips (a letter off) cost nothing. Easy is the player's own word (the self-graded drill), never a guess.
    """
    if not judgement.matches:
        return Grade.AGAIN
    if judgement.wrong:
        return Grade.HARD
    return Grade.GOOD


def grade_for_reference(judgement: ReferenceJudgement) -> Grade:
    return Grade.GOOD if judgement.matches else Grade.AGAIN


def choose_kind(*, reviews: int, stability: float | None, reference_ok: bool) -> str:
    """The drill a verse gets next when the player does not choose, from easy to hard: its words tapped in order
    for a new verse, its first letters at the second review, blanks while it is young, then the verse typed
    whole, from its reference, and its reference from it, in turn."""
    if reviews == 0:
        return TAP_ORDER
    if reviews == 1 or stability is None:
        return FIRST_LETTERS
    if stability < 3:
        return BLANKS
    cycle = [WHOLE, FROM_REFERENCE, TO_REFERENCE] if reference_ok else [WHOLE, FROM_REFERENCE]
    return cycle[reviews % len(cycle)]
