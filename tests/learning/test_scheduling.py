"""Scheduling goes through the fsrs library (learning/scheduling.py): after each grade, the verse's next due date,
state, stability and difficulty are the library's for the same card reviewed the same way."""

import uuid
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from fsrs import Card as FsrsCard
from fsrs import Rating
from fsrs import Scheduler
from fsrs import State

from learning.models import FsrsState
from learning.models import Review
from learning.scheduling import RECALL_AHEAD
from learning.scheduling import recall_ahead
from learning.selectors import verse_blank_count
from learning.services import ReviewInput
from learning.services import reviews_record
from rules.learning import BLANKS_LEAST
from rules.learning import WHOLE
from rules.learning import Grade

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def review(verse, grade, when):
    return ReviewInput(uuid=uuid.uuid4(), verse=verse.pk, grade=grade, kind=WHOLE, reviewed=when)


@pytest.mark.parametrize("grade", list(Grade))
def test_the_next_due_date_after_each_grade_is_the_librarys(alice, alice_verses, grade):
    """Each grade, first on a new verse and then on the same verse a day after a Good, gives the due date and state
    the fsrs library gives a card reviewed the same way (fuzz off: learning/scheduling.py)."""
    verse = alice_verses["James 2:17"]
    scheduler = Scheduler(enable_fuzzing=False)
    card = FsrsCard(due=verse.due)
    for when, rating in ((T0, Rating.Good), (T0 + timedelta(days=3), Rating(int(grade)))):
        reviews_record(user=alice, reviews=[review(verse, Grade(int(rating)), when)], now=when)
        card, _ = scheduler.review_card(card, rating, review_datetime=when)
        verse.refresh_from_db()
        assert verse.due == card.due
        assert verse.state == int(card.state)
        assert verse.stability == pytest.approx(card.stability)
        assert verse.difficulty == pytest.approx(card.difficulty)
        assert Review.objects.filter(verse=verse).first().due_after == card.due


def test_a_forgotten_verse_in_review_relearns(alice, alice_verses):
    verse = alice_verses["James 2:17"]
    for days, grade in ((0, Grade.EASY), (20, Grade.AGAIN)):
        reviews_record(
            user=alice, reviews=[review(verse, grade, T0 + timedelta(days=days))], now=T0 + timedelta(days=days)
        )
        verse.refresh_from_db()
    assert verse.state == FsrsState.RELEARNING == State.Relearning


def test_a_long_run_of_reviews_each_at_its_due_time_follows_the_library(alice, alice_verses):
    verse = alice_verses["Helaman 12:2"]
    scheduler = Scheduler(enable_fuzzing=False)
    card = FsrsCard(due=verse.due)
    when = T0
    grades = [3, 3, 2, 4, 1, 3, 3, 2, 3, 4, 1, 1, 3]
    for grade in grades:
        reviews_record(user=alice, reviews=[review(verse, Grade(grade), when)], now=when)
        card, _ = scheduler.review_card(card, Rating(grade), review_datetime=when)
        verse.refresh_from_db()
        assert (verse.due, verse.state, verse.step) == (card.due, int(card.state), card.step)
        assert verse.stability == pytest.approx(card.stability)
        when = card.due
    assert verse.reviews == len(grades)


def test_the_blanks_grow_with_the_librarys_measured_recall(alice, alice_verses):
    """A new verse gets a few blanks; each Good review at its due time raises the library's predicted recall a year
    on, and with it the blanks, up to nearly every word for a verse known for years; the count is the same for the
    same state and moment, and it is the library's retrievability that sets it."""
    verse = alice_verses["Helaman 12:2"]
    words = len(verse.card.scripture.split())
    when = T0
    counts = [verse_blank_count(verse=verse, now=when)]
    assert counts[0] == max(1, round(words * BLANKS_LEAST))
    scheduler = Scheduler(enable_fuzzing=False)
    card = FsrsCard(due=verse.due)
    for _ in range(8):
        reviews_record(user=alice, reviews=[review(verse, Grade.GOOD, when)], now=when)
        card, _ = scheduler.review_card(card, Rating.Good, review_datetime=when)
        verse.refresh_from_db()
        when = verse.due
        recall = scheduler.get_card_retrievability(card, when + RECALL_AHEAD)
        assert recall_ahead(verse, when) == pytest.approx(recall)
        counts.append(verse_blank_count(verse=verse, now=when))
        assert verse_blank_count(verse=verse, now=when) == counts[-1]
    assert counts == sorted(counts) and counts[-1] > counts[1] > counts[0]
    assert counts[-1] >= round(0.85 * words)  # eight Good reviews: years apart by the end


def test_a_neglected_or_forgotten_verse_gets_fewer_blanks(alice, alice_verses):
    verse = alice_verses["Helaman 12:2"]
    for days in (0, 2, 15):
        when = T0 + timedelta(days=days)
        reviews_record(user=alice, reviews=[review(verse, Grade.GOOD, when)], now=when)
    verse.refresh_from_db()
    fresh = verse_blank_count(verse=verse, now=verse.due)
    assert verse_blank_count(verse=verse, now=verse.due + timedelta(days=400)) < fresh
    reviews_record(user=alice, reviews=[review(verse, Grade.AGAIN, verse.due)], now=verse.due)
    verse.refresh_from_db()
    assert verse_blank_count(verse=verse, now=verse.last_review) < fresh
