"""Classes (docs/learning.md, "Classes"): a teacher's list of verses and the students who learn them.

- `LearningClass`: its teacher, a name, the join code students type (unique, in letters that cannot be misread),
  whether guests may join with a first name only, and when it was closed (a closed class takes no one).
- `ClassVerse`: one verse of the class, by the card that prints it and its `verse_key` (as `LearnedVerse`).
- `ClassMember`: a student of the class. A guest is an account made for them when they joined (a first name, no
  email, no password: their browser's session is their only key), deleted with everything of theirs when the class
  is closed or they are removed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from cardcollections.models import Card

MAX_CLASS_NAME = 80
MAX_GUEST_NAME = 30
MAX_MEMBERS = 100  # a classroom, a youth group: bounded, as anonymous visitors make guests
MAX_CLASS_VERSES = 500
MAX_CLASSES_PER_TEACHER = 50


class LearningClass(models.Model):
    teacher = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="learning_classes")
    name = models.CharField(max_length=MAX_CLASS_NAME)
    join_code = models.CharField(max_length=12, unique=True)
    allow_guests = models.BooleanField(default=True)
    created = models.DateTimeField()
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.name


class ClassVerse(models.Model):
    klass = models.ForeignKey(LearningClass, on_delete=models.CASCADE, related_name="verses")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    verse_key = models.CharField(max_length=40)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["klass", "verse_key"], name="class_verse_once")]

    def __str__(self) -> str:
        return f"{self.klass_id}: card {self.card_id}"


class ClassMember(models.Model):
    klass = models.ForeignKey(LearningClass, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_memberships")
    guest = models.BooleanField(default=False)
    display_name = models.CharField(max_length=150)
    joined = models.DateTimeField()

    class Meta:
        ordering = ["display_name", "id"]
        constraints = [models.UniqueConstraint(fields=["klass", "user"], name="class_member_once")]

    def __str__(self) -> str:
        return self.display_name
