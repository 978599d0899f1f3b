"""Scheduling through the FSRS library (`fsrs`): a stored verse becomes the library's card, is reviewed by the
library's scheduler, and its new state is written back. No interval is computed here.

The scheduler is the library's, with its default parameters and desired retention (0.9), and fuzzing off: the
library's fuzz draws from the process's global random generator, so the same answer would give a different day
each time; without it the next due date is a function of the verse's state, the grade and the time alone, which
the tests check against the library's own answer.
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

from fsrs import Card as FsrsCard
from fsrs import Rating
from fsrs import Scheduler
from fsrs import State

from learning.models import LearnedVerse
from rules.learning import Grade

SCHEDULER = Scheduler(enable_fuzzing=False)
# How far ahead a verse's recall is measured for its blanks (rules.learning.blank_count): the library's forgetting
# curve is flat, so a year ahead separates a verse learned this week (about 0.46) from one known for months (0.8
# and more), where the chance of recall today is about 0.9 for both when each is reviewed on its due day.
RECALL_AHEAD = timedelta(days=365)


def as_utc(moment: datetime) -> datetime:
    """The library takes UTC times only (tzinfo `datetime.UTC` itself); the database may give another zone object."""
    return moment.astimezone(UTC)


def fsrs_card(verse: LearnedVerse) -> FsrsCard:
    """The verse's state as the library's card."""
    return FsrsCard(
        card_id=verse.pk or 0,
        state=State(verse.state),
        step=verse.step,
        stability=verse.stability,
        difficulty=verse.difficulty,
        due=as_utc(verse.due),
        last_review=as_utc(verse.last_review) if verse.last_review else None,
    )


def review(verse: LearnedVerse, grade: Grade, when: datetime) -> FsrsCard:
    """The library's card after reviewing `verse` with `grade` at `when`; the verse itself is written by the caller."""
    card, _ = SCHEDULER.review_card(fsrs_card(verse), Rating(int(grade)), review_datetime=as_utc(when))
    return card


def apply(verse: LearnedVerse, card: FsrsCard) -> None:
    """Write the library's card back onto the verse's fields (not saved)."""
    verse.state = int(card.state)
    verse.step = card.step
    verse.stability = card.stability
    verse.difficulty = card.difficulty
    verse.due = card.due
    verse.last_review = card.last_review


def recall_at(verse: LearnedVerse, when: datetime) -> float:
    """The library's predicted chance (0 to 1) that the player recalls the verse at `when` (its retrievability);
    0 for a verse never reviewed."""
    return float(SCHEDULER.get_card_retrievability(fsrs_card(verse), as_utc(when)))


def recall_ahead(verse: LearnedVerse, now: datetime) -> float:
    """The verse's recall RECALL_AHEAD after `now`: grows with its stability and falls while it is neglected."""
    return recall_at(verse, now + RECALL_AHEAD)
