"""Choosing verses, the goal, and recording reviews: scheduled by the FSRS library, idempotent by uuid."""

import uuid
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest

from cardsite.api.errors import ServiceError
from learning.models import LearnedVerse
from learning.models import Review
from learning.selectors import due_count
from learning.selectors import learning_stats
from learning.selectors import verses_due
from learning.services import ReviewInput
from learning.services import drill_answer
from learning.services import goal_set
from learning.services import reviews_record
from learning.services import verses_add_from_deck
from learning.services import verses_add_from_set
from rules.learning import BLANKS
from rules.learning import RECALL
from rules.learning import TO_REFERENCE
from rules.learning import WHOLE
from rules.learning import Grade

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def review(verse, grade, when, kind=WHOLE, key=None):
    return ReviewInput(uuid=key or uuid.uuid4(), verse=verse.pk, grade=grade, kind=kind, reviewed=when)


def test_it_learns_a_decks_verses_once_each(alice, alice_deck, alice_verses):
    assert sorted(alice_verses) == ["Alma 37:6", "Helaman 12:2", "James 2:17"]  # two printings, one verse
    assert verses_add_from_deck(user=alice, deck=alice_deck) == 0
    assert LearnedVerse.objects.filter(user=alice).count() == 3


def test_a_set_adds_only_the_verses_not_learned_yet(alice, alice_verses, cv_cards):
    assert verses_add_from_set(user=alice, card_set=cv_cards["means2"].card_set) == 0  # Alma 37:6 again
    assert verses_add_from_set(user=alice, card_set=cv_cards["faith"].card_set) == 0


def test_it_refuses_another_players_deck(bob, alice_deck):
    with pytest.raises(ServiceError) as refused:
        verses_add_from_deck(user=bob, deck=alice_deck)
    assert refused.value.status_code == 404


def test_the_same_review_sent_twice_is_stored_once(alice, alice_verses):
    verse = alice_verses["Alma 37:6"]
    batch = [review(verse, Grade.GOOD, T0), review(verse, Grade.HARD, T0 + timedelta(minutes=5))]
    first = reviews_record(user=alice, reviews=batch, now=T0 + timedelta(hours=1))
    verse.refresh_from_db()
    after_first = (verse.due, verse.stability, verse.reviews)
    again = reviews_record(user=alice, reviews=batch, now=T0 + timedelta(hours=2))
    verse.refresh_from_db()
    assert [o.duplicate for o in first] == [False, False] and [o.duplicate for o in again] == [True, True]
    assert [o.review.pk for o in again] == [o.review.pk for o in first]
    assert (verse.due, verse.stability, verse.reviews) == after_first == (first[1].review.due_after, verse.stability, 2)
    assert Review.objects.filter(user=alice).count() == 2


def test_a_uuid_repeated_in_one_batch_is_stored_once(alice, alice_verses):
    key = uuid.uuid4()
    verse = alice_verses["Alma 37:6"]
    outcomes = reviews_record(user=alice, reviews=[review(verse, Grade.GOOD, T0, key=key)] * 2, now=T0)
    assert [o.duplicate for o in outcomes] == [False, True]
    assert Review.objects.filter(user=alice).count() == 1


def test_another_players_uuid_is_no_duplicate_of_mine(alice, bob, alice_verses, bob_verse):
    key = uuid.uuid4()
    reviews_record(user=bob, reviews=[review(bob_verse, Grade.GOOD, T0, key=key)], now=T0)
    outcome = reviews_record(user=alice, reviews=[review(alice_verses["Alma 37:6"], Grade.GOOD, T0, key=key)], now=T0)
    assert not outcome[0].duplicate and Review.objects.filter(uuid=key).count() == 2


def test_a_bad_review_refuses_the_batch_and_changes_nothing(alice, alice_verses, bob_verse):
    verse = alice_verses["Alma 37:6"]
    before = list(LearnedVerse.objects.values_list("due", "stability", "reviews"))
    batch = [review(verse, Grade.GOOD, T0), review(bob_verse, Grade.GOOD, T0)]
    with pytest.raises(ServiceError) as refused:
        reviews_record(user=alice, reviews=batch, now=T0)
    assert refused.value.field == "reviews[1].verse"
    future = [review(verse, Grade.GOOD, T0 + timedelta(hours=1))]
    with pytest.raises(ServiceError) as refused:
        reviews_record(user=alice, reviews=future, now=T0)
    assert refused.value.field == "reviews[0].reviewed"
    assert list(LearnedVerse.objects.values_list("due", "stability", "reviews")) == before
    assert not Review.objects.exists()


def test_a_review_dated_before_the_last_is_scheduled_from_the_last(alice, alice_verses):
    verse = alice_verses["Alma 37:6"]
    reviews_record(user=alice, reviews=[review(verse, Grade.GOOD, T0 + timedelta(days=1))], now=T0 + timedelta(days=1))
    late = reviews_record(user=alice, reviews=[review(verse, Grade.GOOD, T0)], now=T0 + timedelta(days=2))
    assert late[0].review.reviewed == T0 + timedelta(days=1)


def test_the_due_queue_is_the_players_due_verses_longest_overdue_first(alice, bob, alice_verses, bob_verse):
    now = max(v.due for v in alice_verses.values()) + timedelta(seconds=1)
    assert due_count(user=alice, now=now) == 3
    reviews_record(user=alice, reviews=[review(alice_verses["Alma 37:6"], Grade.EASY, now)], now=now)
    queue = list(verses_due(user=alice, now=now + timedelta(seconds=1)))
    assert [v.card.reference for v in queue] == ["James 2:17", "Helaman 12:2"]  # added together: in card order
    assert all(v.user_id == alice.pk for v in queue)
    assert [v.due for v in queue] == sorted(v.due for v in queue)


def test_the_statistics_count_reviews_known_verses_and_retention(alice, alice_verses):
    verse = alice_verses["James 2:17"]
    steps = [(0, Grade.EASY), (10, Grade.GOOD), (30, Grade.AGAIN)]
    for days, grade in steps:
        when = T0 + timedelta(days=days)
        reviews_record(user=alice, reviews=[review(verse, grade, when)], now=when)
    now = T0 + timedelta(days=30, minutes=1)
    stats = learning_stats(user=alice, now=now, day_start=now - timedelta(hours=1))
    assert (stats.verses, stats.reviews, stats.reviews_today) == (3, 3, 1)
    assert stats.known == 0  # forgotten at the last review
    # Of the two reviews made while the verse was in review (days 10 and 30), one recalled.
    assert (stats.retention_reviews, stats.retention) == (2, 0.5)
    assert stats.goal == 20
    goal_set(user=alice, daily_reviews=5)
    assert learning_stats(user=alice, now=now, day_start=now).goal == 5


def test_a_goal_is_one_to_five_hundred(alice):
    for bad in (0, 501):
        with pytest.raises(ServiceError):
            goal_set(user=alice, daily_reviews=bad)


def test_a_typed_verse_is_judged_and_its_grade_follows(alice, alice_verses):
    verse = alice_verses["James 2:17"]
    right = drill_answer(user=alice, verse=verse, kind=WHOLE, uuid=uuid.uuid4(), answer=verse.card.scripture)
    wrong = drill_answer(user=alice, verse=verse, kind=WHOLE, uuid=uuid.uuid4(), answer="faith is good")
    assert (right.grade, wrong.grade) == (Grade.GOOD, Grade.AGAIN)
    assert wrong.quote is not None and any(e.kind == "missing" for e in wrong.quote.diff)
    ref = drill_answer(user=alice, verse=verse, kind=TO_REFERENCE, uuid=uuid.uuid4(), answer="Jas 2 17")
    assert ref.grade == Grade.GOOD and ref.reference.read_as == "James 2:17"
    own = drill_answer(user=alice, verse=verse, kind=RECALL, uuid=uuid.uuid4(), grade=Grade.EASY)
    assert own.grade == Grade.EASY and own.quote is None
    assert list(Review.objects.filter(user=alice).order_by("id").values_list("grade", flat=True)) == [3, 1, 3, 4]


def test_blanks_posted_back_wrong_are_refused(alice, alice_verses):
    verse = alice_verses["James 2:17"]
    with pytest.raises(ServiceError) as refused:
        drill_answer(user=alice, verse=verse, kind=BLANKS, uuid=uuid.uuid4(), blanks=(2, 99), typed_blanks=["a", "b"])
    assert refused.value.field == "blanks"
    assert not Review.objects.exists()
