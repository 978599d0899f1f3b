"""Learning the verses of the cards (docs/learning.md): each player's verses, their FSRS state, their reviews.

- `LearnedVerse`: one verse a player learns, with the card it was chosen from (whose scripture and reference are
  drilled) and the FSRS card state the `fsrs` library reads and writes (state, step, stability, difficulty, due,
  last review). One per player and verse (`verse_key`: two printings of a verse are one verse).
- `Review`: one answer, kept as given: its grade, its drill, when, and the client's uuid, unique per player, so a
  review sent twice (an offline batch sent again) is stored once.
- `LearningGoal`: the reviews a day the player means to make. Nothing else: no streak is counted.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.core.validators import MinValueValidator
from django.db import models

from cardcollections.models import Card
from rules.learning import DRILL_KINDS

DEFAULT_DAILY_GOAL = 20
MAX_DAILY_GOAL = 500


class FsrsState(models.IntegerChoices):
    """The library's `fsrs.State`, numbered as it numbers them."""

    LEARNING = 1, "Learning"
    REVIEW = 2, "Review"
    RELEARNING = 3, "Relearning"


class LearnedVerse(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="learned_verses")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    verse_key = models.CharField(max_length=40)
    added = models.DateTimeField()
    # The FSRS card (fsrs.Card's fields but its id): written only by learning.services through the library.
    state = models.PositiveSmallIntegerField(choices=FsrsState.choices, default=FsrsState.LEARNING)
    step = models.PositiveSmallIntegerField(null=True, blank=True, default=0)
    stability = models.FloatField(null=True, blank=True)
    difficulty = models.FloatField(null=True, blank=True)
    due = models.DateTimeField()
    last_review = models.DateTimeField(null=True, blank=True)
    reviews = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["due", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "verse_key"], name="learned_verse_once")]
        indexes = [models.Index(fields=["user", "due"], name="learned_verse_user_due")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.card_id}"


class Review(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verse_reviews")
    verse = models.ForeignKey(LearnedVerse, on_delete=models.CASCADE, related_name="review_log")
    uuid = models.UUIDField()
    grade = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(4)])
    kind = models.CharField(max_length=20, choices=list(DRILL_KINDS.items()))
    # The judgement's score (0 to 1) for a typed drill; none for a self-graded one or a grade sent by a client.
    score = models.FloatField(null=True, blank=True)
    reviewed = models.DateTimeField()
    # The verse's FSRS state before this review (retention counts the reviews of verses in review) and its due after.
    state_before = models.PositiveSmallIntegerField(choices=FsrsState.choices)
    due_after = models.DateTimeField()
    received = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-reviewed", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "uuid"], name="review_uuid_once")]
        indexes = [models.Index(fields=["user", "reviewed"], name="review_user_reviewed")]

    def __str__(self) -> str:
        return f"{self.uuid} grade {self.grade}"


class LearningGoal(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="learning_goal")
    daily_reviews = models.PositiveSmallIntegerField(
        default=DEFAULT_DAILY_GOAL, validators=[MinValueValidator(1), MaxValueValidator(MAX_DAILY_GOAL)]
    )

    def __str__(self) -> str:
        return f"{self.user_id}: {self.daily_reviews} a day"


# Classes keep their models in their own folder; Django finds them here (learning/classes/models.py).
from learning.classes.models import ClassMember  # noqa: E402
from learning.classes.models import ClassVerse  # noqa: E402
from learning.classes.models import LearningClass  # noqa: E402
from learning.mastery.models import MasterySharing  # noqa: E402
from learning.mastery.models import Signature  # noqa: E402

__all__ = [
    "ClassMember",
    "ClassVerse",
    "FsrsState",
    "LearnedVerse",
    "LearningClass",
    "LearningGoal",
    "MasterySharing",
    "Review",
    "Signature",
]
