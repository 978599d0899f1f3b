"""Writing a player's learning: choosing verses (from a deck of theirs or a catalog set), the daily goal, and
recording reviews, each scheduled by the FSRS library (learning.scheduling).

Recording is idempotent: a review's uuid is unique per player, so a batch sent twice (an offline client that did
not hear the answer) stores each review once and answers the same. A batch is read whole before anything is
written: one bad review refuses the batch (400 naming it) and nothing changes.
"""

from __future__ import annotations

import uuid as uuid_module
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.utils import timezone

from cardcollections.models import Card
from cardcollections.models import CardSet
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError
from decks.models import Deck
from learning import scheduling
from learning.models import MAX_DAILY_GOAL
from learning.models import LearnedVerse
from learning.models import LearningGoal
from learning.models import Review
from learning.selectors import deck_verse_cards
from learning.selectors import owned_verse_cards
from learning.selectors import verse_cards
from rules.learning import BLANKS
from rules.learning import DRILL_KINDS
from rules.learning import RECALL
from rules.learning import TAP_ORDER
from rules.learning import TO_REFERENCE
from rules.learning import Grade
from rules.learning import blanks_valid
from rules.learning import grade_for_quote
from rules.learning import grade_for_reference
from rules.learning import judge_blanks
from rules.learning import judge_tapped
from rules.learning import reference_readable
from rules.learning import verse_key
from rules.quoting import QuoteJudgement
from rules.quoting import QuoteTooLong
from rules.quoting import ReferenceJudgement
from rules.quoting import compare_quote
from rules.quoting import compare_reference

MAX_BATCH = 200
# A client's clock may run a little ahead of ours; a review dated further ahead is refused.
CLOCK_SKEW = timedelta(minutes=5)


class LearningError(ServiceError):
    """A request about learning the service refuses: a bad review (400 naming it), a verse not the player's (404)."""


@dataclass(frozen=True)
class ReviewInput:
    """One review as a client sends it: its uuid, the verse, the grade, the drill, and when (now if not said)."""

    uuid: uuid_module.UUID
    verse: int
    grade: Grade
    kind: str
    reviewed: datetime | None = None
    score: float | None = None


@dataclass(frozen=True)
class ReviewOutcome:
    review: Review
    duplicate: bool


def verses_add_cards(*, user: User, cards: Iterable[Card], now: datetime) -> int:
    """Add each card's verse that `user` does not learn yet (one per verse, the first card printing it)."""
    known = set(LearnedVerse.objects.filter(user_id=user.pk).values_list("verse_key", flat=True))
    new: dict[str, LearnedVerse] = {}
    for card in cards:
        if not card.scripture or not card.reference:
            continue
        key = verse_key(card.scripture, card.reference)
        if key in known or key in new:
            continue
        new[key] = LearnedVerse(user_id=user.pk, card=card, verse_key=key, added=now, due=now)
    # A verse added at the same moment by another request is skipped by the unique constraint.
    LearnedVerse.objects.bulk_create(new.values(), ignore_conflicts=True)
    return len(new)


def verses_add_from_deck(*, user: User, deck: Deck, now: datetime | None = None) -> int:
    """Learn the verses of `deck` (a deck of `user`'s: the caller looked it up as theirs); how many are new."""
    if deck.owner_id != user.pk:
        raise LearningError("No such deck.", kind=NOT_FOUND)
    return verses_add_cards(user=user, cards=deck_verse_cards(deck=deck), now=now or timezone.now())


def verses_add_from_collection(*, user: User, now: datetime | None = None) -> int:
    """Learn the verses of every card `user` owns a copy of (any printing, any condition); how many are new."""
    return verses_add_cards(user=user, cards=owned_verse_cards(user=user), now=now or timezone.now())


def verses_add_from_set(*, user: User, card_set: CardSet, now: datetime | None = None) -> int:
    """Learn the verses of a catalog set; how many are new."""
    cards = verse_cards().filter(card_set=card_set).order_by("id")
    return verses_add_cards(user=user, cards=cards, now=now or timezone.now())


def verse_forget(*, user: User, verse: LearnedVerse) -> None:
    """Stop learning a verse: it and its reviews are deleted."""
    if verse.user_id != user.pk:
        raise LearningError("No such verse.", kind=NOT_FOUND)
    verse.delete()


def goal_set(*, user: User, daily_reviews: int) -> LearningGoal:
    if not 1 <= daily_reviews <= MAX_DAILY_GOAL:
        raise LearningError(f"A daily goal is 1 to {MAX_DAILY_GOAL} reviews.", field="daily_reviews")
    goal, _ = LearningGoal.objects.update_or_create(user_id=user.pk, defaults={"daily_reviews": daily_reviews})
    return goal


def _checked(reviews: Sequence[ReviewInput], owned: dict[int, LearnedVerse], now: datetime) -> None:
    if len(reviews) > MAX_BATCH:
        raise LearningError(f"At most {MAX_BATCH} reviews a batch.", field="reviews")
    for i, item in enumerate(reviews):
        if item.verse not in owned:
            # A missing verse and another player's alike: ids do not leak.
            raise LearningError("No such verse among those you learn.", field=f"reviews[{i}].verse")
        if item.kind not in DRILL_KINDS:
            raise LearningError(f"Not a drill: {item.kind}.", field=f"reviews[{i}].kind")
        if item.reviewed is not None and item.reviewed > now + CLOCK_SKEW:
            raise LearningError("A review cannot be dated in the future.", field=f"reviews[{i}].reviewed")


def reviews_record(*, user: User, reviews: Sequence[ReviewInput], now: datetime | None = None) -> list[ReviewOutcome]:
    """Record a batch of `user`'s reviews, in order, each scheduled by the library; one already stored (the same
    uuid, from an earlier batch or earlier in this one) is answered as stored and changes nothing.

    A review dated before the verse's last one (two devices, offline) is scheduled as of that last review: the
    library takes a verse's reviews in order. Refuses the whole batch, changing nothing, when one review names a
    verse that is not `user`'s, a drill that does not exist, or a time in the future.
    """
    now = now or timezone.now()
    try:
        return _recorded(user, reviews, now)
    except IntegrityError:
        # A review of the batch stored by a concurrent request between our read and our write (the same uuid for
        # another verse: the verses' row locks did not order them): read again, it is a duplicate now.
        return _recorded(user, reviews, now)


def _recorded(user: User, reviews: Sequence[ReviewInput], now: datetime) -> list[ReviewOutcome]:
    with transaction.atomic():
        ids = {item.verse for item in reviews}
        owned = {v.pk: v for v in LearnedVerse.objects.select_for_update().filter(user_id=user.pk, pk__in=ids)}
        _checked(reviews, owned, now)
        stored = {r.uuid: r for r in Review.objects.filter(user_id=user.pk, uuid__in={i.uuid for i in reviews})}
        outcomes = []
        for item in reviews:
            if item.uuid in stored:
                outcomes.append(ReviewOutcome(stored[item.uuid], duplicate=True))
                continue
            review = _record(user, owned[item.verse], item, now)
            stored[item.uuid] = review
            outcomes.append(ReviewOutcome(review, duplicate=False))
    return outcomes


def _record(user: User, verse: LearnedVerse, item: ReviewInput, now: datetime) -> Review:
    when = min(item.reviewed or now, now)
    if verse.last_review is not None and when < verse.last_review:
        when = verse.last_review
    state_before = verse.state
    scheduling.apply(verse, scheduling.review(verse, item.grade, when))
    verse.reviews += 1
    verse.save(update_fields=["state", "step", "stability", "difficulty", "due", "last_review", "reviews"])
    return Review.objects.create(
        user_id=user.pk,
        verse=verse,
        uuid=item.uuid,
        grade=int(item.grade),
        kind=item.kind,
        score=item.score,
        reviewed=when,
        state_before=state_before,
        due_after=verse.due,
    )


def review_record(*, user: User, item: ReviewInput, now: datetime | None = None) -> ReviewOutcome:
    """One review (a drill answered on the page): `reviews_record` of a batch of one."""
    return reviews_record(user=user, reviews=[item], now=now)[0]


@dataclass(frozen=True)
class DrillResult:
    """A drill answered on the page: the grade it earned, the judgement that gave it (none when self-graded), and
    the review stored (or stored before, when the same answer was posted twice)."""

    grade: Grade
    quote: QuoteJudgement | None
    reference: ReferenceJudgement | None
    outcome: ReviewOutcome


def _judged(
    verse: LearnedVerse, kind: str, answer: str, blanks: tuple[int, ...], typed_blanks: Sequence[str]
) -> tuple[Grade, QuoteJudgement | None, ReferenceJudgement | None]:
    card = verse.card
    try:
        if kind == BLANKS:
            if not blanks_valid(card.scripture, blanks) or len(typed_blanks) != len(blanks):
                raise LearningError("The blanks do not match the verse; start the drill again.", field="blanks")
            quote = judge_blanks(card.scripture, blanks, list(typed_blanks))
            return grade_for_quote(quote), quote, None
        if kind == TAP_ORDER:
            quote = judge_tapped(card.scripture, answer)
            return grade_for_quote(quote), quote, None
        if kind == TO_REFERENCE:
            if not reference_readable(card.reference):
                raise LearningError("This verse's reference cannot be judged; choose another drill.", field="kind")
            reference = compare_reference(answer, card.reference)
            return grade_for_reference(reference), None, reference
        quote = compare_quote(answer, card.scripture)
        return grade_for_quote(quote), quote, None
    except QuoteTooLong as exc:
        raise LearningError(str(exc), field="answer") from None


def drill_answer(
    *,
    user: User,
    verse: LearnedVerse,
    kind: str,
    uuid: uuid_module.UUID,
    answer: str = "",
    blanks: tuple[int, ...] = (),
    typed_blanks: Sequence[str] = (),
    grade: Grade | None = None,
    now: datetime | None = None,
) -> DrillResult:
    """Judge a drill's answer with `rules.quoting` (the grade follows from the judgement) or take the player's own
    grade for a self-graded drill, and record the review (once per `uuid`)."""
    if verse.user_id != user.pk:
        raise LearningError("No such verse.", kind=NOT_FOUND)
    if kind not in DRILL_KINDS:
        raise LearningError(f"Not a drill: {kind}.", field="kind")
    quote: QuoteJudgement | None = None
    reference: ReferenceJudgement | None = None
    if kind == RECALL:
        if grade is None:
            raise LearningError("Choose Again, Hard, Good or Easy.", field="grade")
    else:
        grade, quote, reference = _judged(verse, kind, answer, blanks, typed_blanks)
    score = quote.score if quote is not None else (float(reference.matches) if reference is not None else None)
    item = ReviewInput(uuid=uuid, verse=verse.pk, grade=grade, kind=kind, score=score)
    outcome = review_record(user=user, item=item, now=now)
    return DrillResult(Grade(outcome.review.grade), quote, reference, outcome)
